import { endpoint } from "../../../../lib/web/endpoint.ts";
import { rowId } from "../../../../lib/reference/helpers.ts";
import { setStaffActive } from "../../../../lib/staff/mutations.ts";

export const POST = endpoint(
  "staff.manage",
  async (ctx) => setStaffActive(ctx.db, ctx.viewer, rowId(ctx.params.id), true),
);
