// OpenAPI registry entries: payroll (02 "Payroll", section 7). The tracker's counts are the `tracker_data`
// statistic of GET /api/statistic/ (lib/web/openapi/statistics.ts lists it from the registry).
import { exportQuery, payrollQuery } from "../../payroll/inputs.ts";
import type { Operation } from "./types.ts";

export const payrollOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/schedule/get_payroll_reports/",
    tag: "payroll",
    auth: "payroll.read",
    summary: "Payroll rows of a period at the caller's stations",
    description: "Period: `week` (zero-based) + `year`, or `date_from` + `date_to` (two consecutive weeks, " +
      "Sunday to Saturday), or `month` + `year`; `period` names the kind (else inferred). Hours from the " +
      "schedule-role table (entered hours for flexible roles; a helper takes the hours of the person helped); " +
      "pay = hours x rate, half up to the cent per row. Response `{data: {dataList, userList}}`.",
    query: payrollQuery,
    response: "`{data: {dataList: PayrollRow[], userList: PayrollUser[]}}`",
  },
  {
    method: "GET",
    path: "/api/payroll/export/",
    tag: "payroll",
    auth: "payroll.read",
    summary: "The payroll xlsx ('Download Table' / 'Download All Shifts')",
    description:
      "The period as for get_payroll_reports; `kind=table` applies `user`, `station` (id, tag or " +
      "All), `role` (all or a schedule role id) and `status` (all, 1 or 5; default 1); `kind=all` takes every " +
      "row. `view=total` (one row per DA) or `da` (each DA's rows, a 'Total Hours' row, a blank row between " +
      "DAs). Named 'Payroll' + station tag or 'All' + the period label; the same query gives the same bytes.",
    query: exportQuery,
    download: true,
    response: "The xlsx, as an attachment",
    errors: { 400: "Not valid, or `payroll.station_not_yours`: the station is not one of the caller's" },
  },
];
