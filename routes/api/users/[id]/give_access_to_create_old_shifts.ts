import { endpoint } from "../../../../lib/web/endpoint.ts";
import { grantOldShiftAccess } from "../../../../lib/users/mutations.ts";
import { idParam } from "../../../../lib/web/params.ts";

export const POST = endpoint("users.grantOldShifts", async (ctx) => ({
  ok: await grantOldShiftAccess(ctx.db, ctx.viewer, idParam(ctx.params.id)),
}));
