// The `falcon_data` statistic of GET api/statistic/ (01 section 7; registered in lib/statistics/registry.ts):
// getFalconData's answer (03 2.8), made by the one function that also answers GET api/falcon/ and renders
// the /falcon page (falconData), so a chart reading the statistic and the page never disagree. Station
// scoping is falconData's: one of the viewer's stations, another's a 403 `falcon.station_not_yours`.
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import type { FalconDto } from "./dto.ts";
import { falconStatisticQuery } from "./inputs.ts";
import { falconData } from "./queries.ts";

export async function falconDataStatistic(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  params: URLSearchParams,
): Promise<FalconDto> {
  return await falconData(db, viewer, falconStatisticQuery.parse(Object.fromEntries(params)));
}
