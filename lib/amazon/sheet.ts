// Grids for the Amazon CSV and XLSX parsers over the one spreadsheet core (lib/sheets: decoding, csv-parse,
// the zip-bomb guard before ExcelJS): matching a header row to the columns a parser needs, and reading each
// row through the cell readers of values.ts. A bad cell skips its row with a problem naming row and column;
// a missing key column, a corrupt or truncated file is fatal; a missing metric column or an unknown one
// is a warning naming it.
import type ExcelJS from "exceljs";
import { readCsv } from "../sheets/csv.ts";
import { readWorkbook, worksheetRows } from "../sheets/workbook.ts";
import type { Problem } from "./types.ts";
import { headerIndex, headerKey, isBlank, raw, type Read, text } from "./values.ts";

/** A row of cells with the row number a person sees (CSV line, Excel row; the header is usually 1). */
export interface GridRow {
  row: number;
  cells: unknown[];
}

/** More data rows than this is not a weekly Amazon file. */
export const MAX_ROWS = 50_000;

export const fatal = (file: string, message: string, at: Partial<Problem> = {}): Problem => ({
  file,
  ...at,
  message,
  fatal: true,
});

/** The CSV's records (blank lines dropped) or null with a fatal problem. */
export function csvGrid(bytes: Uint8Array, fileName: string, problems: Problem[]): GridRow[] | null {
  const read = readCsv(bytes);
  if (!read.ok && read.fault === "not_text") {
    problems.push(fatal(fileName, "this is not a CSV text file."));
    return null;
  }
  if (!read.ok) {
    problems.push(
      fatal(fileName, `the CSV cannot be read (${read.why}); is the file cut short?`, { row: read.line }),
    );
    return null;
  }
  const out: GridRow[] = [];
  read.records.forEach((cells, i) => {
    if (!cells.every((c) => c.trim() === "")) out.push({ row: i + 1, cells });
  });
  return out;
}

/** Cells of a worksheet, rows padded to one width; numbers formatted as percentages come back as '98.5%'. */
export function worksheetGrid(ws: ExcelJS.Worksheet): GridRow[] {
  const out: GridRow[] = worksheetRows(ws, { percentText: true }).filter((r) => !r.cells.every(isBlank));
  // Excel stores no trailing empty cells: pad every row to the sheet's width (a short row is not a cut file).
  const width = Math.max(0, ...out.map((r) => r.cells.length));
  for (const r of out) while (r.cells.length < width) r.cells.push(null);
  return out;
}

/** The workbook after the zip-bomb guard, or null with a fatal problem. */
export async function loadWorkbook(
  bytes: Uint8Array,
  fileName: string,
  problems: Problem[],
): Promise<ExcelJS.Workbook | null> {
  let read;
  try {
    read = await readWorkbook(bytes, fileName);
  } catch (e) {
    // The guard's words name the file; a problem carries the file apart.
    problems.push(fatal(fileName, String((e as Error)?.message ?? e).replace(`${fileName}: `, "")));
    return null;
  }
  if (read.ok) return read.workbook;
  problems.push(fatal(fileName, `the workbook cannot be read (${read.why.slice(0, 120)}).`));
  return null;
}

/**
 * A column a parser reads: the row field, the header names it goes by (its known renames: compared
 * case-, blank- and punctuation-insensitively), and its cell reader. A missing key column refuses the file;
 * a missing metric column reads as null in every row with a warning naming it; a missing `optional` column
 * (one some generation never had) reads as null silently.
 */
export interface Column {
  key: string;
  headers: readonly string[];
  read: (v: unknown) => Read<unknown>;
  /** the row means nothing without it (the transporter ID, the week when the name lacks it) */
  isKey?: boolean;
  optional?: boolean;
}

export interface Layout {
  /** column key -> index in the row (-1 when the column is absent) */
  at: Map<string, number>;
  labels: Map<string, string>;
  width: number;
}

/**
 * The header row: the first row, unless title lines (at most two filled cells each) stand above it; then
 * the first row after them. Anything else above the header is not skipped, so the layout check refuses it.
 */
export function headerRow(grid: GridRow[], columns: readonly Column[]): number {
  const titleLike = (r: GridRow) => r.cells.filter((c) => !isBlank(c)).length <= 2;
  const keys = columns.filter((c) => c.isKey);
  const needed = keys.length ? keys : columns.filter((c) => !c.optional);
  for (let i = 0; i < Math.min(10, grid.length); i++) {
    if (!titleLike(grid[i])) {
      const cells = grid[i].cells.map(headerKey);
      return needed.some((c) => headerIndex(cells, c.headers, true) >= 0) ? i : 0;
    }
  }
  return 0;
}

