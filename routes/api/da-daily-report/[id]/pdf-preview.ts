// GET api/da-daily-report/{id}/pdf-preview/: the rows the PDF prints, for the 'Table preview' modal.
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { loadTracker } from "../../../../lib/shifts/tracker/queries.ts";
import { pdfFileName, pdfRows } from "../../../../lib/shifts/pdf.ts";

export const GET = endpoint("shifts.read", async (ctx) => {
  const { report, records } = await loadTracker(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return { ...pdfRows(report, records), file_name: pdfFileName(report) };
});
