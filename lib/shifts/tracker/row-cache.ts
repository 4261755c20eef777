// The tracker rows this server last read or wrote, so that the next edit of a row (a person typing along
// it) can go straight to its conditional write: one round trip instead of a read and a write (issue 15).
// A remembered row is only a guess. The write it leads to runs only if the row's xmin is still the one
// remembered (any change to the row, by any server or psql, gives it a new xmin), and any other outcome
// (a refusal, a conflict, a row that moved on) is decided again from a fresh read (patch-plain.ts). The
// names the row shows (its DAs, van, scanners) are answered from here only while the names' epoch that
// the write reads back is the one they were read under.
import type { Locked } from "./context.ts";

/** A row as read or written, as the tracker shows it too, with what it was read under. */
export interface CachedRow {
  locked: Pick<Locked, "row" | "report" | "shown">;
  /** The names' epoch when the shown row was read (migration 0017). */
  namesEpoch: string;
  /** The row's xmin when read or written: the write's guard. */
  xmin: string;
  /** The organisation's time zone then ("today" for the lock rule). */
  timeZone: string;
  /** The org epoch of the request that read it: a changed time zone or setting makes the guess unusable. */
  orgEpoch: string;
}

/** Rows remembered per database (~3 KB each with the shown row); the least recently used go first. */
const MAX_ROWS = 10_000;
// The server's entry and the Astro bundle each load this module: one store per process, on globalThis.
const KEY = Symbol.for("dsp.tracker-row-cache");
const store: WeakMap<object, Map<number, CachedRow>> =
  ((globalThis as Record<symbol, WeakMap<object, Map<number, CachedRow>>>)[KEY] ??= new WeakMap());

function rowsOf(db: object): Map<number, CachedRow> {
  let rows = store.get(db);
  if (!rows) store.set(db, rows = new Map());
  return rows;
}

/** The remembered row `id`, if it was read under the same org epoch as the request's. */
export function cachedRow(db: object, id: number, orgEpoch: string | undefined): CachedRow | null {
  if (orgEpoch === undefined) return null;
  const hit = rowsOf(db).get(id);
  return hit && hit.orgEpoch === orgEpoch ? hit : null;
}

export function rememberRow(db: object, id: number, row: CachedRow): void {
  const rows = rowsOf(db);
  rows.delete(id);
  rows.set(id, row);
  if (rows.size > MAX_ROWS) rows.delete(rows.keys().next().value!);
}

export function forgetRow(db: object, id: number): void {
  store.get(db)?.delete(id);
}
