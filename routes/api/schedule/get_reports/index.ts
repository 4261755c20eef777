import { endpoint } from "../../../../lib/web/endpoint.ts";
import { queryParams } from "../../../../lib/web/params.ts";
import { getReportsQuery } from "../../../../lib/schedule/inputs.ts";
import { getWeek } from "../../../../lib/schedule/queries.ts";

/** The week grid of a station: date_list (Sunday..Saturday) and data_list (one row per person). */
export const GET = endpoint(
  "schedule.read",
  async (ctx) => getWeek(ctx.db, ctx.viewer, getReportsQuery.parse(queryParams(ctx.url))),
);
