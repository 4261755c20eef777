// POST api/upload-xlsx-shift-data/ (multipart xlsx_file, shift_date; optional report, station): the day's
// routes file onto a report, by default the station's report for shift_date (made when missing).
// {detail: 'Xlsx file was uploaded!', updated, created, unchanged, unmatched, warnings} or 400 naming the
// problems (nothing written).
import { endpoint } from "../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../lib/uploads/guard.ts";
import { shiftUploadFields, uploadShiftXlsx } from "../../lib/shifts/shift-upload.ts";
import { withUploadReport } from "../../lib/shifts/shift-upload-report.ts";

export const POST = endpoint("shifts.upload", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "xlsx_file");
  const input = shiftUploadFields.parse(fields);
  const target = { report: input.report, station: input.station, shiftDate: input.shift_date };
  return await withUploadReport(
    ctx.db,
    ctx.viewer,
    target,
    (report) => uploadShiftXlsx(ctx.db, ctx.viewer, { report, shiftDate: input.shift_date, file }),
  );
});
