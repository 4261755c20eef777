import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { downloadResponse } from "../../../lib/exports/tabular.ts";
import { daExportQuery } from "../../../lib/das/inputs.ts";
import { exportDas } from "../../../lib/das/export.ts";

/** The DA register as CSV or XLSX, with the list's filters and ordering. */
export const GET = endpoint("registers.export", async (ctx) => {
  const out = await exportDas(ctx.db, ctx.viewer, daExportQuery.parse(queryParams(ctx.url)));
  return downloadResponse(out.body, out.fileName, out.format);
});
