// Send all of a week's coaching drafts through the outbox (issue 12 point 6); each is logged on /act.
import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { sendDraftsInput } from "../../../../lib/coaching/inputs.ts";
import { sendDrafts } from "../../../../lib/coaching/mutations.ts";

export const POST = endpoint(
  "scoreboard.notify",
  async (ctx) => sendDrafts(ctx.db, ctx.viewer, await readJson(ctx.request, sendDraftsInput)),
);
