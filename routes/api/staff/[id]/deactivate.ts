import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { setStaffActive } from "../../../../lib/staff/mutations.ts";

/** is_active false and every open session of the account ended. */
export const POST = endpoint(
  "staff.manage",
  async (ctx) => setStaffActive(ctx.db, ctx.viewer, idParam(ctx.params.id), false),
);
