import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { daPatchInput } from "../../../lib/das/inputs.ts";
import { getDa } from "../../../lib/das/queries.ts";
import { patchDa } from "../../../lib/das/mutations.ts";

export const GET = endpoint("das.read", async (ctx) => getDa(ctx.db, ctx.viewer, idParam(ctx.params.id)));

/** updateUser / updateUserStatus for one DA: transporter_id (management) and/or status; returns the DA. */
export const PATCH = endpoint("das.read", async (ctx) => {
  const id = idParam(ctx.params.id);
  await patchDa(ctx.db, ctx.viewer, id, await readJson(ctx.request, daPatchInput));
  return getDa(ctx.db, ctx.viewer, id);
});
