// The `tracker_data` statistic (GET api/statistic/?statistic=tracker_data, 02 section 7): station, year,
// optional month or week; `{data: [...]}`. Registered in lib/statistics/registry.ts.
import type { Db } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { trackerPeriod } from "./calc.ts";
import type { TrackerDataDto } from "./dto.ts";
import { stationNotYours } from "./errors.ts";
import { trackerQuery } from "./inputs.ts";
import { trackerCounts } from "./queries.ts";

/** Station 1 when the viewer has it, else their first (02 section 6). */
export function defaultStation(stationIds: readonly number[]): number | null {
  if (stationIds.includes(1)) return 1;
  return stationIds.length ? Math.min(...stationIds) : null;
}

export async function trackerData(
  db: Db,
  viewer: Pick<Viewer, "stationIds">,
  params: URLSearchParams,
): Promise<TrackerDataDto> {
  const q = trackerQuery.parse(Object.fromEntries(params));
  const station = q.station ?? defaultStation(viewer.stationIds);
  if (station === null || !viewer.stationIds.includes(station)) throw stationNotYours();
  const { from, to } = trackerPeriod(q.year, q.month, q.week);
  return { data: await trackerCounts(db, station, from, to), station, date_from: from, date_to: to };
}
