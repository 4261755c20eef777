// get ikea action list: as GET api/actions/, for the IKEA actions at the caller's IKEA stations.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { actionListQuery } from "../../../lib/actions/inputs.ts";
import { listActions } from "../../../lib/actions/queries.ts";

export const GET = endpoint(
  "ikeaActions.read",
  async (ctx) => listActions(ctx.db, ctx.viewer, actionListQuery.parse(queryParams(ctx.url)), "ikea"),
);
