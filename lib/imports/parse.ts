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
import { offThread } from "../parse-pool/offthread.ts";
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
  /** Why the file was refused before any parser read it (the refusal's code says which). */
  refused?: "empty_file" | "wrong_dialog";
}

export const familyOf = (kind: AmazonKind): ImportFamily => (kind.endsWith("-pdf") ? "pdf" : "csv");

function refused(
  file: string,
  kind: AmazonKind | null,
  why: NonNullable<ParsedFile["refused"]>,
  message: string,
): ParsedFile {
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
    refused: why,
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

/** A parser's answer with its rows reshaped into the data tables. */
interface ReadFile {
  identity: FileIdentity;
  ok: boolean;
  problems: Problem[];
  tables: TableRows;
}

const read = (
  r: { identity: FileIdentity; ok: boolean; problems: Problem[] },
  tables: TableRows,
): ReadFile => ({
  identity: r.identity,
  ok: r.ok,
  problems: r.problems,
  tables,
});
const weekOf = (identity: FileIdentity) => (identity.week ? weekText(identity.week) : "");

type Reader = (bytes: Uint8Array, file: string, startPage?: number) => Promise<ReadFile>;

/** Each kind a dialog takes: its parser, and where its rows go. */
const READERS: Partial<Record<AmazonKind, Reader>> = {
  "scorecard-pdf": async (bytes, file, startPage) => {
    const r = await parseScorecardPdf(bytes, file, { startPage });
    const week = weekOf(r.identity);
    return read(r, {
      dsp_weekly_scorecards: r.summary ? [scorecardSummaryRow(r, week)] : [],
      da_weekly_performance: r.rows.map((x) => scorecardDaRow(x, week)),
      whc_exceptions: r.whcExceptions.map((x) => scorecardWhcRow(x, week)),
    });
  },
  "overview-csv": async (bytes, file) => {
    const r = parseOverview(bytes, file);
    return read(r, { da_weekly_performance: r.rows.map(overviewRow) });
  },
  "dnr-csv": async (bytes, file) => {
    const r = parseDnr(bytes, file);
    return read(r, { da_weekly_dsb: r.rows.map(dnrRow) });
  },
  "concessions-csv": async (bytes, file) => {
    const r = parseConcessions(bytes, file);
    const week = weekOf(r.identity);
    return read(r, { delivery_concessions: r.rows.map((x) => concessionRow(x, week)) });
  },
  "dcr-csv": async (bytes, file) => {
    const r = parseDcr(bytes, file);
    return read(r, { da_weekly_quality: r.rows.map(dcrRow) });
  },
  "pod-csv": async (bytes, file) => {
    const r = parsePod(bytes, file);
    return read(r, { da_weekly_quality: r.rows.map(podRow) });
  },
  "psb-csv": async (bytes, file) => {
    const r = parsePsb(bytes, file);
    return read(r, { da_weekly_quality: r.rows.map(psbRow) });
  },
  "reliability-pdf": async (bytes, file) => {
    const r = await parseReliabilityPdf(bytes, file);
    return read(r, { capacity_reliability_days: r.rows.map(reliabilityRow) });
  },
  "reliability-xlsx": async (bytes, file) => {
    const r = await parseReliabilityXlsx(bytes, file);
    return read(r, { capacity_reliability_days: r.rows.map(reliabilityRow) });
  },
  "whc-xlsx": async (bytes, file) => {
    const r = await parseWhc(bytes, file);
    return read(r, { whc_exceptions: r.rows.map(whcRow) });
  },
};

/**
 * Recognises, parses and reshapes one upload, in a parse worker when the server runs one (the file's time
 * and memory budgets: a file over either is refused with a `parse.*` DomainError). Otherwise never throws
 * on bad input: problems say what is wrong.
 */
export async function parseUpload(input: ParseInput): Promise<ParsedFile> {
  const { bytes, ...rest } = input;
  return await offThread("amazon", rest, bytes, () => parseUploadHere(input));
}

/** parseUpload in this process (the worker's own job, tests and the CLI). */
export async function parseUploadHere(input: ParseInput): Promise<ParsedFile> {
  const { dialog, fileName: file, bytes } = input;
  if (!bytes.byteLength) return refused(file, null, "empty_file", "the file is empty.");
  const kind = kindOf(file, bytes.subarray(0, 8192));
  const reader = kind && DIALOG_KINDS[dialog].includes(kind) ? READERS[kind] : undefined;
  if (!kind || !reader) return refused(file, kind, "wrong_dialog", wrongDialog(dialog, kind));
  const startPage = dialog === "pdf" ? input.startPage : undefined;
  const r = await reader(bytes, file, startPage);
  return {
    file,
    kind,
    slot: KIND_SLOT[kind]!,
    family: familyOf(kind),
    options: startPage ? { startPage } : {},
    ok: r.ok,
    problems: r.problems,
    station: r.identity.station,
    week: r.identity.week ? weekText(r.identity.week) : null,
    dsp: r.identity.dsp,
    tables: r.ok ? r.tables : {},
  };
}
