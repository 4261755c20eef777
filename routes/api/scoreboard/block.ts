// block driver notification (03 section 7): {id, ignore_sms}, saved at once.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { blockInput } from "../../../lib/scoreboard/inputs.ts";
import { blockRow } from "../../../lib/scoreboard/mutations.ts";

export const POST = endpoint("scoreboard.block", async (ctx) => {
  const input = await readJson(ctx.request, blockInput);
  return blockRow(ctx.db, ctx.viewer, input.id, input.ignore_sms);
});
