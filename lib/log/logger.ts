// Structured logs: one JSON object per line, stdout below warn and stderr from warn up, filtered by
// LOG_LEVEL. A line written while a request is served carries its request id.
import { config, type LogLevel } from "../config.ts";
import { currentRequest } from "./request-context.ts";

export type LogFields = Record<string, unknown>;
/** Where lines go: the console by default, a collector in tests. */
export type LogSink = (line: string, level: LogLevel) => void;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const toConsole: LogSink = (line, level) => {
  if (RANK[level] >= RANK.warn) console.error(line);
  else console.log(line);
};

// One sink per process, shared by the server's entry and the Astro bundle's copy of this module.
const KEY = Symbol.for("dsp.log");
interface LogState {
  sink: LogSink;
  /** Overrides LOG_LEVEL while a test's sink is installed. */
  level?: LogLevel;
}
const state: LogState = ((globalThis as Record<symbol, LogState>)[KEY] ??= { sink: toConsole });

/** Sends lines to `sink` (at `level`, else LOG_LEVEL) until the returned function restores the previous one. */
export function setLogSink(sink: LogSink, opts: { level?: LogLevel } = {}): () => void {
  const previous = { ...state };
  state.sink = sink;
  state.level = opts.level;
  return () => Object.assign(state, previous);
}

/** Errors become their name, message and stack (JSON.stringify would drop all three). */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: value.message,
      ...(code === undefined ? {} : { code }),
      stack: value.stack,
    };
  }
  return typeof value === "bigint" ? String(value) : value;
}

export function writeLog(level: LogLevel, msg: string, fields: LogFields = {}): void {
  if (RANK[level] < RANK[state.level ?? config.logLevel]) return;
  const requestId = currentRequest()?.id;
  const entry = {
    time: new Date().toISOString(),
    level,
    msg,
    ...(requestId ? { request_id: requestId } : {}),
    ...fields,
  };
  let line: string;
  try {
    line = JSON.stringify(entry, replacer);
  } catch {
    // A field that cannot be serialised (a cycle) must not lose the line.
    line = JSON.stringify({
      time: entry.time,
      level,
      msg,
      request_id: requestId,
      unserialisable_fields: true,
    });
  }
  state.sink(line, level);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => writeLog("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => writeLog("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => writeLog("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => writeLog("error", msg, fields),
};
