// The month's fleet report as an .xlsx: the page's columns, bold header, widths, a bold totals footer and
// the 5 % colours. One function for the page's Download and the CLI (which saves the endpoint's answer), and
// its bytes are fixed for given data (fixed workbook dates and zip entry times), so both files are equal.
import ExcelJS from "exceljs";
import type { Queryable } from "../db/client.ts";
import type { MonthRef } from "../dates/periods.ts";
import { safeCell } from "../exports/tabular.ts";
import { withFixedTimestamps } from "../exports/stable-zip.ts";
import { type Agreement, agreement, totals } from "./calc.ts";
import type { FleetReportRowDto } from "./dto.ts";
import type { FleetReportQuery } from "./inputs.ts";
import { fleetReportRows } from "./queries.ts";

export const XLSX_COLUMNS: { header: string; width: number; value: (r: FleetReportRowDto) => string }[] = [
  { header: "Company", width: 18, value: (r) => r.company },
  { header: "Model", width: 18, value: (r) => r.model },
  { header: "Station", width: 10, value: (r) => r.station },
  { header: "Size", width: 16, value: (r) => r.size },
  { header: "Van", width: 10, value: (r) => r.van },
  { header: "Plate", width: 12, value: (r) => r.plate },
  { header: "Vin", width: 20, value: (r) => r.vin },
];
export const MONEY_HEADERS = ["Monthly Rate", "Actual Invoice Rate"] as const;
const MONEY_FORMAT = "#,##0.00";
/** Excel's own "good" and "bad" fills, so the colours read as they do on the page. */
const FILL: Record<Exclude<Agreement, "none">, string> = { ok: "FFC6EFCE", off: "FFFFC7CE" };

/** 'Fleet report M11-2026.xlsx', named as payroll names a month ('M{month}-{year}'). */
export function xlsxFileName(m: MonthRef): string {
  return `Fleet report M${m.month}-${m.year}.xlsx`;
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

function colour(cells: ExcelJS.Cell[], a: Agreement): void {
  if (a === "none") return;
  for (const c of cells) c.fill = { type: "pattern", pattern: "solid", fgColor: { argb: FILL[a] } };
}

/** The workbook's bytes for these rows (the month dates the file, so equal data give equal bytes). */
export async function fleetReportWorkbook(
  rows: readonly FleetReportRowDto[],
  m: MonthRef,
): Promise<Uint8Array> {
  const when = new Date(Date.UTC(m.year, m.month - 1, 1));
  const wb = new ExcelJS.Workbook();
  wb.creator = wb.lastModifiedBy = "DSP Back Office";
  wb.created = wb.modified = when;
  const ws = wb.addWorksheet("Fleet report");
  ws.columns = [
    ...XLSX_COLUMNS.map((c) => ({ header: c.header, width: c.width })),
    ...MONEY_HEADERS.map((h) => ({ header: h, width: 20 })),
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: "frozen", ySplit: 1 }];
  const n = XLSX_COLUMNS.length;
  for (const r of rows) {
    const row = ws.addRow([
      ...XLSX_COLUMNS.map((c) => safeCell(c.value(r))),
      dollars(r.rate_cents),
      dollars(r.invoice_cents),
    ]);
    colour([row.getCell(n + 1), row.getCell(n + 2)], agreement(r.rate_cents, r.invoice_cents));
  }
  const t = totals(rows);
  const foot = ws.addRow(["Total", ...Array(n - 1).fill(null), t.rateCents / 100, t.invoiceCents / 100]);
  foot.font = { bold: true };
  colour([foot.getCell(n + 1), foot.getCell(n + 2)], t.agreement);
  for (const i of [n + 1, n + 2]) ws.getColumn(i).numFmt = MONEY_FORMAT;
  return withFixedTimestamps(new Uint8Array(await wb.xlsx.writeBuffer()), when);
}

/** The month's report at the viewer's stations (the 'Van' search applied) as a named .xlsx. */
export async function fleetReportXlsx(
  db: Queryable,
  stationIds: readonly number[],
  q: FleetReportQuery,
): Promise<{ body: Uint8Array; fileName: string }> {
  const rows = await fleetReportRows(db, stationIds, q);
  return { body: await fleetReportWorkbook(rows, q), fileName: xlsxFileName(q) };
}
