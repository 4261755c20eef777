import { downloadResponse } from "../../../../lib/exports/tabular.ts";
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { queryParams } from "../../../../lib/web/params.ts";
import { parseExportQuery } from "../../../../lib/payroll/inputs.ts";
import { payrollExport } from "../../../../lib/payroll/export.ts";

/** The payroll xlsx ('Download Table' / 'Download All Shifts'); the page and `dsp payroll export` use it. */
export const GET = endpoint("payroll.read", async ({ db, viewer, url }) => {
  const file = await payrollExport(db, viewer.stationIds, parseExportQuery(queryParams(url)));
  return downloadResponse(file.bytes, file.fileName, "xlsx");
});
