// Which stations a dashboard statistic reads (decisions: a user sees only their own stations).
import { stationNotYours } from "./errors.ts";

/** The stations a statistic reads: those asked for (all must be the viewer's), else all of the viewer's. */
export function scopeStations(asked: readonly number[], mine: readonly number[]): number[] {
  if (asked.length === 0) return [...mine];
  const foreign = asked.filter((id) => !mine.includes(id));
  if (foreign.length) throw stationNotYours(foreign);
  return [...asked];
}
