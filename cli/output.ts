// One place that decides how results and errors are printed: text for people, JSON (--json) for scripts.
// Results go to stdout; warnings and errors to stderr, so `--json` output stays parseable.

let jsonMode = false;

export function setJsonMode(on: boolean): void {
  jsonMode = on;
}

export function isJsonMode(): boolean {
  return jsonMode;
}

/** Prints a command's result: `data` as JSON with --json, otherwise the text lines. */
export function result(data: unknown, lines: string[] | (() => string[])): void {
  if (jsonMode) console.log(JSON.stringify(data, null, 2));
  else for (const line of typeof lines === "function" ? lines() : lines) console.log(line);
}

export function warn(message: string): void {
  console.error(jsonMode ? JSON.stringify({ warning: message }) : `Warning: ${message}`);
}

export function error(message: string): void {
  console.error(jsonMode ? JSON.stringify({ error: message }) : `Error: ${message}`);
}
