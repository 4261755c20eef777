/**
 * The capacity reliability PDF (amazon-files.md section 5): the XLSX's table printed — dates across
 * (a weekday may stand over each date), the label in the first column, 'Total' last; rows Capacity
 * reliability ('98.5%'), Completed routes, Amazon paid cancels, DSP dropped routes, Reliability target,
 * Route target, Flex-up route target, Final scheduled, DSP available capacity; '-' is empty.
 * One row per date; the Total column apart. The week is the dates' (they must lie in one Sunday-Saturday
 * week) and must agree with the name's and any printed 'Week N - YYYY'. Pure; never throws.
 */
import { compareWeeks, findWeekLabel, weekOf, type WeekRef } from "../dates/weeks.ts";
import { readName, STATION_CODE, weekText } from "./identify.ts";
import {
  cellsOf,
  type Column,
  fatal,
  finish,
  headerAround,
  type PdfDoc,
  readPdf,
  type TextLine,
  toLines,
  words,
} from "./pdf-text.ts";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";
import { date, headerKey, int, percent, type Read } from "./values.ts";

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

export interface ReliabilityResult extends ParseResult<ReliabilityDay> {
  /** the Total column (null when the table has none) */
  total: ReliabilityFigures | null;
  pageCount: number;
}

export interface ReliabilityOptions {
  /** the station the upload is for (the dialog's), used when neither name nor content says it */
  station?: string;
}

