// The weekly overview CSV (01 "Import page", dialog 3). POST multipart {csv_file}: 201 with the import
// (imported, or replacing the station-week's older file), 200 when the same file is already in, 400 naming
// every problem. GET: the CSV history (CSV and spreadsheet files), as the spec's page reads it.
import { endpoint, json } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { readMultipartFile } from "../../lib/uploads/guard.ts";
import { historyQuery, uploadFields } from "../../lib/imports/inputs.ts";
import { listImports } from "../../lib/imports/queries.ts";
import { importFile } from "../../lib/imports/store.ts";

export const GET = endpoint("import.read", async (ctx) =>
  listImports(ctx.db, ctx.viewer, { ...historyQuery.parse(queryParams(ctx.url)), family: "csv" }));

export const POST = endpoint("import.upload", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "csv_file");
  const input = uploadFields("csv").parse(fields);
  const outcome = await importFile(ctx.db, ctx.viewer, {
    dialog: "csv",
    fileName: file.fileName,
    bytes: file.bytes,
    contentType: file.contentType,
    startPage: input.page_numbers,
  });
  return json(outcome, outcome.status === "unchanged" ? 200 : 201);
});
