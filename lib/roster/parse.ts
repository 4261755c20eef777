// A roster file (CSV or XLSX) as header-keyed rows. Headers are trimmed and compared case-insensitively;
// a UTF-8 BOM is tolerated (and a Windows-1252 CSV read as such); '-', 'N/A' and empty cells become null.
// Row numbers are the ones a person sees in Excel: the header is row 1.
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { HttpError } from "../web/errors.ts";
import { assertSafeXlsx, looksLikeOle, looksLikeZip } from "../uploads/zip.ts";
import { cellText, loose } from "./cells.ts";

export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number as Excel shows it (header = 1). */
  row: number;
  /** Values by loose header key (see `loose`: 'Transporter ID' -> 'transporterid'). */
  cells: Record<string, Cell>;
}

export interface Sheet {
  /** Header labels as written, by loose key, in file order. */
  headers: { key: string; label: string }[];
  rows: SheetRow[];
}

/** More rows than this is not a roster; the file is refused before any work. */
export const MAX_ROWS = 50_000;

export const fileError = (fileName: string, why: string) =>
  new HttpError(400, { file: [`${fileName}: ${why}`], detail: `${fileName}: ${why}` });

/** Builds the sheet from raw rows (row number + cells in column order); the first non-empty row is the header. */
function toSheet(fileName: string, raw: Iterable<{ row: number; values: Cell[] }>): Sheet {
  let headers: { key: string; label: string; col: number }[] | null = null;
  const rows: SheetRow[] = [];
  for (const r of raw) {
    const texts = r.values.map((v) => cellText(v));
    if (texts.every((t) => t === null)) continue;
    if (!headers) {
      headers = [];
      const seen = new Map<string, string>();
      texts.forEach((label, col) => {
        if (label === null) return;
        const key = loose(label);
        if (!key) return;
        if (seen.has(key)) {
          throw fileError(
            fileName,
            `row ${r.row}: the column '${label}' appears twice (also as '${seen.get(key)}').`,
          );
        }
        seen.set(key, label);
        headers!.push({ key, label, col });
      });
      if (!headers.length) throw fileError(fileName, `row ${r.row}: the header row has no column names.`);
      continue;
    }
    if (rows.length >= MAX_ROWS) {
      throw fileError(
        fileName,
        `more than ${MAX_ROWS.toLocaleString("en-US")} rows; split the file and upload the parts.`,
      );
    }
    const cells: Record<string, Cell> = {};
    for (const h of headers) cells[h.key] = texts[h.col] == null ? null : r.values[h.col];
    rows.push({ row: r.row, cells });
  }
  if (!headers) throw fileError(fileName, "the file is empty: there is no header row.");
  if (!rows.length) throw fileError(fileName, "there are no rows under the header row.");
  return { headers: headers.map(({ key, label }) => ({ key, label })), rows };
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    // Excel on Windows saves "CSV" in the ANSI code page, not UTF-8.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The delimiter of the header line: the most frequent of , ; and tab outside quotes (Excel in many locales uses ;). */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, 10_000).split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ",";
}

export function parseCsvSheet(bytes: Uint8Array, fileName: string): Sheet {
  const text = decodeText(bytes);
  if (text.includes("\u0000")) {
    throw fileError(fileName, "this is not a CSV text file. Upload a CSV or an .xlsx workbook.");
  }
  let records: string[][];
  try {
    // Blank lines stay in as [''] records, so the record index is the row number Excel shows.
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
    });
  } catch (e) {
    const err = e as { lines?: number; message?: string };
    throw fileError(
      fileName,
      `line ${err.lines ?? "?"}: ${err.message?.replace(/^[^:]*:\s*/, "") ?? "the CSV cannot be read"}.`,
    );
  }
  return toSheet(fileName, records.map((values, i) => ({ row: i + 1, values })));
}

/** exceljs cell values (rich text, hyperlinks, formulas, errors) as plain cells. */
export function excelValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) {
      return (o.richText as { text?: string }[]).map((t) => t.text ?? "").join("");
    }
    if ("error" in o) return String(o.error) === "#N/A" ? null : String(o.error);
    if ("result" in o) return excelValue(o.result);
    if ("formula" in o || "sharedFormula" in o) return null;
    if ("text" in o) return excelValue(o.text);
    if ("hyperlink" in o) return String(o.hyperlink);
  }
  return String(v);
}

/** The first worksheet that has any cell, after the zip-bomb check. */
export async function parseXlsxSheet(bytes: Uint8Array, fileName: string): Promise<Sheet> {
  await assertSafeXlsx(bytes, fileName);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch (e) {
    throw fileError(
      fileName,
      `the workbook cannot be read (${(e as Error).message}). Save it again from Excel as .xlsx.`,
    );
  }
  const ws = wb.worksheets.find((w) => w.actualRowCount > 0);
  if (!ws) throw fileError(fileName, "the workbook is empty: there is no header row.");
  const raw: { row: number; values: Cell[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const values: Cell[] = [];
    const vals = row.values as unknown[];
    for (let c = 1; c < vals.length; c++) values.push(excelValue(vals[c]));
    raw.push({ row: n, values });
  });
  return toSheet(fileName, raw);
}

/** Either kind of file, told apart by its bytes (not by its name). */
export async function parseSpreadsheet(bytes: Uint8Array, fileName: string): Promise<Sheet> {
  if (looksLikeZip(bytes) || looksLikeOle(bytes)) return await parseXlsxSheet(bytes, fileName);
  return parseCsvSheet(bytes, fileName);
}
