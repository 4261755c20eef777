// Parsing uploads off the request thread (issue 9 point 3): a small pool of child `deno` processes, each
// reading one file at a time within a time and a memory budget. A worker that blows a budget is killed and
// a fresh one started; the caller gets a refusal saying which budget. A child process rather than a Web
// Worker: its heap is capped by V8 itself (--max-old-space-size) and its whole memory (pdf.js and the zip
// inflaters allocate outside the V8 heap) can be watched and ended by the operating system.
//
// The server runs the Vite bundle, so the worker is started from its SOURCE file, found from the working
// directory (the server always runs from the repository root). The pool lives on globalThis: the server
// (source) installs it, the bundled parsers (offthread.ts) use it.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import process from "node:process";
import { decodeJson, encodeJson, FrameDecoder, framePieces, fromUtf8, type Reply, utf8 } from "./protocol.ts";

export interface PoolOptions {
  /** Worker processes (1-2 on a small machine). */
  workers: number;
  /** How long one file may take to read. */
  timeBudgetMs: number;
  /** How much memory one worker may use to read a file. */
  memoryBudgetMb: number;
  /** Start the workers now (the server) rather than with the first file (tests that may never upload). */
  warm?: boolean;
}

/** What the pool answers besides a worker's own reply: a budget blown or no worker to be had. */
export type PoolReply =
  | Reply
  | { ok: false; budget: "time" | "memory"; limit: number }
  | { ok: false; unavailable: string };

interface Task {
  job: string;
  payload: unknown;
  bytes: Uint8Array;
  done: (reply: PoolReply) => void;
}

/** The runtime's own baseline (code, pdf.js, ExcelJS) on top of which the memory budget is counted. */
const BASELINE_RSS_MB = 160;
const WATCH_EVERY_MS = 50;

// Deno's own child process, typed locally (astro check type-checks this file without Deno's types): its
// pipes are native, where node:child_process's stdin.write blocks the event loop for ~0.8 s per 20 MB.
interface DenoChild {
  pid: number;
  stdin: WritableStream<Uint8Array>;
  stdout: ReadableStream<Uint8Array>;
  status: Promise<unknown>;
  kill(signal?: string): void;
  ref(): void;
  unref(): void;
}
interface DenoRuntime {
  execPath(): string;
  Command: new (command: string, options: {
    args: string[];
    cwd: string;
    stdin: "piped";
    stdout: "piped";
    stderr: "inherit";
  }) => { spawn(): DenoChild };
}
const deno = () => (globalThis as unknown as { Deno: DenoRuntime }).Deno;

export const workerEntry = () => resolve(process.cwd(), "lib/parse-pool/worker.ts");

class Worker {
  readonly child: DenoChild;
  readonly ready: Promise<boolean>;
  task: Task | null = null;
  #stdin: WritableStreamDefaultWriter<Uint8Array>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #watch: ReturnType<typeof setInterval> | undefined;
  #dead = false;

