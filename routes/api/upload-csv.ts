// The weekly overview CSV (01 "Import page", dialog 3). POST multipart {csv_file}: 201 with the import
// (imported, or replacing the station-week's older file), 200 when the same file is already in, 400 naming
// every problem. GET: the CSV history (CSV and spreadsheet files), as the spec's page reads it.
import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { historyQuery } from "../../lib/imports/inputs.ts";
import { listImports } from "../../lib/imports/queries.ts";
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const GET = endpoint(
  "import.read",
  async (ctx) =>
    listImports(ctx.db, ctx.viewer, { ...historyQuery.parse(queryParams(ctx.url)), family: "csv" }),
);

export const POST = uploadRoute("csv", "csv_file");
