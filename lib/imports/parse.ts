// From an upload to what store.ts writes: the dialog's file is recognised (identify.ts), handed to its
// parser, and its rows are reshaped into the data tables' columns. Pure (no database): the store parses
// before its transaction opens, and a re-run parses the kept bytes with today's parsers.
import type { AmazonKind, FileIdentity, Problem } from "../amazon/types.ts";
import { kindOf, weekText } from "../amazon/identify.ts";
import { parseScorecardPdf } from "../amazon/scorecard-pdf.ts";
import { parseOverview } from "../amazon/overview.ts";
import { parseDnr } from "../amazon/dnr.ts";
import { parseConcessions } from "../amazon/concessions.ts";
import { parseDcr, parsePod, parsePsb } from "../amazon/quality.ts";
import { parseReliabilityPdf } from "../amazon/reliability-pdf.ts";
import { parseReliabilityXlsx } from "../amazon/reliability-xlsx.ts";
import { parseWhc } from "../amazon/whc.ts";
import { DIALOG_KINDS, type ImportDialog, type ImportFamily, type ImportSlot, KIND_SLOT } from "./dto.ts";
import {
  concessionRow,
  dcrRow,
  dnrRow,
  overviewRow,
  podRow,
  psbRow,
  reliabilityRow,
  scorecardDaRow,
  scorecardSummaryRow,
  scorecardWhcRow,
  type TableRows,
  whcRow,
} from "./rows.ts";

/** What each kind is called in messages. */
export const KIND_LABEL: Record<AmazonKind, string> = {
  "scorecard-pdf": "weekly scorecard PDF",
  "overview-csv": "weekly overview CSV",
  "dnr-csv": "DNR / DSB CSV",
  "concessions-csv": "delivery concessions CSV",
  "dcr-csv": "DCR quality CSV",
  "pod-csv": "POD quality CSV",
  "psb-csv": "PSB quality CSV",
  "returns-csv": "package returns CSV",
  "reliability-xlsx": "capacity reliability XLSX",
  "reliability-pdf": "capacity reliability PDF",
  "whc-xlsx": "working hours (WHC) XLSX",
};

/** The dialogs as the /import page names them. */
export const DIALOG_LABEL: Record<ImportDialog, string> = {
  pdf: "Weekly PDF",
  dnr: "DNR CSV",
  csv: "Weekly CSV",
  reliability: "Capacity reliability",
  whc: "WHC XLSX",
  quality: "Quality CSV (DCR/POD/PSB)",
};

export interface ParsedFile {
  file: string;
  kind: AmazonKind | null;
  slot: ImportSlot | null;
  family: ImportFamily;
  ok: boolean;
  problems: Problem[];
  /** the station tag and `2026-W21` week the file is for */
  station: string | null;
  week: string | null;
  dsp: string | null;
  options: { startPage?: number };
  tables: TableRows;
}

export const familyOf = (kind: AmazonKind): ImportFamily => (kind.endsWith("-pdf") ? "pdf" : "csv");

function refused(file: string, kind: AmazonKind | null, message: string): ParsedFile {
  return {
    file,
    kind,
    slot: kind ? KIND_SLOT[kind] ?? null : null,
    family: kind ? familyOf(kind) : "csv",
    ok: false,
    problems: [{ file, message, fatal: true }],
    station: null,
    week: null,
    dsp: null,
    options: {},
    tables: {},
  };
}

/** Why a dialog does not take a file, naming what it looks like and where it goes instead. */
export function wrongDialog(dialog: ImportDialog, kind: AmazonKind | null): string {
  if (!kind) {
    const wants = DIALOG_KINDS[dialog].map((k) => KIND_LABEL[k]).join(" or ");
    return `it is not a file any Amazon import reads; the ${DIALOG_LABEL[dialog]} dialog takes a ${wants}.`;
  }
  const home = (Object.keys(DIALOG_KINDS) as ImportDialog[]).find((d) => DIALOG_KINDS[d].includes(kind));
  const where = home ? `upload it in the ${DIALOG_LABEL[home]} dialog` : "no import takes this kind of file";
  return `it looks like a ${KIND_LABEL[kind]}, not what the ${DIALOG_LABEL[dialog]} dialog takes; ${where}.`;
}

