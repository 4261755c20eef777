// GET ?month=&year=[&search=]: the month's fleet report as .xlsx (the page's Download and `dsp fleet-report
// export` save these very bytes).
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { downloadResponse } from "../../../lib/exports/tabular.ts";
import { fleetReportQuery } from "../../../lib/fleet-reports/inputs.ts";
import { fleetReportXlsx } from "../../../lib/fleet-reports/xlsx.ts";

export const GET = endpoint("fleetReports.read", async (ctx) => {
  const q = fleetReportQuery.parse(queryParams(ctx.url));
  const { body, fileName } = await fleetReportXlsx(ctx.db, ctx.viewer.stationIds, q);
  return downloadResponse(body, fileName, "xlsx");
});
