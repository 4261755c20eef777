import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { requestMessageQuery } from "../../../lib/schedule/inputs.ts";
import { sendAvailabilityRequests } from "../../../lib/schedule/messages.ts";

/** Availability request SMS to the chosen people for a future week (a GET, as the spec's client calls it). */
export const GET = endpoint(
  "schedule.message",
  async (ctx) =>
    sendAvailabilityRequests(ctx.db, ctx.viewer, requestMessageQuery.parse(queryParams(ctx.url))),
);
