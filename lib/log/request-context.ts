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
