// Capacity reliability, PDF or XLSX (01 "Import page", dialog 4 accepts either file, whichever of the two
// endpoints the client picks). POST multipart {xlsx_file, page_numbers (ignored)}: 201 with the import
// (imported, or replacing the station-week's older file), 200 when the same file is already in, 400 naming
// every problem.
import { endpoint, json } from "../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../lib/uploads/guard.ts";
import { uploadFields } from "../../lib/imports/inputs.ts";
import { importFile } from "../../lib/imports/store.ts";

export const POST = endpoint("import.upload", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "xlsx_file");
  const input = uploadFields("reliability").parse(fields);
  const outcome = await importFile(ctx.db, ctx.viewer, {
    dialog: "reliability",
    fileName: file.fileName,
    bytes: file.bytes,
    contentType: file.contentType,
    startPage: input.page_numbers,
  });
  return json(outcome, outcome.status === "unchanged" ? 200 : 201);
});
