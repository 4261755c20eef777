import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { dashboardData } from "../../../lib/dashboard/dashboard.ts";
import { periodQuery } from "../../../lib/dashboard/inputs.ts";

/** Every dashboard card (01 section 3) for `stations` (all yours when absent) and the period asked. */
export const GET = endpoint(
  "dashboard.read",
  ({ db, viewer, url }) => dashboardData(db, viewer, periodQuery.parse(queryParams(url))),
);
