/**
 * The weekly DSP Scorecard PDF (amazon-files.md section 1), both generations:
 * - per-DA: summary page(s), then the 'DSP WEEKLY SUMMARY' table from the page the user names (early,
 *   later and EU 3.0 column layouts, possibly over several pages) and 'Drivers With Working Hour
 *   Exceptions' (scorecard-tables.ts);
 * - DSP-level (US, from 15 Oct 2025): the summary only (scorecard-summary.ts). A document without any DA
 *   table is read as this generation; a named start page is then not an error, unless the week predates
 *   the change (DSP_LEVEL_FROM).
 * Station and week come from the summary page and must agree with the file name. Pure; never throws.
 */
import { compareWeeks, type WeekRef } from "../dates/weeks.ts";
import { readName, STATION_CODE, weekText } from "./identify.ts";
import { fatal, finish, type PdfDoc, readPdf, toLines } from "./pdf-text.ts";
import { type ScorecardSummary, summaryOf } from "./scorecard-summary.ts";
import {
  daTable,
  daTableEnd,
  isDaAnchor,
  type ScorecardDaRow,
  type ScorecardLayout,
  type WhcExceptionRow,
  whcTable,
} from "./scorecard-tables.ts";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";

export { SCORECARD_METRICS, type ScorecardMetric, type ScorecardSummary } from "./scorecard-summary.ts";
export type { ScorecardDaRow, ScorecardLayout, WhcExceptionRow } from "./scorecard-tables.ts";

export type ScorecardGeneration = "per-da" | "dsp-level";
export interface ScorecardResult extends ParseResult<ScorecardDaRow> {
  generation: ScorecardGeneration | null;
  layout: ScorecardLayout | null;
  /** the page the DA table starts on (null for the DSP-level generation) */
  startPage: number | null;
  pageCount: number;
  summary: ScorecardSummary | null;
  whcExceptions: WhcExceptionRow[];
}

export interface ScorecardOptions {
  /** the page where the DA table starts, as the user names it (1-based); found by itself when absent */
  startPage?: number;
  /** the station the upload is for (the dialog's), used when neither name nor content says it */
  station?: string;
}

/** US scorecards carry DSP-level scores only from 15 Oct 2025, i.e. from the week 2025-W41 they report. */
export const DSP_LEVEL_FROM: WeekRef = { year: 2025, week: 41 };

export async function parseScorecardPdf(
  bytes: Uint8Array,
  fileName: string,
  opts: ScorecardOptions = {},
): Promise<ScorecardResult> {
  const named = safeName(fileName);
  const identity: FileIdentity = {
    kind: "scorecard-pdf",
    station: named.station,
    week: named.week,
    dsp: named.dsp,
  };
  const problems: Problem[] = [];
  const out = (rows: ScorecardDaRow[], extra: Partial<ScorecardResult> = {}): ScorecardResult => {
    const r = finish(identity, rows, problems);
    return {
      ...r,
      generation: extra.generation ?? null,
      layout: extra.layout ?? null,
      startPage: extra.startPage ?? null,
      pageCount: extra.pageCount ?? 0,
      summary: r.ok ? extra.summary ?? null : null,
      whcExceptions: r.ok ? extra.whcExceptions ?? [] : [],
    };
  };
  try {
    const read = await readPdf(bytes);
    if (!read.ok) {
      problems.push(fatal(fileName, `${read.message}.`));
      return out([]);
    }
    return out(...body(read.doc, fileName, opts, identity, named, problems));
  } catch (e) {
    problems.push(
      fatal(fileName, `the PDF cannot be read (${String((e as Error)?.message ?? e).slice(0, 160)}).`),
    );
    return out([]);
  }
}

function safeName(fileName: string) {
  try {
    return readName(fileName);
  } catch {
    return { station: null, dsp: null, week: null, bareWeek: null };
  }
}

