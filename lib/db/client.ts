import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { resolve } from "node:path";
import net from "node:net";
import { hostname } from "node:os";
import process from "node:process";
import { readFile } from "node:fs/promises";
import * as schema from "./schema.ts";
import { lockDataDir } from "./lock.ts";
import { isDatabaseUnavailable } from "./errors.ts";
import { config } from "../config.ts";

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite, for snapshots in tests; absent on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL: the pool's size and the application_name its connections carry (lib/ops/figures.ts). */
  poolMax?: number;
  applicationName?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  /** A PGlite snapshot (dumpDataDir) to start from instead of a directory: tests. */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR || resolve(process.cwd(), "lib/db/migrations");
}

// PGlite's start (issue 15, point 4). Most of the ~3 s an existing directory took to open was PostgreSQL
// setting up its 128 MB buffer pool inside WebAssembly memory (growing and zeroing it), not recovery and
// not compiling: 32 MB opens in about a third of the time and still holds a station's working set (the
// data files stay in the OS page cache besides). The compiled module is kept for the process, so a second
// database opened in it (tests, the CLI's snapshots) skips the ~0.4 s compile.
const MODULE_KEY = Symbol.for("dsp.pglite-module");

function pgliteModule(): Promise<WebAssembly.Module> {
  const g = globalThis as Record<symbol, Promise<WebAssembly.Module> | undefined>;
  return g[MODULE_KEY] ??= (async () => {
    const url = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
    return await WebAssembly.compile(await readFile(url));
  })();
}

