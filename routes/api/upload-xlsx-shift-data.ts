// POST api/upload-xlsx-shift-data/ (multipart xlsx_file, shift_date, report): the day's routes file onto a
// report. {detail: 'Xlsx file was uploaded!', updated, created, unchanged, unmatched, warnings} or 400
// naming the problems (nothing written).
import { endpoint } from "../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../lib/uploads/guard.ts";
import { shiftUploadFields, uploadShiftXlsx } from "../../lib/shifts/shift-upload.ts";

export const POST = endpoint("shifts.upload", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "xlsx_file");
  const input = shiftUploadFields.parse(fields);
  return await uploadShiftXlsx(ctx.db, ctx.viewer, {
    report: input.report,
    shiftDate: input.shift_date,
    file,
  });
});
