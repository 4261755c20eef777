import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { staffUpdateInput } from "../../../lib/staff/inputs.ts";
import { getStaff } from "../../../lib/staff/queries.ts";
import { updateStaff } from "../../../lib/staff/mutations.ts";

export const GET = endpoint(
  "staff.manage",
  async (ctx) => getStaff(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);

export const PATCH = endpoint("staff.manage", async (ctx) => {
  const id = idParam(ctx.params.id);
  return updateStaff(ctx.db, ctx.viewer, id, await readJson(ctx.request, staffUpdateInput));
});
