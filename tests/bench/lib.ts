// Shared benchmark helpers: statistics, free ports, spawning the server, waiting for the first 200,
// the build check and the result table. Benchmarks report figures; they never fail the build.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { precompressDir } from "../../lib/web/precompress.ts";

// ---------------------------------------------------------------- statistics

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest sample with at least p% of samples at or below it. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

/** A person typing into a cell and tabbing on: one change about a second apart (0.5-1.5 s), as a wait. */
export function typingPace(): Promise<void> {
  return new Promise((ok) => setTimeout(ok, 500 + Math.random() * 1000));
}

export function min(xs: readonly number[]): number {
  return xs.length ? Math.min(...xs) : NaN;
}

export function max(xs: readonly number[]): number {
  return xs.length ? Math.max(...xs) : NaN;
}

export function gzipSize(bytes: Uint8Array | string): number {
  return gzipSync(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes).byteLength;
}

/** A Server-Timing header (`name;dur=1.23, ...`, SERVER_TIMING=1 on the server) as name -> ms. */
export function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const m = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** Collects Server-Timing phases of many responses; prints p50/p95 per phase. */
export class Phases {
  readonly samples = new Map<string, number[]>();
  count = 0;
  add(header: string | null): void {
    const t = parseServerTiming(header);
    if (!Object.keys(t).length) return;
    this.count++;
    for (const [k, v] of Object.entries(t)) {
      if (!this.samples.has(k)) this.samples.set(k, []);
      this.samples.get(k)!.push(v);
    }
  }
  /** One line per phase: p50, p95 and in how many of the responses it ran. */
  lines(): string[] {
    return [...this.samples].map(([k, xs]) =>
      `    ${k.padEnd(10)} p50 ${ms(percentile(xs, 50)).padStart(8)}  p95 ${
        ms(percentile(xs, 95)).padStart(8)
      }` +
      `  (${xs.length}/${this.count})`
    );
  }
}

// ---------------------------------------------------------------- formatting

export const ms = (
  x: number,
) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) + " ms" : "n/a");
export const secs = (x: number) => (Number.isFinite(x) ? (x / 1000).toFixed(2) + " s" : "n/a");
export const kb = (bytes: number) => (bytes / 1024).toFixed(1) + " KB";
export const ratio = (
  a: number,
  b: number,
) => (Number.isFinite(a) && b > 0 ? (a / b).toFixed(1) + "x" : "n/a");

export function log(line = ""): void {
  console.log(line);
}

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    "| " + cells.map((c, i) => (c ?? "").padEnd(widths[i])).join(" | ") + " |";
  return [line(headers), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...rows.map(line)].join(
    "\n",
  );
}

/** One line of the final report. `pass` is null when the figure has no goal or could not be measured. */
export interface Figure {
  suite: string;
  figure: string;
  value: string;
  baseline?: string;
  ratio?: string;
  goal?: string;
  pass: boolean | null;
  note?: string;
}

export const verdict = (f: Figure) => (f.pass === null ? (f.goal ? "SKIP" : "-") : f.pass ? "PASS" : "FAIL");

/** The 1-minute load average and the CPU count: other work on the machine skews absolute figures (ratios less so). */
export function machineLoad(): string {
  let load = "?";
  try {
    load = Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
  } catch { /* not Linux */ }
  const cpus = navigator.hardwareConcurrency;
  const busy = Number(load) > cpus
    ? " — BUSY: other processes compete for the CPUs, absolute figures are inflated"
    : "";
  return `load average ${load} on ${cpus} CPUs${busy}`;
}

// ---------------------------------------------------------------- processes and ports

export const ROOT = Deno.cwd();

export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export const sleep = (n: number) => new Promise<void>((ok) => setTimeout(ok, n));

/** Collects a child's output without letting its pipe fill up. */
async function drain(stream: ReadableStream<Uint8Array>, into: { text: string }): Promise<void> {
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream) {
      into.text = (into.text + decoder.decode(chunk, { stream: true })).slice(-20_000);
    }
  } catch { /* the child went away */ }
}

export interface Spawned {
  child: Deno.ChildProcess;
  /** performance.now() just before the spawn. */
  startedAt: number;
  url: string;
  output: { text: string };
  stop(): Promise<void>;
}

/** `deno run -A <script>` with the given environment on a free port (PORT, HOST are set). */
export function spawnDeno(script: string, env: Record<string, string> = {}, port = freePort()): Spawned {
  const output = { text: "" };
  const startedAt = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    cwd: ROOT,
    env: { HOST: "127.0.0.1", PORT: String(port), ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const drained = Promise.all([drain(child.stdout, output), drain(child.stderr, output)]);
  let stopped: Promise<void> | undefined;
  return {
    child,
    startedAt,
    url: `http://127.0.0.1:${port}`,
    output,
    stop: () =>
      stopped ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* already exited */ }
        const killer = setTimeout(() => {
          try {
            child.kill("SIGKILL");
          } catch { /* gone */ }
        }, 15_000);
        await child.status;
        clearTimeout(killer);
        await drained;
      })(),
  };
}

/** Polls GET url until it answers 200; returns performance.now() at that moment. */
export async function waitFor200(
  url: string,
  opts: { timeoutMs?: number; intervalMs?: number; child?: Deno.ChildProcess; output?: { text: string } } =
    {},
): Promise<number> {
  const deadline = performance.now() + (opts.timeoutMs ?? 60_000);
  let exited = false;
  opts.child?.status.then(() => (exited = true));
  let last = "";
  while (performance.now() < deadline) {
    if (exited) throw new Error(`the process exited before answering ${url}:\n${opts.output?.text ?? ""}`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      if (res.status === 200) return performance.now();
      last = `status ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(opts.intervalMs ?? 10);
  }
  throw new Error(`no 200 from ${url} within the timeout (last: ${last})\n${opts.output?.text ?? ""}`);
}

// ---------------------------------------------------------------- the build

/** The build measured: dist/, or DIST_DIR as lib/web/server.ts and astro.config.ts read it (children inherit it). */
export const DIST = join(ROOT, Deno.env.get("DIST_DIR") || "dist");

export function isBuilt(): boolean {
  return existsSync(join(DIST, "server/entry.mjs")) && existsSync(join(DIST, "client/_astro"));
}

/** Builds dist/ when it is missing (the benchmarks measure the production build). */
export async function ensureBuilt(): Promise<void> {
  if (isBuilt()) return;
  log(`${DIST} is missing: building (astro build) ...`);
  const t = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "node_modules/astro/bin/astro.mjs", "build", "--silent"],
    cwd: ROOT,
    env: { ASTRO_DISABLE_UPDATE_CHECK: "true", ASTRO_TELEMETRY_DISABLED: "1" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!out.success || !isBuilt()) throw new Error("astro build failed");
  precompressDir(join(DIST, "client"));
  log(`built in ${secs(performance.now() - t)}`);
}