const quoted = (xs: string[]) => xs.map((x) => `'${x}'`).join(", ");
const plural = (xs: string[], one: string, many: string) => (xs.length > 1 ? many : one);

/**
 * Matches the header row to the columns. Missing key columns are one fatal problem (code
 * missing_key_columns); missing metric columns one warning (missing_columns); headers no column reads one
 * warning (extra_columns). Each names its columns in `columns`.
 */
export function layout(
  header: GridRow,
  columns: readonly Column[],
  fileName: string,
  problems: Problem[],
): Layout | null {
  const at = new Map<string, number>();
  const labels = new Map<string, string>();
  const missingKeys: string[] = [];
  const missing: string[] = [];
  const keys = header.cells.map(headerKey);
  for (const c of columns) {
    const i = headerIndex(keys, c.headers, true);
    if (i < 0 && c.isKey) missingKeys.push(c.headers[0]);
    else if (i < 0 && !c.optional) missing.push(c.headers[0]);
    at.set(c.key, i);
    labels.set(c.key, i >= 0 ? raw(header.cells[i]) : c.headers[0]);
  }
  if (missingKeys.length) {
    const what = plural(missingKeys, "key column", "key columns");
    problems.push(
      fatal(
        fileName,
        `the ${what} ${quoted(missingKeys)} ${plural(missingKeys, "is", "are")} missing; ` +
          "rows cannot be read without them.",
        {
          row: header.row,
          column: missingKeys.join(", "),
          code: "missing_key_columns",
          columns: missingKeys,
        },
      ),
    );
    return null;
  }
  // A file of another kind (a POD file in the DCR import) has the keys but none of the figures: refused.
  const metrics = columns.filter((c) => !c.isKey && !c.optional && c.read !== text);
  if (metrics.length > 1 && metrics.every((c) => missing.includes(c.headers[0]))) {
    const names = metrics.map((c) => c.headers[0]);
    problems.push(
      fatal(fileName, `none of the columns this import reads (${quoted(names)}) is in the file.`, {
        row: header.row,
        code: "missing_columns",
        columns: names,
      }),
    );
    return null;
  }
  if (missing.length) {
    problems.push({
      file: fileName,
      row: header.row,
      message: `the ${plural(missing, "column", "columns")} ${quoted(missing)} ${
        plural(missing, "is", "are")
      } not in this file; ${plural(missing, "its", "their")} values were left empty.`,
      code: "missing_columns",
      columns: missing,
    });
  }
  const used = new Set(at.values());
  const extra = header.cells.map((c, i) => (used.has(i) || !headerKey(c) ? "" : raw(c))).filter(Boolean);
  if (extra.length) {
    problems.push({
      file: fileName,
      row: header.row,
      message: `the ${plural(extra, "column", "columns")} ${quoted(extra)} ${
        plural(extra, "is", "are")
      } not read by this import; ignored.`,
      code: "extra_columns",
      columns: extra,
    });
  }
  return { at, labels, width: header.cells.length };
}

/**
 * Reads the data rows through the layout. A row with a bad cell is skipped with a problem per bad cell;
 * a short last row means the file was cut off (fatal). Returns the rows read, keyed by column key.
 */
export function readRows(
  data: GridRow[],
  lay: Layout,
  columns: readonly Column[],
  fileName: string,
  problems: Problem[],
): { row: number; values: Record<string, unknown> }[] {
  const out: { row: number; values: Record<string, unknown> }[] = [];
  if (data.length > MAX_ROWS) {
    problems.push(
      fatal(fileName, `more than ${MAX_ROWS.toLocaleString("en-US")} rows; this is not a weekly file.`),
    );
    return out;
  }
  const needed = Math.max(...[...lay.at.values()]) + 1;
  data.forEach((r, n) => {
    if (n === data.length - 1 && r.cells.length < needed && lay.width > 1) {
      problems.push(
        fatal(
          fileName,
          `the last row has ${r.cells.length} of ${lay.width} columns: the file is cut short.`,
          { row: r.row },
        ),
      );
      return;
    }
    const values: Record<string, unknown> = {};
    let good = true;
    for (const c of columns) {
      const i = lay.at.get(c.key)!;
      // An absent column is empty in every row, whatever its reader makes of nothing.
      const got = i < 0 ? { value: null } : c.read(r.cells[i]);
      if (got.problem !== undefined) {
        good = false;
        problems.push({
          file: fileName,
          row: r.row,
          column: lay.labels.get(c.key),
          message: `${got.problem}; the row was skipped.`,
        });
      } else values[c.key] = got.value;
    }
    if (good) out.push({ row: r.row, values });
  });
  return out;
}
