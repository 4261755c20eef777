// get action list (03 section 7): page, page_size, station, action, owner, status, coaching_count,
// due_date, off_target_area, driver_id (or driver, part of the name), week_date, ordering.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { actionListQuery } from "../../../lib/actions/inputs.ts";
import { listActions } from "../../../lib/actions/queries.ts";

export const GET = endpoint(
  "actions.read",
  async (ctx) => listActions(ctx.db, ctx.viewer, actionListQuery.parse(queryParams(ctx.url))),
);
