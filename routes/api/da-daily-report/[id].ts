import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { reportPatchInput } from "../../../lib/shifts/inputs.ts";
import { loadTracker } from "../../../lib/shifts/tracker/queries.ts";
import { patchReport } from "../../../lib/shifts/tracker/mutations.ts";
import { deleteReport } from "../../../lib/shifts/board/delete.ts";

/** {report, records}: the tracker's data, each row with `locked` and `can_delete` for the viewer. */
export const GET = endpoint(
  "shifts.read",
  async (ctx) => loadTracker(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);

/** The DA 2 switch and the header strip's people; answers the report. */
export const PATCH = endpoint(
  "shifts.edit",
  async (ctx) =>
    patchReport(ctx.db, ctx.viewer, idParam(ctx.params.id), await readJson(ctx.request, reportPatchInput)),
);

export const DELETE = endpoint("shift.delete", async (ctx) => {
  await deleteReport(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return new Response(null, { status: 204 });
});
