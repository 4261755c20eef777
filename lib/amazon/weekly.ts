// The flow every weekly Amazon file parser shares: settling the file's station and week from its name and
// its content (they must agree), dropping repeated DAs, assembling the ParseResult, and turning anything a
// parser throws into a fatal problem. parseWeeklyCsv is the whole flow for the per-DA weekly CSVs.
import { compareWeeks, type WeekRef } from "../dates/weeks.ts";
import { readName, weekText } from "./identify.ts";
import { type Column, csvGrid, fatal, headerRow, layout, readRows } from "./sheet.ts";
import type { AmazonKind, FileIdentity, ParseResult, Problem } from "./types.ts";
import { type Read, text } from "./values.ts";
import { formText, importDay, readWeekForm, withYear } from "./week-forms.ts";

/** One line for a person: "file.csv, row 5, column 'DCR': '9x%' is not a percentage". */
export function describe(p: Problem): string {
  const where = [
    p.file,
    p.page ? `page ${p.page}` : "",
    p.row ? `row ${p.row}` : "",
    p.column ? `column '${p.column}'` : "",
  ]
    .filter(Boolean).join(", ");
  return `${where}: ${p.message}`;
}

export function finish<T>(identity: FileIdentity, rows: T[], problems: Problem[]): ParseResult<T> {
  const ok = !problems.some((p) => p.fatal);
  return { identity, rows: ok ? rows : [], problems, ok };
}

/** What the caller knows already (the station picked in the dialog): used when the name does not say it. */
export interface ParseOptions {
  station?: string;
  /** The import's day (YYYY-MM-DD) that gives a year-less week its year; today by default. */
  today?: string;
}

/**
 * Settles the file's week from its name and its content: they must agree (fatal naming both otherwise);
 * either alone is taken; neither is fatal. `source` ends in its verb: "the Week column says".
 */
export function settleWeek(
  identity: FileIdentity,
  nameWeek: WeekRef | null,
  contentWeek: WeekRef | null,
  source: string,
  fileName: string,
  problems: Problem[],
): void {
  if (nameWeek && contentWeek && compareWeeks(nameWeek, contentWeek) !== 0) {
    problems.push(
      fatal(
        fileName,
        `the file name says week ${weekText(nameWeek)} but ${source} ${weekText(contentWeek)}.`,
      ),
    );
  } else if (!nameWeek && !contentWeek) {
    problems.push(fatal(fileName, "the week is neither in the file name nor in the file."));
  }
  identity.week = contentWeek ?? nameWeek;
}

/** The station from the name (else the caller's); content that names another one is fatal. */
export function settleStation(
  identity: FileIdentity,
  contentStation: string | null,
  source: string,
  fileName: string,
  problems: Problem[],
  opts: ParseOptions = {},
): void {
  const given = opts.station?.trim().toUpperCase() || null;
  const named = identity.station?.toUpperCase() ?? null;
  if (named && given && named !== given) {
    problems.push(fatal(fileName, `the file name says station ${named} but the upload is for ${given}.`));
  }
  const station = named ?? given;
  if (station && contentStation && station !== contentStation.toUpperCase()) {
    problems.push(fatal(fileName, `the file name says station ${station} but ${source} ${contentStation}.`));
  }
  identity.station = station ?? contentStation?.toUpperCase() ?? null;
  if (!identity.station) {
    problems.push(fatal(fileName, "the station is not in the file name (…_<DSP>_<STATION>_<week>)."));
  }
}

/** Keeps the first row of each key (transporter ID); later ones are skipped with a problem. */
export function dropDuplicates<T extends { row: number }>(
  rows: T[],
  keyOf: (r: T) => string,
  column: string,
  fileName: string,
  problems: Problem[],
): T[] {
  const seen = new Map<string, number>();
  return rows.filter((r) => {
    const k = keyOf(r);
    const first = seen.get(k);
    if (first === undefined) {
      seen.set(k, r.row);
      return true;
    }
    problems.push({
      file: fileName,
      row: r.row,
      column,
      message: `${k} is already on row ${first}; the row was skipped.`,
    });
    return false;
  });
}

/** Runs a parser body; anything it throws becomes a fatal problem (a parser never throws). */
export function guard<T>(
  fileName: string,
  identity: FileIdentity,
  body: (problems: Problem[]) => T[],
): ParseResult<T> {
  const problems: Problem[] = [];
  try {
    return finish(identity, body(problems), problems);
  } catch (e) {
    problems.push(
      fatal(fileName, `the file cannot be read (${String((e as Error)?.message ?? e).slice(0, 160)}).`),
    );
    return finish(identity, [], problems);
  }
}

