// Capacity reliability XLSX (amazon-files.md 5): row 1 holds the dates across the columns (Excel dates or
// text, a weekday may precede them), the first column the label, the last column 'Total'; rows Capacity
// reliability ('98.5%'), Completed routes, Amazon paid cancels, DSP dropped routes, Reliability target,
// Route target, Flex-up route target, Final scheduled, DSP available capacity; '-' is empty. A row the
// sheet lacks reads empty with a warning; the dates row is its key. The result has
// the shape of the PDF's (reliability-pdf.ts): one row per date, the Total column apart. The week is the
// dates' (one Sunday-Saturday week) and must agree with the name's. Pure; never throws.
import { findWeekLabel, weekOf } from "../dates/weeks.ts";
import { readName, weekText } from "./identify.ts";
import { fatal, type GridRow, loadWorkbook, worksheetGrid } from "./sheet.ts";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";
import { date, headerKey, int, percent, raw, type Read } from "./values.ts";
import { finish, type ParseOptions, settleStation, settleWeek } from "./weekly.ts";

/** The figures of one column; the same shape as reliability-pdf.ts's, so both files store alike. */
export interface ReliabilityFigures {
  /** % */
  capacityReliability: number | null;
  completedRoutes: number | null;
  amazonPaidCancels: number | null;
  dspDroppedRoutes: number | null;
  /** % */
  reliabilityTarget: number | null;
  routeTarget: number | null;
  flexUpRouteTarget: number | null;
  finalScheduled: number | null;
  dspAvailableCapacity: number | null;
}

/** One date's column of the table. */
export interface ReliabilityDay extends ReliabilityFigures {
  /** YYYY-MM-DD */
  date: string;
}

export interface ReliabilityXlsxResult extends ParseResult<ReliabilityDay> {
  /** the Total column (null when the sheet has none) */
  total: ReliabilityFigures | null;
}

type Key = keyof ReliabilityFigures;

/** A percentage; a bare number up to 1 is Excel's fraction (0.985 = 98.5%). */
const pct = (v: unknown): Read<number | null> =>
  typeof v === "number" && v >= 0 && v <= 1 ? percent(Math.round(v * 1e6) / 1e4) : percent(v);
const count = (v: unknown) => int(v);

const ROWS: { key: Key; labels: string[]; read: (v: unknown) => Read<number | null> }[] = [
  { key: "capacityReliability", labels: ["Capacity reliability", "Reliability"], read: pct },
  { key: "completedRoutes", labels: ["Completed routes"], read: count },
  { key: "amazonPaidCancels", labels: ["Amazon paid cancels", "Amazon paid cancellations"], read: count },
  { key: "dspDroppedRoutes", labels: ["DSP dropped routes"], read: count },
  { key: "reliabilityTarget", labels: ["Reliability target"], read: pct },
  { key: "routeTarget", labels: ["Route target"], read: count },
  { key: "flexUpRouteTarget", labels: ["Flex-up route target", "Flex up route target"], read: count },
  { key: "finalScheduled", labels: ["Final scheduled"], read: count },
  { key: "dspAvailableCapacity", labels: ["DSP available capacity"], read: count },
];
const BY_LABEL = new Map(ROWS.flatMap((r) => r.labels.map((l) => [headerKey(l), r] as const)));

