// The tracker rows this process last read or wrote on the plain-field path (patch.ts). A dispatcher types
// into one row's cells one after another (route, wave, stops, packages), and each change would otherwise
// first read the row its previous change has just written: one round trip of three.
//
// A cached row is only ever used through a write guarded by the xmin of the tuple it came from. Any change
// to the row, by anyone (another server process, an import, a van released, the locking path), makes a new
// tuple with another xmin: the guarded write then matches nothing and the row is read again. So the rules
// always judge the row as it is in the database. What may be older is the row's joined parts (a DA's name,
// a van's number) in the answer, and the organisation's time zone: at most ROW_CACHE_MS.
import type { Locked } from "./context.ts";
import { viewIn } from "./context.ts";
import type { TrackerViewer } from "./queries.ts";

export const ROW_CACHE_MS = 5_000;
/** Rows kept per database handle: a busy station's day is a few hundred. */
export const ROW_CACHE_ROWS = 5_000;

/** A row and when it was read from the database (a write from the cache keeps the read's time). */
export interface CachedRow {
  locked: Locked;
  readAt: number;
}

const caches = new WeakMap<object, Map<number, CachedRow>>();

function cacheOf(db: object): Map<number, CachedRow> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, cache = new Map());
  return cache;
}

/** The row as last seen, for `viewer`: null when unknown, too old, or outside the viewer's stations. */
export function cachedRow(db: object, viewer: TrackerViewer, id: number, now = Date.now()): CachedRow | null {
  const entry = caches.get(db)?.get(id);
  if (!entry) return null;
  const { locked, readAt } = entry;
  if (now - readAt > ROW_CACHE_MS || !viewer.stationIds.includes(locked.report.stationId)) return null;
  return { locked: { ...locked, view: viewIn(locked.timeZone, locked.report.reportDate, viewer) }, readAt };
}

/** Keeps `entry` as the row's last known state (a Map keeps insertion order: the oldest goes first). */
export function keepRow(db: object, entry: CachedRow): void {
  const cache = cacheOf(db);
  cache.delete(entry.locked.row.id);
  cache.set(entry.locked.row.id, entry);
  if (cache.size > ROW_CACHE_ROWS) cache.delete(cache.keys().next().value!);
}

export function forgetRow(db: object, id: number): void {
  caches.get(db)?.delete(id);
}
