// WHC check XLSX (amazon-files.md 6). No public layout exists, so the rows take the shape of the
// scorecard's 'Drivers With Working Hour Exceptions' table (scorecard-tables.ts WhcExceptionRow): TID,
// Daily limit exceeded, Weekly limit exceeded, Under off-work limit, Work-day limit exceeded, WH exception
// (counts; a flag such as 'Yes' or 'x' reads as 1). One sheet per week: the sheet's name is its week
// (`2026-W21`, `Week 21 - 2026`), or a Week column, or a week label above the header. A sheet with a
// header and no rows is a week without exceptions. Pure; never throws.
import { compareWeeks, findWeekLabel, parseWeekLabel, type WeekRef } from "../dates/weeks.ts";
import { readName, weekText } from "./identify.ts";
import { type Column, fatal, type GridRow, layout, loadWorkbook, readRows, worksheetGrid } from "./sheet.ts";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";
import { headerIndex, int, type Read, text, transporterId } from "./values.ts";
import { importDay, readWeekForm, withYear } from "./week-forms.ts";
import { dropDuplicates, finish, type ParseOptions, settleStation } from "./weekly.ts";

export interface WhcRow {
  /** the sheet's name and its week (`2026-W21`) */
  sheet: string;
  week: string;
  /** the Excel row */
  row: number;
  transporterId: string;
  daName: string | null;
  dailyLimitExceeded: number | null;
  weeklyLimitExceeded: number | null;
  underOffWorkLimit: number | null;
  workDayLimitExceeded: number | null;
  whException: number | null;
}

export interface WhcResult extends ParseResult<WhcRow> {
  /** every week the workbook holds, oldest first (identity.week is the name's, else the newest) */
  weeks: WeekRef[];
}

const flagCount = (v: unknown): Read<number | null> => {
  const s = String(v ?? "").trim().toLowerCase();
  if (["x", "y", "yes", "true"].includes(s) || v === true) return { value: 1 };
  if (["n", "no", "false", "."].includes(s) || v === false) return { value: 0 };
  return int(v);
};

export const WHC_COLUMNS: Column[] = [
  {
    key: "transporterId",
    headers: ["TID", "Transporter ID", "TransporterId"],
    read: transporterId,
    isKey: true,
  },
  { key: "daName", headers: ["DA", "DA Name", "Delivery Associate", "Name"], read: text, optional: true },
  { key: "dailyLimitExceeded", headers: ["Daily limit exceeded"], read: flagCount },
  { key: "weeklyLimitExceeded", headers: ["Weekly limit exceeded"], read: flagCount },
  { key: "underOffWorkLimit", headers: ["Under off-work limit", "Under off work limit"], read: flagCount },
  {
    key: "workDayLimitExceeded",
    headers: ["Work-day limit exceeded", "Workday limit exceeded"],
    read: flagCount,
  },
  {
    key: "whException",
    headers: ["WH exception", "WHC exception", "Working hours exception"],
    read: flagCount,
  },
];

const WEEK_COLUMN: Column = { key: "week", headers: ["Week"], read: text };

/** A week label in any form week-forms.ts reads; a year-less one takes the name's year or the import's day's. */
function weekLabel(s: string, ctx: WeekContext): WeekRef | null {
  const f = readWeekForm(s);
  return f ? withYear(f, ctx.nameWeek, ctx.today) : parseWeekLabel(s) ?? findWeekLabel(s);
}

interface WeekContext {
  nameWeek: WeekRef | null;
  today: string;
}

