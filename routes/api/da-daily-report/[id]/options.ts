import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { trackerOptions } from "../../../../lib/shifts/tracker/options.ts";

/** The pickers of one report: its station's active DAs, staff, free scanners, and the fleet sizes. */
export const GET = endpoint(
  "shifts.read",
  async (ctx) => trackerOptions(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);
