/**
 * The scorecard's tables: 'DSP WEEKLY SUMMARY' (one row per DA; early, later and EU 3.0 layouts, over as
 * many pages as needed, header repeated or not) and 'Drivers With Working Hour Exceptions'. Header names
 * are matched loosely (values.ts headerKey); a bad cell skips its row with a problem naming page, row
 * and column; a missing 'Transporter ID' column is fatal. Pure.
 */
import {
  type Column,
  fatal,
  isDataLine,
  type PdfDoc,
  type RawRow,
  readTable,
  type TextLine,
  toLines,
} from "./pdf-text.ts";
import type { Problem } from "./types.ts";
import { headerKey, int, percent, type Read, transporterId } from "./values.ts";

export type ScorecardLayout = "early" | "later" | "eu3" | "other";

/** One DA's line of the 'DSP WEEKLY SUMMARY' table; columns a layout lacks are null. Rates in %. */
export interface ScorecardDaRow {
  page: number;
  /** 1-based among the table rows on that page */
  row: number;
  no: number | null;
  transporterId: string;
  delivered: number | null;
  dcr: number | null;
  dnrDpmo: number | null;
  dscDpmo: number | null;
  lorDpmo: number | null;
  pod: number | null;
  cc: number | null;
  ce: number | null;
  dex: number | null;
  cdf: number | null;
  cdfDpmo: number | null;
  psb: number | null;
}

/** One line of 'Drivers With Working Hour Exceptions' (counts; a flag reads as 1 or 0). */
export interface WhcExceptionRow {
  page: number;
  row: number;
  transporterId: string;
  dailyLimitExceeded: number | null;
  weeklyLimitExceeded: number | null;
  underOffWorkLimit: number | null;
  workDayLimitExceeded: number | null;
  whException: number | null;
}

type Reader = (v: unknown) => Read<number | string | null>;
const pct: Reader = (v) => percent(v);
const count: Reader = (v) => int(v);
const flagCount: Reader = (v) => {
  const s = String(v ?? "").trim().toLowerCase();
  if (["x", "y", "yes", "true"].includes(s)) return { value: 1 };
  if (["n", "no", "false", "."].includes(s)) return { value: 0 };
  return int(v);
};

/** Column key -> header names (compared by headerKey) and reader. */
const DA_COLUMNS: Record<string, { names: string[]; read: Reader }> = {
  no: { names: ["No.", "#", "Rank"], read: count },
  transporterId: { names: ["Transporter ID", "TID", "Transporter"], read: transporterId },
  delivered: { names: ["Delivered", "Packages Delivered"], read: count },
  dcr: { names: ["DCR"], read: pct },
  dnrDpmo: { names: ["DNR DPMO", "DNR"], read: count },
  dscDpmo: { names: ["DSC DPMO", "DSC"], read: count },
  lorDpmo: { names: ["LoR DPMO", "LoR"], read: count },
  pod: { names: ["POD"], read: pct },
  cc: { names: ["CC"], read: pct },
  ce: { names: ["CE"], read: count },
  dex: { names: ["DEX"], read: pct },
  cdf: { names: ["CDF"], read: pct },
  cdfDpmo: { names: ["CDF DPMO"], read: count },
  psb: { names: ["PSB"], read: pct },
};

const WHC_COLUMNS: Record<string, { names: string[]; read: Reader }> = {
  no: { names: ["#", "No."], read: count },
  transporterId: { names: ["TID", "Transporter ID"], read: transporterId },
  dailyLimitExceeded: { names: ["Daily limit exceeded"], read: flagCount },
  weeklyLimitExceeded: { names: ["Weekly limit exceeded"], read: flagCount },
  underOffWorkLimit: { names: ["Under off-work limit", "Under off work limit"], read: flagCount },
  workDayLimitExceeded: { names: ["Work-day limit exceeded", "Workday limit exceeded"], read: flagCount },
  whException: { names: ["WH exception", "WH exceptions", "WHC exception"], read: flagCount },
};

const keyOf = (name: string) => (name.trim() === "#" ? "#" : headerKey(name));
/** The DA table's header line: 'Delivered', 'DCR' and a transporter column (every layout has them). */
export const isDaAnchor = (l: TextLine) =>
  /\bdelivered\b/i.test(l.text) && /\bdcr\b/i.test(l.text) && /transporter|\btid\b/i.test(l.text);
const isWhcTitle = (l: TextLine) => /working\s+hours?\s+exceptions/i.test(l.text);
const isWhcAnchor = (l: TextLine) => /\btid\b|transporter/i.test(l.text) && /exceed|limit/i.test(l.text);

/** The last page of the DA table whose header is on `page`. */
export function daTableEnd(doc: PdfDoc, page: number): number {
  return readTable(doc, page, -Infinity, { anchor: isDaAnchor, stop: isWhcTitle })?.lastPage ?? page;
}

/** The DA table starting on `start` (its header is there: the caller checked). */
export function daTable(doc: PdfDoc, start: number, file: string, problems: Problem[]): {
  rows: ScorecardDaRow[];
  layout: ScorecardLayout;
} {
  const table = readTable(doc, start, -Infinity, { anchor: isDaAnchor, stop: isWhcTitle })!;
  const rows = typed(table.rows, DA_COLUMNS, file, problems, "DA table") as unknown as ScorecardDaRow[];
  if (!problems.some((p) => p.fatal) && table.rows.length === 0) {
    problems.push(fatal(file, `the DSP WEEKLY SUMMARY table on page ${start} has no rows.`, { page: start }));
  } else if (!problems.some((p) => p.fatal) && rows.length === 0) {
    problems.push(
      fatal(file, `none of the ${table.rows.length} rows of the DSP WEEKLY SUMMARY table can be read.`, {
        page: start,
      }),
    );
  }
  dedupe(rows, file, problems);
  return { rows, layout: layoutOf(table.columns) };
}

