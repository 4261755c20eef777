// Reading an .xlsx: the zip-bomb guard (lib/uploads/zip.ts) sees the bytes before ExcelJS does, then the
// workbook's rows come out as plain cells (cells.ts) with the row numbers Excel shows. A workbook ExcelJS
// cannot read comes back as data; the guard's refusals are thrown (DomainError, codes `upload.*`).
import ExcelJS from "exceljs";
import { assertSafeXlsx } from "../uploads/zip.ts";
import { type Cell, cellValue } from "./cells.ts";
import { offThread } from "../parse-pool/offthread.ts";

export type WorkbookRead = { ok: true; workbook: ExcelJS.Workbook } | { ok: false; why: string };

/** The workbook after the zip-bomb guard (which throws), or why ExcelJS could not read it. */
export async function readWorkbook(bytes: Uint8Array, fileName: string): Promise<WorkbookRead> {
  await assertSafeXlsx(bytes, fileName);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    return { ok: true, workbook };
  } catch (e) {
    return { ok: false, why: String((e as Error)?.message ?? e) };
  }
}

/** A row of plain cells in column order (column A first) with the row number Excel shows. */
export interface WorksheetRow {
  row: number;
  cells: Cell[];
}

/**
 * The sheet's rows that hold any cell, each as wide as its last cell (Excel stores no trailing empty
 * cells). `percentText` reads a number formatted as a percentage as the text a person sees ('98.5%').
 */
export function worksheetRows(ws: ExcelJS.Worksheet, opts: { percentText?: boolean } = {}): WorksheetRow[] {
  const out: WorksheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      let v = cellValue(cell.value);
      if (opts.percentText && typeof v === "number" && /%/.test(cell.numFmt ?? "")) {
        v = `${Math.round(v * 1e6) / 1e4}%`;
      }
      cells[col - 1] = v;
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= null;
    out.push({ row: n, cells });
  });
  return out;
}

/** The first worksheet's rows, or why the workbook gives none (the guard's refusals are thrown). */
export type SheetRowsRead = { ok: true; rows: WorksheetRow[] } | { ok: false; why: string };

/** firstSheetRows' reading, in this process (a parse worker's job). */
export async function readSheetRowsHere(bytes: Uint8Array, fileName: string): Promise<SheetRowsRead> {
  const read = await readWorkbook(bytes, fileName);
  if (!read.ok) {
    return {
      ok: false,
      why: `the workbook cannot be read (${read.why}). Save it again from Excel as .xlsx.`,
    };
  }
  const ws = read.workbook.worksheets.find((w) => w.actualRowCount > 0);
  if (!ws) return { ok: false, why: "the workbook is empty: there is no header row." };
  return { ok: true, rows: worksheetRows(ws) };
}

/**
 * The rows of the first worksheet that holds any (an empty first sheet is common in exports), read in a
 * parse worker when the server runs one. A workbook ExcelJS cannot read, or one without rows, is refused
 * through `refuse(why)`: the caller's own error.
 */
export async function firstSheetRows(
  bytes: Uint8Array,
  fileName: string,
  refuse: (why: string) => Error,
): Promise<WorksheetRow[]> {
  const read = await offThread("sheet-rows", { fileName }, bytes, () => readSheetRowsHere(bytes, fileName));
  if (!read.ok) throw refuse(read.why);
  return read.rows;
}
