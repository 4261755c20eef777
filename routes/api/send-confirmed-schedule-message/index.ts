import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { confirmedMessageQuery } from "../../../lib/schedule/inputs.ts";
import { publishWeek } from "../../../lib/schedule/messages.ts";

/** Publish the week's days with a role and SMS each person their shifts (a GET, as the spec's client calls it). */
export const GET = endpoint(
  "schedule.message",
  async (ctx) => publishWeek(ctx.db, ctx.viewer, confirmedMessageQuery.parse(queryParams(ctx.url))),
);
