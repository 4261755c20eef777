// DELETE api/driver-van-assignment/{id}/ (02 section 7): the row's DA and van taken off; 204.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { unassign } from "../../../lib/shifts/van-assignment.ts";

export const DELETE = endpoint("shifts.edit", async (ctx) => {
  await unassign(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return new Response(null, { status: 204 });
});