type ColumnSpec = Record<string, { names: string[]; read: Reader }>;

/**
 * The spec's key of each of a table's columns (undefined for a column this import does not know). A layout
 * is told once: its unknown columns (once per set) and a missing transporter id column (fatal).
 */
function keysOfLayout(
  r: RawRow,
  spec: ColumnSpec,
  byName: Map<string, string>,
  reported: Set<string>,
  what: string,
  file: string,
  problems: Problem[],
): (string | undefined)[] {
  const keys = r.columns.map((c) => byName.get(keyOf(c.name)));
  const unknown = r.columns.filter((_, i) => !keys[i]).map((c) => `'${c.name}'`);
  const told = unknown.join(", ");
  if (unknown.length && !reported.has(told)) {
    reported.add(told);
    problems.push({
      file,
      page: r.page,
      message: `the ${what} has column${
        unknown.length > 1 ? "s" : ""
      } ${told} that this import does not know; ignored.`,
    });
  }
  if (!keys.includes("transporterId")) {
    const name = spec.transporterId.names[0];
    problems.push(
      fatal(file, `the ${what} on page ${r.page} has no '${name}' column.`, { page: r.page, column: name }),
    );
  }
  return keys;
}

/** One raw row through the column readers, or null (with a problem per bad cell) when a cell is bad. */
function typedRow(
  r: RawRow,
  keys: (string | undefined)[],
  spec: ColumnSpec,
  file: string,
  problems: Problem[],
): Record<string, unknown> | null {
  const row: Record<string, unknown> = { page: r.page, row: r.row };
  for (const k of Object.keys(spec)) row[k] = null;
  let good = true;
  keys.forEach((k, i) => {
    if (!k) return;
    const got = spec[k].read(r.cells[i]);
    if (got.problem !== undefined) {
      good = false;
      problems.push({
        file,
        page: r.page,
        row: r.row,
        column: r.columns[i].name,
        message: `${got.problem}; the row was skipped.`,
      });
    } else row[k] = got.value;
  });
  return good ? row : null;
}

/** Raw table rows -> typed rows through the column readers; a bad cell skips its row with a problem. */
function typed(
  raws: RawRow[],
  spec: ColumnSpec,
  file: string,
  problems: Problem[],
  what: string,
): Record<string, unknown>[] {
  const byName = new Map<string, string>();
  for (const [key, c] of Object.entries(spec)) for (const n of c.names) byName.set(keyOf(n), key);
  const mapped = new Map<Column[], (string | undefined)[]>();
  const reported = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const r of raws) {
    let keys = mapped.get(r.columns);
    if (!keys) {
      keys = keysOfLayout(r, spec, byName, reported, what, file, problems);
      mapped.set(r.columns, keys);
    }
    if (!keys.includes("transporterId")) continue;
    const row = typedRow(r, keys, spec, file, problems);
    if (row) out.push(row);
  }
  return out;
}

function dedupe(
  rows: { transporterId: string; page: number; row: number }[],
  file: string,
  problems: Problem[],
): void {
  const seen = new Map<string, { page: number; row: number }>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i], first = seen.get(r.transporterId);
    if (!first) {
      seen.set(r.transporterId, r);
      continue;
    }
    problems.push({
      file,
      page: r.page,
      row: r.row,
      column: "Transporter ID",
      message:
        `${r.transporterId} is listed already (page ${first.page}, row ${first.row}); the row was skipped.`,
    });
    rows.splice(i--, 1);
  }
}

export function whcTable(doc: PdfDoc, from: number, file: string, problems: Problem[]): WhcExceptionRow[] {
  for (let p = from; p <= doc.pageCount; p++) {
    const title = toLines(doc.pages[p - 1].items).find(isWhcTitle);
    if (!title) continue;
    const t = readTable(doc, p, title.y, { anchor: isWhcAnchor });
    if (!t) {
      // A week without exceptions may print the title alone; rows without their header are a damaged file.
      const orphans = toLines(doc.pages[p - 1].items).some((l) => l.y > title.y && isDataLine(l, 7));
      if (orphans) {
        problems.push(
          fatal(file, "the 'Drivers With Working Hour Exceptions' table has rows but no header row.", {
            page: p,
          }),
        );
      }
      return [];
    }
    const rows = typed(
      t.rows,
      WHC_COLUMNS,
      file,
      problems,
      "working-hour exceptions table",
    ) as unknown as (WhcExceptionRow & { no?: number })[];
    dedupe(rows, file, problems);
    return rows.map(({ no: _no, ...r }) => r);
  }
  return [];
}

function layoutOf(columns: Column[]): ScorecardLayout {
  const keys = new Set(columns.map((c) => keyOf(c.name)));
  if (keys.has("dex")) return "early";
  if (keys.has("dscdpmo") && (keys.has("no") || keys.has("#"))) return "eu3";
  if (keys.has("lordpmo") || keys.has("cdf")) return "later";
  return "other";
}
