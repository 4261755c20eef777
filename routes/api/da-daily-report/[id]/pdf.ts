// GET api/da-daily-report/{id}/pdf/: the tracker's printable sheet, 'Shift report {station} {DD MMM yyyy}.pdf'.
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { loadTracker } from "../../../../lib/shifts/tracker/queries.ts";
import { pdfFileName, trackerPdf } from "../../../../lib/shifts/pdf.ts";

export const GET = endpoint("shifts.read", async (ctx) => {
  const { report, records } = await loadTracker(ctx.db, ctx.viewer, idParam(ctx.params.id));
  const name = pdfFileName(report);
  return new Response(trackerPdf(report, records) as BodyInit, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name.replace(/[^\w. -]/g, "_")}"; filename*=UTF-8''${
        encodeURIComponent(name)
      }`,
      "cache-control": "no-store",
    },
  });
});