async function pgliteOptions() {
  let pgliteWasmModule: WebAssembly.Module | undefined;
  try {
    pgliteWasmModule = await pgliteModule();
  } catch {
    // A bundle that cannot see node_modules: PGlite compiles its own copy.
  }
  return {
    pgliteWasmModule,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${config.pgliteSharedBuffers}`],
  };
}

/**
 * PostgreSQL inside PGlite runs without its background checkpointer, so the write-ahead log since the last
 * start (or checkpoint) is what an unclean stop has to replay. A checkpoint every few minutes, when
 * something was written, keeps that short; a clean stop (close) checkpoints anyway.
 */
export function checkpointPeriodically(handle: DbHandle, everyMs = 5 * 60_000): () => void {
  if (!handle.pglite) return () => {};
  const pg = handle.pglite;
  let lastLsn = "";
  const timer = setInterval(async () => {
    try {
      const { rows } = await pg.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
      if (rows[0]?.lsn === lastLsn) return;
      await pg.query("checkpoint");
      lastLsn =
        (await pg.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn")).rows[0].lsn;
    } catch { /* closing */ }
  }, everyMs);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}

/**
 * How long a pooled connection that lost its server waits before its next connect, by the count of failed
 * connects since the last good one (postgres.js's `backoff`, in seconds). The driver's default grows as
 * 3^n / 100 up to 20 s and its count is shared by the whole pool, so a few seconds of outage under load put
 * every connection 10-20 s away from its next try: requests made meanwhile (and the first ones after
 * PostgreSQL is back) waited that long for a connection instead of getting a prompt 503, and the pool
 * came back only after it (tests/http/database-outage.test.ts). A query tries to connect once and fails on
 * a refusal, so a short delay adds no storm of connects: one per request at most.
 */
export const reconnectDelaySeconds = (failures: number): number => Math.min(0.01 * 2 ** failures, 0.5);

const GUARD_KEY = Symbol.for("dsp.postgres-type-fetch-guard");

/**
 * postgres.js (3.4.9) reads the server's array types on each new connection, from a promise it does not
 * await. When PostgreSQL ends that connection during the read (a fast stop or restart under load, while
 * the pool grows) and then refuses the reconnect, that promise rejects with nobody to catch it, and Deno
 * ends the process on an unhandled rejection: the whole app server would stop with its database. The same
 * error has already failed the query that was waiting for the connection (a 503 at the edge), so this
 * rejection, and only this one (the driver's type read, a database that does not answer), is marked
 * handled. Seen in tests/http/database-outage.test.ts; upstream issue porsager/postgres#1223.
 */
function guardTypeFetchRejections(): void {
  const g = globalThis as Record<symbol, boolean | undefined>;
  if (g[GUARD_KEY] || typeof globalThis.addEventListener !== "function") return;
  g[GUARD_KEY] = true;
  globalThis.addEventListener("unhandledrejection", (e: PromiseRejectionEvent) => {
    if (isDriverTypeFetchFailure(e.reason)) e.preventDefault();
  });
}

/** The driver's own array-type read failed because the database went away (see guardTypeFetchRejections). */
export function isDriverTypeFetchFailure(reason: unknown): boolean {
  const query = (reason as { query?: unknown } | null)?.query;
  return typeof query === "string" && /\btyparray\b/.test(query) && /pg_catalog\.pg_type/.test(query) &&
    isDatabaseUnavailable(reason);
}

/** The parts of postgres.js's parsed options a socket needs. */
interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/**
 * The pool's sockets (postgres.js's `socket` option), which make a refusal at start-up fail the waiting
 * query. postgres.js (3.4.9) keeps a connection's last query as its current one when the socket fails under
 * it; on the next connect, an ErrorResponse before authentication (57P03 "the database system is starting
 * up" during crash recovery or "shutting down", 53300 too many connections) is then filed as that old
 * query's error, and the query waiting for the connection is retried quietly until the server accepts:
 * a request would wait for the whole recovery instead of a prompt 503. Here the first message of a
 * connection, when it is an error, also ends the socket with that error, which the driver does pass to the
 * waiting query. Only the first message is looked at; everything else is the driver's own socket handling.
 */
export function refusalAwareSocket(o: SocketTarget): net.Socket {
  const s = o.path ? net.connect(o.path) : net.connect(o.port[0], o.host[0]);
  // The driver's connection errors name the socket's host and port.
  Object.assign(s, { host: o.host[0], port: o.port[0] });
  let first = true;
  s.on("data", (chunk: Uint8Array) => {
    if (!first) return;
    first = false;
    if (chunk[0] === 0x45) s.destroy(startupRefusal(chunk)); // 'E': ErrorResponse
  });
  return s;
}

/** The error of an ErrorResponse (type byte, length, then one-letter fields: C the SQLSTATE, M the words). */
export function startupRefusal(message: Uint8Array): Error {
  const fields: Record<string, string> = {};
  for (const f of new TextDecoder().decode(message.subarray(5)).split("\0")) if (f) fields[f[0]] = f.slice(1);
  return Object.assign(new Error(fields.M ?? "the server refused the connection"), {
    code: fields.C ?? "08004",
    severity: fields.S ?? "FATAL",
  });
}

export async function openDatabase(opts: OpenOptions = {}): Promise<DbHandle> {
  const url = opts.url ?? (opts.dataDir || opts.loadDataDir ? undefined : config.databaseUrl);
  let handle: DbHandle;
  if (url) {
    guardTypeFetchRejections();
    const poolMax = Number(process.env.DB_POOL || 20);
    // Host and pid name this process's connections in pg_stat_activity (the pool-use metric, and people).
    const applicationName = `dsp ${hostname()} ${process.pid}`.slice(0, 63);
    const client = postgres(url, {
      max: poolMax,
      onnotice: () => {},
      // A server that does not accept within 5 s counts as down (503 at the edge), rather than 30 s of wait.
      connect_timeout: 5,
      backoff: reconnectDelaySeconds,
      connection: { application_name: applicationName },
      // One host (a list of hosts is left to the driver's own sockets, which rotate through it).
      ...(url.replace(/^[a-z]+:\/\//i, "").split("/")[0].includes(",") ? {} : { socket: refusalAwareSocket }),
    } as postgres.Options<Record<string, never>>);
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    handle = { db, kind: "postgres", close: () => client.end({ timeout: 5 }), poolMax, applicationName };
    if (opts.migrate !== false) {
      // Two servers starting at once must not both migrate: a session lock on a one-connection client
      // (drizzle cannot wrap a postgres.js transaction object, it lacks the client's options).
      const one = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await one`select pg_advisory_lock(727274)`;
        await migratePostgres(drizzlePostgres(one), { migrationsFolder: migrationsFolder() });
      } finally {
        await one.end({ timeout: 5 });
      }
    }
  } else if (opts.loadDataDir) {
    const pg = new PGlite({ loadDataDir: opts.loadDataDir, ...await pgliteOptions() });
    await pg.waitReady;
    handle = { db: drizzlePglite(pg, { schema }), kind: "pglite", pglite: pg, close: () => pg.close() };
    if (opts.migrate !== false) await migratePglite(handle.db, { migrationsFolder: migrationsFolder() });
  } else {
    const dir = opts.dataDir ?? config.dataDir;
    const release = dir.startsWith("memory://") ? () => {} : lockDataDir(dir);
    try {
      const pg = new PGlite(dir, await pgliteOptions());
      await pg.waitReady;
      const db = drizzlePglite(pg, { schema });
      handle = {
        db,
        kind: "pglite",
        pglite: pg,
        close: async () => {
          await pg.close();
          release();
        },
      };
      if (opts.migrate !== false) await migratePglite(db, { migrationsFolder: migrationsFolder() });
    } catch (e) {
      release();
      throw e;
    }
  }
  return handle;
}

// The server's entry and the Astro bundle each hold their own copy of this module;
// the handle lives on globalThis so that both use one connection.
const KEY = Symbol.for("dsp.db");
type Slot = { promise?: Promise<DbHandle> };
const slot: Slot = ((globalThis as Record<symbol, Slot>)[KEY] ??= {});

/** Installs an already-open handle as the process-wide database (main.ts, tests). */
export function setDb(handle: DbHandle): void {
  slot.promise = Promise.resolve(handle);
}

/**
 * The process-wide database. With nothing installed yet, `open` makes it (once, however many requests ask at
 * the same time); without `open` that is an error. How the app prepares its database is decided above this
 * layer (lib/boot/database.ts), never here.
 */
export function getDbHandle(open?: () => Promise<DbHandle>): Promise<DbHandle> {
  if (!slot.promise) {
    if (!open) {
      return Promise.reject(new Error("No database is installed: main.ts installs it with setDb()."));
    }
    slot.promise = open();
  }
  return slot.promise;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