  constructor(
    private opts: PoolOptions,
    private onGone: (w: Worker, started: boolean) => void,
    private onIdle: () => void,
  ) {
    this.child = new (deno().Command)(deno().execPath(), {
      args: [
        "run",
        "--quiet",
        "--allow-read",
        "--allow-env",
        "--allow-sys",
        `--v8-flags=--max-old-space-size=${opts.memoryBudgetMb}`,
        workerEntry(),
      ],
      cwd: process.cwd(),
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#stdin = this.child.stdin.getWriter();
    let readyOk!: (ok: boolean) => void;
    let started = false;
    this.ready = new Promise((ok) => readyOk = ok);
    this.ready.then((ok) => started = ok);
    this.#read((msg) => "ready" in msg ? readyOk(true) : this.#finish(msg));
    this.child.status.then(() => {
      this.#dead = true;
      readyOk(false);
      this.#finish({ ok: false, budget: "memory", limit: this.opts.memoryBudgetMb });
      this.#leave(started);
    });
    // An idle warm worker must not keep a finished process (a test, the CLI) alive; a starting or busy one
    // must, or nothing would wait for its answer.
    this.ready.then(() => this.#dead || this.task || this.child.unref());
  }

  async #read(on: (msg: Reply | { ready: true }) => void): Promise<void> {
    const decoder = new FrameDecoder();
    try {
      for await (const chunk of this.child.stdout) {
        for (const [head] of decoder.push(chunk)) {
          on(decodeJson(fromUtf8.decode(head)) as Reply | { ready: true });
        }
      }
    } catch { /* the process is gone: its status answers */ }
  }

  get alive(): boolean {
    return !this.#dead;
  }

  start(task: Task): void {
    this.task = task;
    this.child.ref();
    const header = utf8.encode(encodeJson({ job: task.job, payload: task.payload }));
    // The file goes as it is (a 20 MB copy would hold the event loop); the writes queue in order.
    for (const piece of framePieces([header, task.bytes])) {
      this.#stdin.write(piece).catch(() => {/* the status handler answers */});
    }
    this.#timer = setTimeout(
      () => this.#kill({ ok: false, budget: "time", limit: this.opts.timeBudgetMs }),
      this.opts.timeBudgetMs,
    );
    const limitMb = this.opts.memoryBudgetMb + BASELINE_RSS_MB;
    this.#watch = setInterval(() => {
      const rss = rssMb(this.child.pid);
      if (rss !== null && rss > limitMb) {
        this.#kill({ ok: false, budget: "memory", limit: this.opts.memoryBudgetMb });
      }
    }, WATCH_EVERY_MS);
  }

  /** Answers the task with `reply`, ends the process and has the pool start a replacement at once. */
  #kill(reply: PoolReply): void {
    this.#dead = true;
    this.#stop();
    this.#finish(reply);
    this.#leave(true);
  }

  #left = false;
  #leave(started: boolean): void {
    if (this.#left) return;
    this.#left = true;
    this.onGone(this, started);
  }

  #finish(reply: PoolReply): void {
    clearTimeout(this.#timer);
    clearInterval(this.#watch);
    const task = this.task;
    this.task = null;
    if (task && !this.#dead) this.child.unref();
    task?.done(reply);
    if (task && !this.#dead) this.onIdle();
  }

  stop(): void {
    this.#left = true;
    this.#stop();
  }

  #stop(): void {
    this.#dead = true;
    try {
      this.child.kill("SIGKILL");
    } catch { /* already gone */ }
    this.#stdin.close().catch(() => {});
  }
}

/** The resident memory of a process in MB from /proc (Linux); null where there is no /proc. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export class ParsePool {
  #workers: Worker[] = [];
  #queue: Task[] = [];
  #closed = false;
  /** Workers started, replacements included: the tests see a blown worker replaced. */
  started = 0;
  /** Files handed to the pool: the tests see a parse go through it. */
  jobs = 0;

  constructor(readonly opts: PoolOptions) {
    if (!existsSync(workerEntry())) throw new Error(`The parse worker ${workerEntry()} is missing.`);
    if (opts.warm ?? true) this.#fill();
  }

  #fill(): void {
    while (this.#workers.length < Math.max(1, this.opts.workers)) this.#spawn();
  }

  #spawn(): void {
    if (this.#closed) return;
    this.started++;
    const w = new Worker(this.opts, (gone, wasReady) => {
      this.#workers = this.#workers.filter((x) => x !== gone);
      // A blown worker is replaced at once (kept warm); one that could not even start is retried only
      // when the next file comes, so a broken installation does not spin.
      if (wasReady) this.#spawn();
    }, () => this.#pump());
    this.#workers.push(w);
    w.ready.then((ok) => ok ? this.#pump() : this.#failQueue("the parse worker did not start"));
  }

  /** Reads one file in a worker; the reply is data, never a throw (the caller words the refusal). */
  run(job: string, payload: unknown, bytes: Uint8Array): Promise<PoolReply> {
    if (this.#closed) return Promise.resolve({ ok: false, unavailable: "the parse pool is closed" });
    this.jobs++;
    if (!this.#workers.length) this.#fill();
    return new Promise((done) => {
      this.#queue.push({ job, payload, bytes, done });
      this.#pump();
    });
  }

  /** Idle workers whose start-up finished: the pool's warm capacity. */
  async whenReady(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.ready));
  }

  #pump(): void {
    for (const w of this.#workers) {
      if (!this.#queue.length) return;
      if (w.alive && !w.task) {
        w.ready.then((ok) => {
          if (!ok || w.task || !this.#queue.length) return;
          w.start(this.#queue.shift()!);
        });
      }
    }
  }

  #failQueue(why: string): void {
    for (const t of this.#queue.splice(0)) t.done({ ok: false, unavailable: why });
  }

  close(): void {
    this.#closed = true;
    this.#failQueue("the parse pool is closed");
    for (const w of this.#workers) w.stop();
    this.#workers = [];
  }
}

const KEY = Symbol.for("dsp.parse-pool");
type Installed = { pool: ParsePool; users: number };
const slot = globalThis as unknown as Record<typeof KEY, Installed | undefined>;

/** The installed pool, if the server installed one (parsers without it read in-process: tests, the CLI). */
export const installedPool = (): ParsePool | null => slot[KEY]?.pool ?? null;

/** Starts the process's pool (once; counted, so two servers in one process share it). PARSE_WORKERS=0: none. */
export function installParsePool(opts: PoolOptions): void {
  if (opts.workers < 1) return;
  const had = slot[KEY];
  if (had) {
    had.users++;
    return;
  }
  slot[KEY] = { pool: new ParsePool(opts), users: 1 };
}

/** Stops the pool when its last user (server) closes. */
export function releaseParsePool(): void {
  const had = slot[KEY];
  if (!had || --had.users > 0) return;
  had.pool.close();
  slot[KEY] = undefined;
}
