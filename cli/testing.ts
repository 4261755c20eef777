// For the CLI's tests: runs `dsp` as its own process, exactly as cron or a terminal would.
import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname!, "..");
const MAIN = join(ROOT, "cli/main.ts");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function dsp(
  args: string[],
  opts: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd: ROOT,
    // No PostgreSQL from the surrounding environment: these tests own their embedded databases.
    env: {
      NO_COLOR: "1",
      DATABASE_URL: "",
      DSP_CREDENTIALS: "/nonexistent/dsp-credentials.json",
      ...opts.env,
    },
    stdin: opts.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (opts.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(opts.stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * `dsp login` to a running server as a demo account, its tokens kept at `credentials`; returns the
 * environment later `dsp` runs need (DSP_CREDENTIALS). A failed login throws with the CLI's output.
 */
export async function dspLogin(
  server: string,
  email: string,
  credentials: string,
  password = "demo1234",
): Promise<Record<string, string>> {
  const env = { DSP_CREDENTIALS: credentials, DSP_PW: password };
  const r = await dsp(["login", "--server", server, "--email", email, "--password-env", "DSP_PW"], { env });
  if (r.code !== 0) throw new Error(`dsp login as ${email} failed: ${show(r)}`);
  return { DSP_CREDENTIALS: credentials };
}

/** A copy of a closed data directory: initialising a new PGlite on disk costs many seconds. */
export function copyDataDir(from: string, to: string): string {
  if (existsSync(join(from, "dsp.lock"))) throw new Error(`${from} is still open`);
  cpSync(from, to, { recursive: true });
  return to;
}

export const show = (r: CliRun) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