type Key = keyof ReliabilityFigures;
const pct = (v: unknown) => percent(v);
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

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = /\b(sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?,?\s*/gi;

/** A header date: '05/17/2026', '2026-05-17', '17-05-2026', 'May 17, 2026', '17 May 2026' (weekday ignored). */
export function headerDate(text: string): string | null {
  const s = text.replace(WEEKDAYS, "").replace(/,/g, " ").replace(/\s+/g, " ").trim();
  if (!s) return null;
  const m = /^(?:([a-z]{3})[a-z]*\.? (\d{1,2})|(\d{1,2})[ -]([a-z]{3})[a-z]*\.?)[ -](\d{4})$/i.exec(s);
  if (m) {
    const mon = MONTHS.indexOf((m[1] ?? m[4]).toLowerCase()) + 1;
    if (mon === 0) return null;
    return date(`${m[5]}-${String(mon).padStart(2, "0")}-${(m[2] ?? m[3]).padStart(2, "0")}`).value ?? null;
  }
  if (!/^[\d/-]+$/.test(s)) return null;
  return date(s).value ?? null;
}

const dateWords = (l: TextLine) => words(l.items).filter((w) => headerDate(w.str)).length;

export async function parseReliabilityPdf(
  bytes: Uint8Array,
  fileName: string,
  opts: ReliabilityOptions = {},
): Promise<ReliabilityResult> {
  let named: { station: string | null; dsp: string | null; week: WeekRef | null };
  try {
    named = readName(fileName);
  } catch {
    named = { station: null, dsp: null, week: null };
  }
  const identity: FileIdentity = {
    kind: "reliability-pdf",
    station: named.station,
    week: named.week,
    dsp: named.dsp,
  };
  const problems: Problem[] = [];
  let total: ReliabilityFigures | null = null;
  let pageCount = 0;
  let days: ReliabilityDay[] = [];
  try {
    const read = await readPdf(bytes);
    if (!read.ok) problems.push(fatal(fileName, `${read.message}.`));
    else {
      pageCount = read.doc.pageCount;
      const t = table(read.doc, fileName, problems);
      if (t) {
        days = t.days;
        total = t.total;
        settle(read.doc, t.page, days, named, identity, fileName, problems, opts);
      }
    }
  } catch (e) {
    problems.push(
      fatal(fileName, `the PDF cannot be read (${String((e as Error)?.message ?? e).slice(0, 160)}).`),
    );
  }
  const r = finish(identity, days, problems);
  return { ...r, total: r.ok ? total : null, pageCount };
}

type At = { page: number };

/**
 * The labelled rows under the header: each known label's values by column (a bad cell is null with a
 * problem), an unknown label with a full row noted and ignored, a label twice kept once.
 */
function figureRows(
  lines: TextLine[],
  bottom: number,
  cols: Column[],
  at: At,
  file: string,
  problems: Problem[],
) {
  const edge = Math.min(...cols.map((c) => c.x0)) - 4;
  const found = new Map<Key, (number | null)[]>();
  let row = 0;
  for (const l of lines.filter((l) => l.y > bottom)) {
    const ws = words(l.items);
    const label = ws.filter((w) => w.x + w.w / 2 < edge).map((w) => w.str).join(" ");
    const cells = ws.filter((w) => w.x + w.w / 2 >= edge);
    if (!label || !cells.length) continue;
    row++;
    const spec = BY_LABEL.get(headerKey(label));
    if (!spec) {
      if (cells.length === cols.length) {
        problems.push({
          file,
          ...at,
          row,
          message: `the row '${label.slice(0, 40)}' is not one this import knows; ignored.`,
        });
      }
      continue;
    }
    if (found.has(spec.key)) {
      problems.push({
        file,
        ...at,
        row,
        message: `the row '${label}' appears twice; the second was skipped.`,
      });
      continue;
    }
    found.set(
      spec.key,
      cellsOf(cells, cols).map((cell, i) => {
        const got = spec.read(cell);
        if (got.problem === undefined) return got.value;
        problems.push({
          file,
          ...at,
          row,
          column: cols[i].name,
          message: `${got.problem} ('${label}'); the cell was skipped.`,
        });
        return null;
      }),
    );
  }
  return found;
}

type PageTable = { page: number; days: ReliabilityDay[]; total: ReliabilityFigures | null };

/** The page's table: "none" when the page has no row of dates, null (with a fatal problem) when it is unusable. */
function pageTable(
  page: PdfDoc["pages"][number],
  file: string,
  problems: Problem[],
): PageTable | "none" | null {
  const lines = toLines(page.items);
  const a = lines.findIndex((l) => dateWords(l) >= 3);
  if (a < 0) return "none";
  const { columns, bottom } = headerAround(lines, a);
  const values = columns.map((c) => ({ c, date: headerDate(c.name), total: /^total$/i.test(c.name.trim()) }))
    .filter((d) => d.date || d.total);
  const dates = values.filter((d) => d.date).map((d) => d.date!);
  const at = { page: page.number };
  if (new Set(dates).size !== dates.length) {
    problems.push(fatal(file, `a date appears twice in the table header (${dates.join(", ")}).`, at));
    return null;
  }
  const found = figureRows(lines, bottom, values.map((d) => d.c), at, file, problems);
  if (!found.has("capacityReliability")) {
    problems.push(fatal(file, "the table has no 'Capacity reliability' row.", at));
    return null;
  }
  const figures = (i: number) =>
    Object.fromEntries(
      ROWS.map((r) => [r.key, found.get(r.key)?.[i] ?? null]),
    ) as unknown as ReliabilityFigures;
  const days = values.flatMap((d, i) => (d.date ? [{ date: d.date, ...figures(i) }] : []));
  const ti = values.findIndex((d) => d.total);
  return { page: page.number, days, total: ti >= 0 ? figures(ti) : null };
}

/** The first page with a row of dates holds the table. */
function table(doc: PdfDoc, file: string, problems: Problem[]): PageTable | null {
  for (const page of doc.pages) {
    const t = pageTable(page, file, problems);
    if (t !== "none") return t;
  }
  problems.push(
    fatal(
      file,
      `no reliability table (a row of dates) on any of the ${doc.pageCount} page${
        doc.pageCount === 1 ? "" : "s"
      }.`,
    ),
  );
  return null;
}

/** The week from the table's dates: one week, agreeing with the page's label and the file's name. */
function settleDatesWeek(
  doc: PdfDoc,
  page: number,
  days: ReliabilityDay[],
  named: { week: WeekRef | null },
  file: string,
  problems: Problem[],
): WeekRef | null | "several" {
  const at = { page };
  const weeks = [...new Set(days.map((d) => weekText(weekOf(d.date))))];
  if (weeks.length > 1) {
    problems.push(
      fatal(
        file,
        `the dates run over more than one week (${weeks.join(", ")}); a reliability file covers one week.`,
        at,
      ),
    );
    return "several";
  }
  const week = days.length ? weekOf(days[0].date) : null;
  const lines = doc.pages.slice(0, page).flatMap((p) => toLines(p.items));
  const printed = lines.map((l) => findWeekLabel(l.text)).find((w) => w) ?? null;
  if (printed && week && compareWeeks(printed, week) !== 0) {
    problems.push(
      fatal(file, `the page says week ${weekText(printed)} but its dates are in ${weekText(week)}.`, at),
    );
  }
  if (named.week && week && compareWeeks(named.week, week) !== 0) {
    problems.push(
      fatal(
        file,
        `the file name says week ${weekText(named.week)} but the table's dates are in ${weekText(week)}.`,
        at,
      ),
    );
  }
  return week;
}

/** The station from '<DSP> at <STN>' (and the DSP), checked against the name and the upload's station. */
function settlePageStation(
  doc: PdfDoc,
  page: number,
  named: { station: string | null },
  identity: FileIdentity,
  file: string,
  problems: Problem[],
  opts: ReliabilityOptions,
) {
  const at = { page };
  const shown = doc.pages.slice(0, page).flatMap((p) => p.items)
    .map((i) => /^(.+?)\s+at\s+([A-Z0-9]{3,5})$/.exec(i.str)).find((m) => m && STATION_CODE.test(m[2]));
  const content = shown?.[2] ?? null;
  if (shown) identity.dsp = shown[1].trim();
  const given = opts.station?.trim().toUpperCase() || null;
  if (named.station && content && named.station !== content) {
    problems.push(
      fatal(file, `the file name says station ${named.station} but the page says ${content}.`, at),
    );
  }
  const station = content ?? named.station;
  if (station && given && station !== given) {
    problems.push(fatal(file, `the file is for station ${station} but the upload is for ${given}.`, at));
  }
  identity.station = station ?? given;
}

/** Week (from the dates) and station (from '<DSP> at <STN>'), checked against the name and the upload's station. */
function settle(
  doc: PdfDoc,
  page: number,
  days: ReliabilityDay[],
  named: { station: string | null; week: WeekRef | null },
  identity: FileIdentity,
  file: string,
  problems: Problem[],
  opts: ReliabilityOptions,
): void {
  const week = settleDatesWeek(doc, page, days, named, file, problems);
  if (week === "several") return;
  identity.week = week ?? named.week;
  settlePageStation(doc, page, named, identity, file, problems, opts);
  if (!identity.station) {
    problems.push(fatal(file, "the station is neither in the file name nor on the page ('<DSP> at <STN>')."));
  }
  if (!identity.week) problems.push(fatal(file, "the week is neither in the file name nor in the table."));
}
