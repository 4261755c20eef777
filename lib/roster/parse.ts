// A roster file (CSV or XLSX) as header-keyed rows, read through the one spreadsheet core (lib/sheets).
// Headers are trimmed and compared case-insensitively; '-', 'N/A' and empty cells become null. Row numbers
// are the ones a person sees in Excel: the header is row 1.
import { type CsvRead, readCsv, readCsvOffThread } from "../sheets/csv.ts";
import { type Cell, cellText, loose } from "../sheets/cells.ts";
import { firstSheetRows } from "../sheets/workbook.ts";
import { looksLikeOle, looksLikeZip } from "../uploads/zip.ts";
import { badRosterFile } from "./errors.ts";

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

type Header = { key: string; label: string; col: number };

/** The header row's columns by loose key; a name twice or no name at all is refused. */
function readHeader(fileName: string, row: number, texts: (string | null)[]): Header[] {
  const headers: Header[] = [];
  const seen = new Map<string, string>();
  texts.forEach((label, col) => {
    if (label === null) return;
    const key = loose(label);
    if (!key) return;
    if (seen.has(key)) {
      throw badRosterFile(
        fileName,
        `row ${row}: the column '${label}' appears twice (also as '${seen.get(key)}').`,
      );
    }
    seen.set(key, label);
    headers.push({ key, label, col });
  });
  if (!headers.length) throw badRosterFile(fileName, `row ${row}: the header row has no column names.`);
  return headers;
}

/** Builds the sheet from raw rows (row number + cells in column order); the first non-empty row is the header. */
function toSheet(fileName: string, raw: Iterable<{ row: number; cells: Cell[] }>): Sheet {
  let headers: Header[] | null = null;
  const rows: SheetRow[] = [];
  for (const r of raw) {
    const texts = r.cells.map((v) => cellText(v));
    if (texts.every((t) => t === null)) continue;
    if (!headers) {
      headers = readHeader(fileName, r.row, texts);
      continue;
    }
    if (rows.length >= MAX_ROWS) {
      throw badRosterFile(
        fileName,
        `more than ${MAX_ROWS.toLocaleString("en-US")} rows; split the file and upload the parts.`,
      );
    }
    const cells: Record<string, Cell> = {};
    for (const h of headers) cells[h.key] = texts[h.col] == null ? null : r.cells[h.col];
    rows.push({ row: r.row, cells });
  }
  if (!headers) throw badRosterFile(fileName, "the file is empty: there is no header row.");
  if (!rows.length) throw badRosterFile(fileName, "there are no rows under the header row.");
  return { headers: headers.map(({ key, label }) => ({ key, label })), rows };
}

export function parseCsvSheet(bytes: Uint8Array, fileName: string): Sheet {
  return csvSheet(readCsv(bytes), fileName);
}

function csvSheet(read: CsvRead, fileName: string): Sheet {
  if (!read.ok && read.fault === "not_text") {
    throw badRosterFile(fileName, "this is not a CSV text file. Upload a CSV or an .xlsx workbook.");
  }
  if (!read.ok) throw badRosterFile(fileName, `line ${read.line ?? "?"}: ${read.why}.`);
  // Blank lines stay in as [''] records, so the record index is the row number Excel shows.
  return toSheet(fileName, read.records.map((cells, i) => ({ row: i + 1, cells })));
}

/** The first worksheet that has any cell, after the zip-bomb check. */
export async function parseXlsxSheet(bytes: Uint8Array, fileName: string): Promise<Sheet> {
  return toSheet(fileName, await firstSheetRows(bytes, fileName, (why) => badRosterFile(fileName, why)));
}

/** Either kind of file, told apart by its bytes (not by its name). */
export async function parseSpreadsheet(bytes: Uint8Array, fileName: string): Promise<Sheet> {
  if (looksLikeZip(bytes) || looksLikeOle(bytes)) return await parseXlsxSheet(bytes, fileName);
  // Read in a parse worker when the server runs one (issue 9 point 3).
  return csvSheet(await readCsvOffThread(bytes), fileName);
}
