// Actions for a check week's off-target DAs of one measure: one DA (transporter_id) or all of them.
import { endpoint, json, readJson } from "../../../lib/web/endpoint.ts";
import { fromCheckInput } from "../../../lib/actions/inputs.ts";
import { actionsFromCheck } from "../../../lib/actions/mutations.ts";

export const POST = endpoint("actions.edit", async (ctx) => {
  const out = await actionsFromCheck(ctx.db, ctx.viewer, await readJson(ctx.request, fromCheckInput));
  return json(out, out.created ? 201 : 200);
});
