import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { serialAssignmentInput, versionFromIfMatch } from "../../lib/shifts/inputs.ts";
import { assignSerials } from "../../lib/shifts/tracker/mutations.ts";

/** The rabbit and dolly pickers of a row (0 clears a slot); answers the row. Version as the row PATCH. */
export const POST = endpoint("shifts.edit", async (ctx) => {
  const input = await readJson(ctx.request, serialAssignmentInput);
  const version = input.version ?? versionFromIfMatch(ctx.request.headers.get("if-match"));
  return assignSerials(ctx.db, ctx.viewer, { ...input, version });
});
