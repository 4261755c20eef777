// Merging rows from the server into the tracker's state: answers to this page's own writes and the
// change feed polled every 3 s. Pure, so the rules of "who wins" are tested without a browser.
import type { Rec } from "./types.ts";

const byCreation = (a: Rec, b: Rec) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a.id - b.id);

/** Whether `incoming` should replace `current`: a newer version, or the same version with other flags. */
export function isNewer(incoming: Rec, current: Rec): boolean {
  if (incoming.version !== current.version) return incoming.version > current.version;
  return incoming.locked !== current.locked || incoming.can_delete !== current.can_delete;
}

/** The list with `rec` put in (replacing an older copy, or appended in creation order). Same list if nothing changed. */
export function upsert(rows: readonly Rec[], rec: Rec, force = false): readonly Rec[] {
  const i = rows.findIndex((r) => r.id === rec.id);
  if (i < 0) return [...rows, rec].sort(byCreation);
  if (!force && !isNewer(rec, rows[i])) return rows;
  const next = rows.slice();
  next[i] = rec;
  return next;
}

export interface Feed {
  records: Rec[];
  /** Every row id of the report now. */
  ids: number[];
}

/**
 * Applies one answer of the change feed. A row is removed only if this page knew it when the poll was
 * sent (`knownAtStart`) and the answer no longer lists it: a row this page added meanwhile stays. A row
 * this page deleted (`deleted`) never comes back from an answer that was on its way.
 */
export function mergeFeed(
  rows: readonly Rec[],
  feed: Feed,
  knownAtStart: ReadonlySet<number>,
  deleted: ReadonlySet<number>,
): readonly Rec[] {
  const present = new Set(feed.ids);
  let next = rows;
  const gone = rows.filter((r) => knownAtStart.has(r.id) && !present.has(r.id));
  if (gone.length) {
    const drop = new Set(gone.map((r) => r.id));
    next = next.filter((r) => !drop.has(r.id));
  }
  for (const rec of feed.records) {
    if (deleted.has(rec.id) || !present.has(rec.id)) continue;
    next = upsert(next, rec);
  }
  return next;
}
