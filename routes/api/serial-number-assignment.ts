import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { serialAssignmentInput } from "../../lib/shifts/inputs.ts";
import { assignSerials } from "../../lib/shifts/tracker/mutations.ts";

/** The rabbit and dolly pickers of a row (0 clears a slot); answers the row. */
export const POST = endpoint(
  "shifts.edit",
  async (ctx) => assignSerials(ctx.db, ctx.viewer, await readJson(ctx.request, serialAssignmentInput)),
);