/** Reads one sheet; returns its week and rows, or null (with problems) when it cannot be read. */
function readSheet(
  name: string,
  n: number,
  grid: GridRow[],
  file: string,
  problems: Problem[],
  ctx: WeekContext,
) {
  const at = { page: n };
  const headerAt = grid.findIndex((r) => headerIndex(r.cells, WHC_COLUMNS[0].headers) >= 0);
  if (headerAt < 0) {
    problems.push(fatal(file, `sheet '${name}': no header row with a 'TID' column.`, at));
    return null;
  }
  const header = grid[headerAt];
  const local: Problem[] = [];
  const lay = layout(header, [...WHC_COLUMNS, { ...WEEK_COLUMN, optional: true }], file, local);
  const hasWeekColumn = (lay?.at.get("week") ?? -1) >= 0;
  const columns = hasWeekColumn ? [...WHC_COLUMNS, WEEK_COLUMN] : WHC_COLUMNS;
  const read = lay ? readRows(grid.slice(headerAt + 1), lay, columns, file, local) : [];
  problems.push(...local.map((p) => ({ ...p, ...at, message: `sheet '${name}': ${p.message}` })));
  if (!lay) return null;
  // The week: the sheet's name, else the Week column, else a label above the header.
  let week = weekLabel(name, ctx);
  if (!week && hasWeekColumn) {
    const labels = [...new Set(read.map((r) => r.values.week as string | null).filter((x) => x))];
    if (labels.length > 1) {
      problems.push(
        fatal(file, `sheet '${name}': the Week column holds several weeks (${labels.join(", ")}).`, at),
      );
      return null;
    }
    week = labels.length ? weekLabel(labels[0]!, ctx) : null;
  }
  if (!week) {
    week = grid.slice(0, headerAt).flatMap((r) =>
      r.cells.map((c) => findWeekLabel(text(c).value ?? ""))
    ).find((w) =>
      w
    ) ?? null;
  }
  if (!week) {
    problems.push(
      fatal(
        file,
        `sheet '${name}': its week is not in the sheet's name (e.g. 2026-W21) nor in the sheet.`,
        at,
      ),
    );
    return null;
  }
  const wk = weekText(week);
  const rows = read.map(({ row, values }): WhcRow => {
    const { week: _w, ...v } = values;
    return { sheet: name, week: wk, row, ...(v as Omit<WhcRow, "sheet" | "week" | "row">) };
  });
  return { week, rows };
}

/** Parses the WHC workbook: every sheet that holds a week. Never throws. */
export async function parseWhc(
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): Promise<WhcResult> {
  const name = readName(fileName);
  const identity: FileIdentity = { kind: "whc-xlsx", station: name.station, week: name.week, dsp: name.dsp };
  const problems: Problem[] = [];
  const rows: WhcRow[] = [];
  const weeks: WeekRef[] = [];
  const ctx = { nameWeek: name.week, today: opts.today ?? importDay() };
  try {
    const wb = await loadWorkbook(bytes, fileName, problems);
    const sheets = wb
      ? wb.worksheets.map((ws, i) => ({ name: ws.name, n: i + 1, grid: worksheetGrid(ws) }))
      : [];
    const used = sheets.filter((s) => s.grid.length);
    if (wb && !used.length) problems.push(fatal(fileName, "the workbook is empty."));
    const seen = new Map<string, string>();
    for (const s of used) {
      const got = readSheet(s.name, s.n, s.grid, fileName, problems, ctx);
      if (!got) continue;
      const wk = weekText(got.week);
      if (seen.has(wk)) {
        problems.push(
          fatal(fileName, `sheets '${seen.get(wk)}' and '${s.name}' are both week ${wk}.`, { page: s.n }),
        );
        continue;
      }
      seen.set(wk, s.name);
      weeks.push(got.week);
      const dups: Problem[] = [];
      rows.push(...dropDuplicates(got.rows, (r) => r.transporterId, "TID", fileName, dups));
      problems.push(...dups.map((p) => ({ ...p, page: s.n, message: `sheet '${s.name}': ${p.message}` })));
    }
    weeks.sort(compareWeeks);
    if (name.week && weeks.length && !weeks.some((w) => compareWeeks(w, name.week!) === 0)) {
      problems.push(
        fatal(
          fileName,
          `the file name says week ${weekText(name.week)} but the sheets are ${
            weeks.map(weekText).join(", ")
          }.`,
        ),
      );
    }
    identity.week = name.week ?? weeks[weeks.length - 1] ?? null;
    if (wb) settleStation(identity, null, "", fileName, problems, opts);
  } catch (e) {
    problems.push(
      fatal(fileName, `the workbook cannot be read (${String((e as Error)?.message ?? e).slice(0, 160)}).`),
    );
  }
  const r = finish(identity, rows, problems);
  return { ...r, weeks: r.ok ? weeks : [] };
}
