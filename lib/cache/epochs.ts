// What the app servers keep in memory between requests, and how each request learns whether it is still
// true. The database holds the versions (table cache_epochs, bumped by triggers: lib/cache/schema.ts);
// the statement that checks a request's session reads them too (lib/auth/session-cache.ts), so a cached
// value is only used when the database says nothing it came from has changed, whichever server changed it.
import { type SQL, sql } from "drizzle-orm";
import { currentRequest } from "../log/request-context.ts";

/** The versions a cached viewer depends on: the user's row (xmin), their spots/menu, the org's reference data. */
export interface ViewerVersion {
  row: string;
  user: string;
  org: string;
}

/** The versions as select fields, for the user row aliased `u`. */
export function versionFields() {
  return {
    row_version: sql<string>`u.xmin::text`,
    user_epoch: sql<
      string
    >`coalesce((select e.epoch from cache_epochs e where e.key = 'user:' || u.id), 0)::text`,
    org_epoch: sql<string>`coalesce((select e.epoch from cache_epochs e where e.key = 'org'), 0)::text`,
  };
}

/** The same as SQL columns, for a raw statement. */
export function versionColumns(): SQL {
  return sql.join(
    Object.entries(versionFields()).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
    sql`, `,
  );
}

export function versionOf(r: Record<string, unknown>): ViewerVersion {
  return { row: String(r.row_version), user: String(r.user_epoch), org: String(r.org_epoch) };
}

export const sameVersion = (a: ViewerVersion, b: ViewerVersion) =>
  a.row === b.row && a.user === b.user && a.org === b.org;

// The server's entry and the Astro bundle each load this module: the caches live on globalThis.
const KEY = Symbol.for("dsp.org-cache");
type Entry = { epoch: string; value: Promise<unknown> };
const caches: WeakMap<object, Map<string, Entry>> =
  ((globalThis as Record<symbol, WeakMap<object, Map<string, Entry>>>)[KEY] ??= new WeakMap());

/** Records, for the rest of the request, which database it uses and the org epoch its session check read. */
export function setRequestEpoch(db: object, orgEpoch: string): void {
  const record = currentRequest();
  if (record) Object.assign(record, { cacheDb: db, orgEpoch });
}

/**
 * Org-wide reference data (settings, fleet sizes ...) remembered per database while the org epoch the
 * request read stays the same. Outside a GET with a checked session (writes, the CLI, workers, tests
 * calling lib directly) `load` runs every time. Callers get the shared value: they must not mutate it. A value loaded after the epoch was read is at least that new, so a
 * change committed in between only costs a reload, never a stale answer.
 */
export async function orgCached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const record = currentRequest();
  // Only requests that change nothing use it: a write followed by a read in one request reads the write.
  const safe = record?.method === "GET" || record?.method === "HEAD";
  if (!safe || !record?.cacheDb || record.orgEpoch === undefined) return await load();
  const { cacheDb, orgEpoch } = record;
  let cache = caches.get(cacheDb);
  if (!cache) caches.set(cacheDb, cache = new Map());
  const hit = cache.get(key);
  if (hit && hit.epoch === orgEpoch) return await (hit.value as Promise<T>);
  const value = load();
  cache.set(key, { epoch: orgEpoch, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return await value;
}
