import { endpoint } from "../../../../lib/web/endpoint.ts";
import { queryParams } from "../../../../lib/web/params.ts";
import { parsePayrollQuery } from "../../../../lib/payroll/inputs.ts";
import { payrollReport } from "../../../../lib/payroll/queries.ts";

/** The period's payroll rows at the viewer's stations (owner only): `{data: {dataList, userList}}`. */
export const GET = endpoint("payroll.read", ({ db, viewer, url }) => {
  const q = parsePayrollQuery(queryParams(url));
  return payrollReport(db, viewer.stationIds, q.period, q.activeOffboarded);
});
