// An IKEA action for a DA picked by hand, in a measure the IKEA week is off target in.
import { endpoint, json, readJson } from "../../../lib/web/endpoint.ts";
import { fromIkeaInput } from "../../../lib/actions/inputs.ts";
import { actionFromIkea } from "../../../lib/actions/ikea.ts";

export const POST = endpoint("ikeaActions.edit", async (ctx) => {
  const out = await actionFromIkea(ctx.db, ctx.viewer, await readJson(ctx.request, fromIkeaInput));
  return json(out, out.created ? 201 : 200);
});
