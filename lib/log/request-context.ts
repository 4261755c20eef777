// The request being served, reachable from any code it runs (the logger stamps its id on every line; the
// edge puts it in 500 bodies). node:http's server wrapper opens it; the middleware adds the route and user.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestRecord {
  id: string;
  method: string;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** Astro's route pattern (`/api/das/[id]`), once the middleware has seen the request. */
  route?: string;
  /** The signed-in user, once identified. */
  userId?: number;
  /** Milliseconds spent per named phase (session, lock, write ...): the Server-Timing header, when on. */
  timings?: Record<string, number>;
  /** The request's database and the org epoch its session check read (lib/cache/epochs.ts). */
  cacheDb?: object;
  orgEpoch?: string;
}

// The server's entry and the Astro bundle each load their own copy of this module: one store per process.
const KEY = Symbol.for("dsp.request-context");
const storage: AsyncLocalStorage<RequestRecord> =
  ((globalThis as Record<symbol, AsyncLocalStorage<RequestRecord>>)[KEY] ??= new AsyncLocalStorage());

export function newRequestRecord(method: string): RequestRecord {
  return { id: crypto.randomUUID(), method, startedAt: performance.now() };
}

/** Runs `fn` (and everything it awaits or schedules) as part of `record`'s request. */
export function withRequest<T>(record: RequestRecord, fn: () => T): T {
  return storage.run(record, fn);
}

export function currentRequest(): RequestRecord | undefined {
  return storage.getStore();
}

/** Adds `ms` to the current request's phase `name` (nothing outside a request). */
export function addTiming(name: string, ms: number): void {
  const record = storage.getStore();
  if (!record) return;
  const timings = record.timings ??= {};
  timings[name] = (timings[name] ?? 0) + ms;
}

/**
 * Runs `fn` and counts its time under `name` for the request's Server-Timing header: the benchmarks read
 * where a request's time goes from it (tests/bench/tracker.ts), in the server process as deployed.
 */
export async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    addTiming(name, performance.now() - started);
  }
}

/** The Server-Timing header's value: each phase, and `app` (arrival to the response's head). */
export function serverTimingHeader(record: RequestRecord): string {
  const parts = Object.entries(record.timings ?? {}).map(([k, v]) => `${k};dur=${v.toFixed(2)}`);
  parts.push(`app;dur=${(performance.now() - record.startedAt).toFixed(2)}`);
  return parts.join(", ");
}
