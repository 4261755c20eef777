import ExcelJS from "exceljs";

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
}

/**
 * A cell a spreadsheet will not execute: text starting with = + - @ (or a tab / carriage return) is
 * prefixed with an apostrophe, as OWASP advises against CSV/formula injection. Numbers stay numbers.
 */
export function safeCell(v: string | number | boolean | null | undefined): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== "string") return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

function csvField(v: string | number | boolean | null): string {
  if (v === null) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** RFC 4180 CSV with a BOM (so Excel reads UTF-8 names correctly) and CRLF line ends. */
export function toCsv<T>(columns: Column<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const r of rows) lines.push(columns.map((c) => csvField(safeCell(c.value(r)))).join(","));
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

/** One sheet, bold header row, frozen header, column widths (20 unless given). */
export async function toXlsx<T>(columns: Column<T>[], rows: T[], sheetName: string): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: "frozen", ySplit: 1 }];
  for (const r of rows) ws.addRow(columns.map((c) => safeCell(c.value(r))));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export function downloadResponse(
  body: Uint8Array | string,
  fileName: string,
  format: "csv" | "xlsx",
): Response {
  const type = format === "csv"
    ? "text/csv; charset=utf-8"
    : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const safeName = fileName.replace(/[^\w. -]/g, "_");
  return new Response(body as BodyInit, {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${safeName}"` },
  });
}