/** A start page the user gave that cannot be one: not a whole number from 1, or past the end. */
function badStartPage(wanted: number | undefined, pageCount: number, file: string): Problem | null {
  if (wanted === undefined) return null;
  if (!Number.isInteger(wanted) || wanted < 1) {
    return fatal(file, `the start page must be a whole number from 1, got ${String(wanted)}.`);
  }
  if (wanted <= pageCount) return null;
  return fatal(
    file,
    `page ${wanted} is beyond the document, which has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
    { page: wanted },
  );
}

/** A DSP-level scorecard (no DA table) for a week before Amazon stopped listing the DAs is refused. */
function dspLevelProblem(week: WeekRef | null, wanted: number | undefined, file: string): Problem | null {
  if (!week || compareWeeks(week, DSP_LEVEL_FROM) >= 0) return null;
  const where = wanted
    ? `page ${wanted} has no DSP WEEKLY SUMMARY table, nor has any other page`
    : "no page has the DSP WEEKLY SUMMARY table";
  return fatal(
    file,
    `${where}; scorecards for weeks before ${weekText(DSP_LEVEL_FROM)} list the DAs.`,
    wanted ? { page: wanted } : {},
  );
}

/** The DA table must start on the start page: not on a page without it, nor inside a table begun earlier. */
function misplacedStart(doc: PdfDoc, tablePages: number[], start: number, file: string): Problem | null {
  if (!tablePages.includes(start)) {
    const found = tablePages.filter((p) => p > start)[0] ?? tablePages[0];
    return fatal(file, `page ${start} has no DSP WEEKLY SUMMARY table (it starts on page ${found}).`, {
      page: start,
    });
  }
  const first = tablePages[0];
  if (first < start && daTableEnd(doc, first) >= start) {
    return fatal(
      file,
      `page ${start} is inside the DSP WEEKLY SUMMARY table, which starts on page ${first}.`,
      {
        page: start,
      },
    );
  }
  return null;
}

function body(
  doc: PdfDoc,
  file: string,
  opts: ScorecardOptions,
  identity: FileIdentity,
  named: { station: string | null; week: WeekRef | null },
  problems: Problem[],
): [ScorecardDaRow[], Partial<ScorecardResult>] {
  const base = { pageCount: doc.pageCount };
  const wanted = opts.startPage;
  const badStart = badStartPage(wanted, doc.pageCount, file);
  if (badStart) {
    problems.push(badStart);
    return [[], base];
  }
  const tablePages = doc.pages.filter((p) => toLines(p.items).some(isDaAnchor)).map((p) => p.number);
  const start = wanted ?? tablePages[0] ?? null;
  const generation: ScorecardGeneration = tablePages.length ? "per-da" : "dsp-level";

  // ---- the summary: the pages before the table (page 1 itself when the table starts there)
  const summaryPages = generation === "dsp-level"
    ? doc.pages
    : doc.pages.slice(0, Math.max(1, (start ?? 1) - 1));
  const summary = summaryOf(summaryPages, file, problems);
  if (!summary) {
    const page = summaryPages[0].number;
    problems.push(
      fatal(
        file,
        `page ${page} is not a scorecard summary (no 'Week N - YYYY', '<DSP> at <STN>' or 'Overall Score').`,
        { page },
      ),
    );
    return [[], base];
  }
  if (!agree(file, summary, named, identity, problems, opts.station)) return [[], { ...base, summary }];
  const refused = generation === "dsp-level"
    ? dspLevelProblem(identity.week, wanted, file)
    : misplacedStart(doc, tablePages, start!, file);
  if (refused) problems.push(refused);
  if (generation === "dsp-level" || refused) return [[], { ...base, generation, summary }];
  const { rows, layout } = daTable(doc, start!, file, problems);
  const whcExceptions = whcTable(doc, start!, file, problems);
  return [rows, { ...base, generation, layout, startPage: start, summary, whcExceptions }];
}

/** Station and week: the summary page's, checked against the name's; one of the two must give each. */
function agree(
  file: string,
  s: ScorecardSummary,
  named: { station: string | null; week: WeekRef | null },
  identity: FileIdentity,
  problems: Problem[],
  station?: string,
): boolean {
  const at = { page: s.page };
  const given = station?.trim().toUpperCase() || null;
  let good = true;
  if (named.station && s.station && named.station !== s.station) {
    problems.push(
      fatal(file, `the file name says station ${named.station} but the summary page says ${s.station}.`, at),
    );
    good = false;
  }
  if (named.week && s.week && compareWeeks(named.week, s.week) !== 0) {
    problems.push(
      fatal(
        file,
        `the file name says week ${weekText(named.week)} but the summary page says ${weekText(s.week)}.`,
        at,
      ),
    );
    good = false;
  }
  identity.station = s.station ?? named.station;
  if (identity.station && given && identity.station !== given) {
    problems.push(
      fatal(file, `the file is for station ${identity.station} but the upload is for ${given}.`, at),
    );
    good = false;
  }
  identity.station ??= given;
  identity.week = s.week ?? named.week;
  identity.dsp = s.dsp ?? identity.dsp;
  if (!identity.station || !STATION_CODE.test(identity.station)) {
    problems.push(
      fatal(file, "the station is neither in the file name nor on the summary page ('<DSP> at <STN>').", at),
    );
    good = false;
  }
  if (!identity.week) {
    problems.push(
      fatal(file, "the week is neither in the file name nor on the summary page ('Week N - YYYY').", at),
    );
    good = false;
  }
  return good;
}
