import { endpoint } from "../../../lib/web/endpoint.ts";
import { runStatistic } from "../../../lib/statistics/run.ts";

/** Each statistic is guarded by its own action as well (lib/statistics/registry.ts). */
export const GET = endpoint(
  "statistic.read",
  ({ db, viewer, url }) => runStatistic(db, viewer, url.searchParams),
);
