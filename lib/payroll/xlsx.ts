// The payroll workbook (02 section 2): one sheet laid out by calc-sheet.ts, bold header row, every column
// 20 wide, hours and money as numbers with two decimals. One function for the page's download and the CLI
// (which fetches the same endpoint), with fixed document dates and zip stamps so the same query always
// gives the same bytes.
import ExcelJS from "exceljs";
import { safeCell } from "../exports/tabular.ts";
import type { PayrollRowDto } from "./dto.ts";
import { type PayrollView, type SheetCell, sheetLayout } from "./calc-sheet.ts";
import { withFixedTimestamps } from "../exports/stable-zip.ts";

export const COLUMN_WIDTH = 20;
export const SHEET_NAME = "Payroll";
const HOURS_FORMAT = "0.00";
const MONEY_FORMAT = "#,##0.00";

function cellValue(c: SheetCell): string | number | null {
  if (c === null) return null;
  if (typeof c === "string") return safeCell(c) as string;
  return "hours" in c ? c.hours / 100 : c.cents / 100;
}

/**
 * The xlsx of `rows` in `view`. `stamp` is the fixed moment written as the document's created/modified
 * dates and the zip entries' times (the caller passes the period's first day).
 */
export async function payrollXlsx(
  rows: readonly PayrollRowDto[],
  view: PayrollView,
  stamp: Date,
): Promise<Uint8Array> {
  const { header, lines } = sheetLayout(rows, view);
  const wb = new ExcelJS.Workbook();
  wb.creator = "DSP Back Office";
  wb.created = stamp;
  wb.modified = stamp;
  const ws = wb.addWorksheet(SHEET_NAME);
  ws.columns = header.map((h) => ({ header: h, width: COLUMN_WIDTH }));
  ws.getRow(1).font = { bold: true };
  for (const line of lines) {
    const row = ws.addRow(line ? line.map(cellValue) : []);
    line?.forEach((c, i) => {
      if (c && typeof c === "object") row.getCell(i + 1).numFmt = "hours" in c ? HOURS_FORMAT : MONEY_FORMAT;
    });
  }
  return withFixedTimestamps(new Uint8Array(await wb.xlsx.writeBuffer()), stamp);
}
