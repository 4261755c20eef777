// OpenAPI registry entries: fleet reports (02 "Fleet reports"): the invoice call of the spec, the month's
// xlsx and the CSV invoice import. The month's data itself is the `fleet_reports_data` statistic.
import { fleetReportQuery, invoiceImportFields, invoiceInput } from "../../fleet-reports/inputs.ts";
import type { Operation } from "./types.ts";

export const fleetReportsOperations: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/create-update-van-actual-invoice/",
    tag: "fleet-reports",
    auth: "fleetReports.editInvoice",
    summary: "Create or update a van's actual invoice for a month",
    description: "The van by number, at the caller's stations. `invoice`: dollars, 0 or more, at most 2 " +
      "decimals (text or number). Months after the current one are refused (`fleet_report.future_month`).",
    body: invoiceInput,
    response:
      "`{data: {data: [{model, pk, fields: {van, month, year, invoice}}], created, vin, plate, row}}`",
    errors: {
      400: "`fleet_report.invalid_invoice`, `fleet_report.future_month`",
      404: "`fleet_report.van_not_found`: no such van at the caller's stations",
    },
  },
  {
    method: "GET",
    path: "/api/fleet-reports/export/",
    tag: "fleet-reports",
    auth: "fleetReports.read",
    summary: "The month's fleet report as .xlsx",
    description:
      "The page's columns, bold header, a totals footer, 5 % colours; the same bytes for the same data.",
    query: fleetReportQuery,
    download: true,
    response: "The file 'Fleet report M{month}-{year}.xlsx', as an attachment",
  },
  {
    method: "POST",
    path: "/api/fleet-reports/invoices/import/",
    tag: "fleet-reports",
    auth: "fleetReports.editInvoice",
    summary: "Import a month's invoices from a CSV, all or nothing",
    description: "Header with a 'Van' (or 'VIN') column and an 'Invoice' column; one van a line. Any bad " +
      "line refuses the whole file, naming each line (`data.problems: [{line, message}]`).",
    file: "file",
    body: invoiceImportFields,
    response: "`{month, year, created, updated, rows}`",
    errors: {
      400: "`fleet_report.import_invalid` (with `problems`), `fleet_report.import_empty`, " +
        "`fleet_report.import_unreadable`, `fleet_report.future_month`",
      413: "The file is over the upload limit",
    },
  },
];