export interface ParseInput {
  dialog: ImportDialog;
  fileName: string;
  bytes: Uint8Array;
  startPage?: number;
}

/** Recognises, parses and reshapes one upload. Never throws on bad input: problems say what is wrong. */
export async function parseUpload(input: ParseInput): Promise<ParsedFile> {
  const { dialog, fileName: file, bytes } = input;
  if (!bytes.byteLength) return refused(file, null, "the file is empty.");
  const kind = kindOf(file, bytes.subarray(0, 8192));
  if (!kind || !DIALOG_KINDS[dialog].includes(kind)) return refused(file, kind, wrongDialog(dialog, kind));
  const startPage = dialog === "pdf" ? input.startPage : undefined;
  const base = {
    file,
    kind,
    slot: KIND_SLOT[kind]!,
    family: familyOf(kind),
    options: startPage ? { startPage } : {},
  };
  const done = (identity: FileIdentity, ok: boolean, problems: Problem[], tables: TableRows): ParsedFile => {
    const week = identity.week ? weekText(identity.week) : null;
    return {
      ...base,
      ok,
      problems,
      station: identity.station,
      week,
      dsp: identity.dsp,
      tables: ok ? tables : {},
    };
  };
  switch (kind) {
    case "scorecard-pdf": {
      const r = await parseScorecardPdf(bytes, file, { startPage });
      const week = r.identity.week ? weekText(r.identity.week) : "";
      return done(r.identity, r.ok, r.problems, {
        dsp_weekly_scorecards: r.summary ? [scorecardSummaryRow(r, week)] : [],
        da_weekly_performance: r.rows.map((x) => scorecardDaRow(x, week)),
        whc_exceptions: r.whcExceptions.map((x) => scorecardWhcRow(x, week)),
      });
    }
    case "overview-csv": {
      const r = parseOverview(bytes, file);
      return done(r.identity, r.ok, r.problems, { da_weekly_performance: r.rows.map(overviewRow) });
    }
    case "dnr-csv": {
      const r = parseDnr(bytes, file);
      return done(r.identity, r.ok, r.problems, { da_weekly_dsb: r.rows.map(dnrRow) });
    }
    case "concessions-csv": {
      const r = parseConcessions(bytes, file);
      const week = r.identity.week ? weekText(r.identity.week) : "";
      return done(r.identity, r.ok, r.problems, {
        delivery_concessions: r.rows.map((x) => concessionRow(x, week)),
      });
    }
    case "dcr-csv": {
      const r = parseDcr(bytes, file);
      return done(r.identity, r.ok, r.problems, { da_weekly_quality: r.rows.map(dcrRow) });
    }
    case "pod-csv": {
      const r = parsePod(bytes, file);
      return done(r.identity, r.ok, r.problems, { da_weekly_quality: r.rows.map(podRow) });
    }
    case "psb-csv": {
      const r = parsePsb(bytes, file);
      return done(r.identity, r.ok, r.problems, { da_weekly_quality: r.rows.map(psbRow) });
    }
    case "reliability-pdf": {
      const r = await parseReliabilityPdf(bytes, file);
      return done(r.identity, r.ok, r.problems, { capacity_reliability_days: r.rows.map(reliabilityRow) });
    }
    case "reliability-xlsx": {
      const r = await parseReliabilityXlsx(bytes, file);
      return done(r.identity, r.ok, r.problems, { capacity_reliability_days: r.rows.map(reliabilityRow) });
    }
    case "whc-xlsx": {
      const r = await parseWhc(bytes, file);
      return done(r.identity, r.ok, r.problems, { whc_exceptions: r.rows.map(whcRow) });
    }
    default:
      return refused(file, kind, wrongDialog(dialog, kind));
  }
}
