// The weekly scorecard PDF (01 "Import page", dialog 1). POST multipart {pdf_file, page_numbers: the page
// where the DA table starts}: 201 with the import (imported, or replacing the station-week's older file),
// 200 when the same file is already in, 400 naming every problem. GET: the PDF history (the spec's page).
import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { historyQuery } from "../../lib/imports/inputs.ts";
import { listImports } from "../../lib/imports/queries.ts";
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const GET = endpoint(
  "import.read",
  async (ctx) =>
    listImports(ctx.db, ctx.viewer, { ...historyQuery.parse(queryParams(ctx.url)), family: "pdf" }),
);

export const POST = uploadRoute("pdf", "pdf_file");
