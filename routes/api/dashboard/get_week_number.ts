import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { weekNumberOf } from "../../../lib/dashboard/week-number.ts";
import { weekNumberQuery } from "../../../lib/dashboard/inputs.ts";
import { getTimeZone } from "../../../lib/settings/queries.ts";

/** The delivery week of `date` (default: yesterday, the pickers' default date), zero-based. */
export const GET = endpoint(
  "dashboard.read",
  async ({ db, url }) => weekNumberOf(weekNumberQuery.parse(queryParams(url)).date, await getTimeZone(db)),
);