/** A Week cell in any form week-forms.ts reads, as `2026-W21`, or `W21` when it gives no year. */
export function weekCell(v: unknown): Read<string> {
  const s = text(v).value ?? "";
  const f = readWeekForm(s);
  return f ? { value: formText(f) } : { problem: `'${s.slice(0, 40)}' is not a week like 2026-W21` };
}

/**
 * The week the Week column gives (null when it has none), each cell's year settled against the name's
 * week or the import's day; several weeks are fatal. A year taken from the import's day is noted.
 */
function columnWeek(
  cells: string[],
  nameWeek: WeekRef | null,
  today: string,
  column: string | undefined,
  fileName: string,
  problems: Problem[],
): WeekRef | null {
  const forms = [...new Set(cells)].map((c) => readWeekForm(c)).filter((f) => f !== null);
  const weeks = new Map<string, WeekRef | null>();
  for (const f of forms) {
    const w = withYear(f, nameWeek, today);
    weeks.set(w ? weekText(w) : formText(f), w);
  }
  if (weeks.size > 1) {
    problems.push(
      fatal(fileName, `the Week column holds several weeks (${[...weeks.keys()].join(", ")}).`, { column }),
    );
    return null;
  }
  const [label, week] = [...weeks][0] ?? [null, null];
  if (label && !week) {
    problems.push(
      fatal(fileName, `the Week column's ${label} is not a week of the file name's year.`, { column }),
    );
  }
  if (week && forms.some((f) => f.year === null) && !nameWeek) {
    problems.push({
      file: fileName,
      column,
      message: `the Week column gives week ${week.week} without its year; read as ${
        weekText(week)
      }, the latest such week up to the import.`,
    });
  }
  return week;
}

export interface WeeklyCsvSpec<T> {
  kind: AmazonKind;
  columns: readonly Column[];
  /** The row's field of the transporter ID (duplicates are skipped), or null when a DA may repeat. */
  key: string | null;
  /** What the file's rows are called in messages ("DA rows", "packages"). */
  rowsAre: string;
  /** false when a file with a header and no rows is a real file (a week without concessions). */
  needsRows?: boolean;
  map?: (values: Record<string, unknown>, row: number) => T;
}

/**
 * Parses a weekly per-DA CSV: header, rows through the columns, the Week column (column key `week`, when
 * the spec has one) settled against the name, station from the name. Never throws.
 */
export function parseWeeklyCsv<T>(
  spec: WeeklyCsvSpec<T>,
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): ParseResult<T> {
  const name = readName(fileName);
  const identity: FileIdentity = { kind: spec.kind, station: name.station, week: name.week, dsp: name.dsp };
  const today = opts.today ?? importDay();
  // The Week column is a key column only when the name gives no week; otherwise a file may lack it.
  const named = name.week !== null || name.bareWeek !== null;
  const columns = spec.columns.map((c) => (c.key === "week" ? { ...c, isKey: !named, optional: named } : c));
  const hasWeek = columns.some((c) => c.key === "week");
  return guard(fileName, identity, (problems) => {
    const grid = csvGrid(bytes, fileName, problems);
    if (!grid) return [];
    if (grid.length === 0) {
      problems.push(fatal(fileName, "the file is empty."));
      return [];
    }
    const at = headerRow(grid, columns);
    const lay = layout(grid[at], columns, fileName, problems);
    if (!lay) return [];
    const data = grid.slice(at + 1);
    if (data.length === 0 && spec.needsRows !== false) {
      problems.push(fatal(fileName, `there are no ${spec.rowsAre} under the header.`));
    }
    const read = readRows(data, lay, columns, fileName, problems);
    const cells = read.map((r) => r.values.week).filter((w): w is string => typeof w === "string");
    const contentWeek = columnWeek(cells, name.week, today, lay.labels.get("week"), fileName, problems);
    // A year-less week in the name (`..._W44.csv`) takes the column's year, else the import's day's.
    const nameWeek = name.week ??
      (name.bareWeek !== null ? withYear({ year: null, week: name.bareWeek }, contentWeek, today) : null);
    settleWeek(identity, nameWeek, contentWeek, "the Week column says", fileName, problems);
    if (hasWeek && identity.week) { for (const r of read) r.values.week = weekText(identity.week); }
    settleStation(identity, null, "", fileName, problems, opts);
    if (data.length && !read.length) {
      problems.push(fatal(fileName, `none of the ${data.length} rows could be read.`));
    }
    const rows = read.map((
      { row, values },
    ) => (spec.map ? spec.map(values, row) : ({ row, ...values } as T)));
    if (!spec.key) return rows;
    const key = spec.key;
    return dropDuplicates(
      rows as (T & { row: number })[],
      (r) => String((r as Record<string, unknown>)[key]),
      lay.labels.get(key) ?? key,
      fileName,
      problems,
    );
  });
}
