// The flow every weekly Amazon file parser shares: settling the file's station and week from its name and
// its content (they must agree), dropping repeated DAs, assembling the ParseResult, and turning anything a
// parser throws into a fatal problem. parseWeeklyCsv is the whole flow for the per-DA weekly CSVs.
import { compareWeeks, parseWeekLabel, type WeekRef } from "../dates/weeks.ts";
import { readName, weekText } from "./identify.ts";
import { type Column, csvGrid, fatal, headerRow, layout, readRows } from "./sheet.ts";
import type { AmazonKind, FileIdentity, ParseResult, Problem } from "./types.ts";
import { type Read, text } from "./values.ts";

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

/** A Week cell (`2026-W21`, `Week 21 - 2026`) as `2026-W21`. */
export function weekCell(v: unknown): Read<string> {
  const s = text(v).value ?? "";
  const w = parseWeekLabel(s);
  return w ? { value: weekText(w) } : { problem: `'${s.slice(0, 40)}' is not a week like 2026-W21` };
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
  return guard(fileName, identity, (problems) => {
    const grid = csvGrid(bytes, fileName, problems);
    if (!grid) return [];
    if (grid.length === 0) {
      problems.push(fatal(fileName, "the file is empty."));
      return [];
    }
    const at = headerRow(grid, spec.columns);
    const lay = layout(grid[at], spec.columns, fileName, problems);
    if (!lay) return [];
    const data = grid.slice(at + 1);
    if (data.length === 0 && spec.needsRows !== false) {
      problems.push(fatal(fileName, `there are no ${spec.rowsAre} under the header.`));
    }
    const read = readRows(data, lay, spec.columns, fileName, problems);
    let contentWeek: WeekRef | null = null;
    if (spec.columns.some((c) => c.key === "week")) {
      const weeks = [...new Set(read.map((r) => r.values.week as string))];
      if (weeks.length > 1) {
        problems.push(
          fatal(fileName, `the Week column holds several weeks (${weeks.join(", ")}).`, {
            column: lay.labels.get("week"),
          }),
        );
      }
      contentWeek = weeks.length === 1 ? parseWeekLabel(weeks[0]) : null;
    }
    settleWeek(identity, name.week, contentWeek, "the Week column says", fileName, problems);
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