/** A header cell as a date: an Excel date, or text with an optional weekday ('Sun 05/17/2026'). */
function headerDate(v: unknown): string | null {
  if (v instanceof Date || typeof v === "number") return date(v).value ?? null;
  const s = raw(v).replace(/^(sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?,?\s*/i, "");
  return s ? date(s).value ?? null : null;
}

interface Table {
  header: GridRow;
  /** column index -> date, or 'total' */
  cols: Map<number, string>;
}

function findTable(grid: GridRow[], fileName: string, problems: Problem[]): Table | null {
  const header = grid.find((r) => r.cells.slice(1).some((c) => headerDate(c)));
  if (!header) {
    problems.push(fatal(fileName, "no row of dates: row 1 should hold the dates across the columns."));
    return null;
  }
  const cols = new Map<number, string>();
  header.cells.forEach((c, i) => {
    if (i === 0) return;
    if (headerKey(c) === "total") cols.set(i, "total");
    else if (headerDate(c)) cols.set(i, headerDate(c)!);
    else if (raw(c)) {
      problems.push({
        file: fileName,
        row: header.row,
        column: raw(c),
        message: `'${raw(c).slice(0, 40)}' is not a date; the column was skipped.`,
      });
    }
  });
  const dates = [...cols.values()].filter((d) => d !== "total");
  if (new Set(dates).size !== dates.length) {
    problems.push(
      fatal(fileName, `a date appears twice in the header row (${dates.join(", ")}).`, { row: header.row }),
    );
    return null;
  }
  return { header, cols };
}

/**
 * The labelled rows under the header: each known label's values by column (a bad cell is null with a
 * problem), an unknown label noted and ignored, a label twice kept once.
 */
function figureRows(grid: GridRow[], t: Table, fileName: string, problems: Problem[]) {
  const found = new Map<Key, Map<number, number | null>>();
  for (const r of grid.filter((r) => r.row > t.header.row)) {
    const label = raw(r.cells[0]);
    const spec = BY_LABEL.get(headerKey(label));
    if (!spec) {
      if (label) {
        problems.push({
          file: fileName,
          row: r.row,
          message: `the row '${label.slice(0, 40)}' is not one this import knows; ignored.`,
          code: "extra_columns",
          columns: [label],
        });
      }
      continue;
    }
    if (found.has(spec.key)) {
      problems.push({
        file: fileName,
        row: r.row,
        message: `the row '${label}' appears twice; the second was skipped.`,
      });
      continue;
    }
    const values = new Map<number, number | null>();
    for (const i of t.cols.keys()) {
      const got = spec.read(r.cells[i]);
      if (got.problem === undefined) values.set(i, got.value);
      else {
        values.set(i, null);
        const column = raw(t.header.cells[i]) || t.cols.get(i);
        problems.push({
          file: fileName,
          row: r.row,
          column,
          message: `${got.problem} ('${label}'); the cell was skipped.`,
        });
      }
    }
    found.set(spec.key, values);
  }
  return found;
}

/** The days of the table and its Total column, or null when the sheet has no 'Capacity reliability' row. */
function readTable(grid: GridRow[], t: Table, fileName: string, problems: Problem[]) {
  const found = figureRows(grid, t, fileName, problems);
  // The rows are this file's metrics: some missing (another generation) read empty with a warning naming
  // them; none at all is not a reliability table.
  const missing = ROWS.filter((r) => !found.has(r.key)).map((r) => r.labels[0]);
  if (!found.size) {
    problems.push(
      fatal(fileName, "the sheet has none of the rows this import reads ('Capacity reliability', …)."),
    );
  } else if (missing.length) {
    problems.push({
      file: fileName,
      message: `the row${missing.length > 1 ? "s" : ""} ${missing.map((m) => `'${m}'`).join(", ")} ${
        missing.length > 1 ? "are" : "is"
      } not in this sheet; ${missing.length > 1 ? "their" : "its"} values were left empty.`,
      code: "missing_columns",
      columns: missing,
    });
  }
  const figures = (i: number) =>
    Object.fromEntries(
      ROWS.map((r) => [r.key, found.get(r.key)?.get(i) ?? null]),
    ) as unknown as ReliabilityFigures;
  const days = [...t.cols].filter(([, d]) => d !== "total").map(([i, d]) => ({ date: d, ...figures(i) }));
  const ti = [...t.cols].find(([, d]) => d === "total")?.[0];
  return { days, total: ti === undefined ? null : figures(ti) };
}

/** Parses the capacity reliability workbook (first sheet with a row of dates). */
export async function parseReliabilityXlsx(
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): Promise<ReliabilityXlsxResult> {
  const name = readName(fileName);
  const identity: FileIdentity = {
    kind: "reliability-xlsx",
    station: name.station,
    week: name.week,
    dsp: name.dsp,
  };
  const problems: Problem[] = [];
  let days: ReliabilityDay[] = [];
  let total: ReliabilityFigures | null = null;
  try {
    const wb = await loadWorkbook(bytes, fileName, problems);
    const grids = wb ? wb.worksheets.map(worksheetGrid).filter((g) => g.length) : [];
    const grid = grids.find((g) => g.some((r) => r.cells.slice(1).some((c) => headerDate(c)))) ?? grids[0];
    if (wb && !grid) problems.push(fatal(fileName, "the workbook is empty."));
    const t = grid ? findTable(grid, fileName, problems) : null;
    if (grid && t) {
      ({ days, total } = readTable(grid, t, fileName, problems));
      settle(grid, t, days, name.week, identity, fileName, problems, opts);
    }
  } catch (e) {
    problems.push(
      fatal(fileName, `the workbook cannot be read (${String((e as Error)?.message ?? e).slice(0, 160)}).`),
    );
  }
  const r = finish(identity, days, problems);
  return { ...r, total: r.ok ? total : null };
}

function settle(
  grid: GridRow[],
  t: Table,
  days: ReliabilityDay[],
  nameWeek: FileIdentity["week"],
  identity: FileIdentity,
  fileName: string,
  problems: Problem[],
  opts: ParseOptions,
): void {
  const weeks = [...new Set(days.map((d) => weekText(weekOf(d.date))))];
  if (weeks.length > 1) {
    problems.push(
      fatal(
        fileName,
        `the dates run over more than one week (${weeks.join(", ")}); a reliability file covers one week.`,
      ),
    );
    return;
  }
  const week = days.length ? weekOf(days[0].date) : null;
  // A title above the table may print the week ('Week 21 - 2026') and '<DSP> at <STN>'.
  const above = grid.filter((r) => r.row < t.header.row).flatMap((r) => r.cells.map(raw)).filter(Boolean);
  const printed = above.map(findWeekLabel).find((w) => w) ?? null;
  if (printed && week && weekText(printed) !== weekText(week)) {
    problems.push(
      fatal(fileName, `the sheet says week ${weekText(printed)} but its dates are in ${weekText(week)}.`),
    );
  }
  settleWeek(identity, nameWeek, week, "the dates are in", fileName, problems);
  const shown = above.map((s) => /^(.+?)\s+at\s+([A-Z0-9]{3,5})$/.exec(s)).find((m) => m);
  if (shown && !identity.dsp) identity.dsp = shown[1].trim();
  settleStation(identity, shown?.[2] ?? null, "the sheet says", fileName, problems, opts);
}
