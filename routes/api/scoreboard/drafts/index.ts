// Coaching drafts of a station's week (issue 12 point 6): management reviews them before sending.
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { queryParams } from "../../../../lib/web/params.ts";
import { draftsQuery } from "../../../../lib/coaching/inputs.ts";
import { listDrafts } from "../../../../lib/coaching/queries.ts";

export const GET = endpoint(
  "scoreboard.notify",
  (ctx) => listDrafts(ctx.db, ctx.viewer, draftsQuery.parse(queryParams(ctx.url))),
);
