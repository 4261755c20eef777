// What the /import screen says and shows about each upload dialog and each import: titles, accepted
// files, the toasts of 01 section 8, the Upload button's rule, and labels for kinds, tables and problems.
// Pure, so it is tested beside and the island stays layout only.
import type { AmazonKind, Problem } from "../../lib/amazon/types.ts";
import type { ImportDialog, ImportOutcomeDto } from "../../lib/imports/dto.ts";
import { uploadFields } from "../../lib/imports/inputs.ts";

/** The five dialogs the 'Upload Report' drawer offers (the quality CSVs are the CLI's). */
export type PageDialog = Exclude<ImportDialog, "quality">;

export interface DialogInfo {
  dialog: PageDialog;
  /** the drawer's entry and the dialog's title */
  title: string;
  /** one line under the entry: what the file is */
  hint: string;
  /** the file picker's accept; null accepts any file (the reliability dialog) */
  accept: string | null;
  /** the PDF dialog asks for the page where the DA table starts */
  needsPage: boolean;
}

export const PAGE_DIALOGS: readonly DialogInfo[] = [
  {
    dialog: "pdf",
    title: "Weekly report PDF",
    hint: "The DSP Scorecard PDF of a station's week.",
    accept: ".pdf",
    needsPage: true,
  },
  {
    dialog: "dnr",
    title: "Weekly DNR CSV",
    hint: "Deliveries not received (or the concessions export) of a week.",
    accept: ".csv",
    needsPage: false,
  },
  {
    dialog: "csv",
    title: "Weekly report CSV",
    hint: "The DSP overview CSV with every DA's weekly performance.",
    accept: ".csv",
    needsPage: false,
  },
  {
    dialog: "reliability",
    title: "Reliability scores (PDF or XLSX)",
    hint: "Capacity reliability of a week, as PDF or Excel.",
    accept: null,
    needsPage: false,
  },
  {
    dialog: "whc",
    title: "WHC check value XLSX",
    hint: "Working-hour exceptions of the DAs, one sheet per week.",
    accept: ".xlsx",
    needsPage: false,
  },
];

export function dialogInfo(dialog: PageDialog): DialogInfo {
  return PAGE_DIALOGS.find((d) => d.dialog === dialog)!;
}

const isPdfName = (name: string) => /\.pdf$/i.test(name.trim());

/** The success toast of 01 section 8, as each dialog showed it (reliability by the kind it turned out to be). */
export function successToast(dialog: PageDialog, kind: AmazonKind): string {
  switch (dialog) {
    case "pdf":
      return "PDF file was uploaded!";
    case "dnr":
      return "CSV file was uploaded!";
    case "csv":
      return "Csv file was uploaded!";
    case "reliability":
      return kind === "reliability-pdf" ? "PDF file was uploaded!" : "XLSX file was uploaded!";
    case "whc":
      return "Xlsx file was uploaded!";
  }
}

/**
 * The failure toast. The CSV and XLSX texts are the catalogue's; the old PDF, reliability and DNR dialogs
 * showed nothing, so they get the same sentence for their file type (a failure must never be silent).
 */
export function failureToast(dialog: PageDialog, fileName: string): string {
  if (dialog === "pdf" || (dialog === "reliability" && isPdfName(fileName))) {
    return "PDF file was not uploaded! Please try again.";
  }
  if (dialog === "dnr" || dialog === "csv") return "Csv file was not uploaded! Please try again.";
  return "Xlsx file was not uploaded! Please try again.";
}

/**
 * 01 section 5: Upload waits for a file, and in the PDF dialog for a non-zero start page too — the
 * server's own rule (uploadFields), so the button and the API agree.
 */
export function canUpload(info: DialogInfo, file: File | { name: string } | null, page: string): boolean {
  if (!file) return false;
  if (!info.needsPage) return true;
  return uploadFields(info.dialog).safeParse({ page_numbers: page.trim() }).success;
}

/** 'Page 3 · row 12 · column DCR', or '' for a problem of the whole file. */
export function problemPlace(p: Problem): string {
  const parts: string[] = [];
  if (p.page !== undefined && p.page !== null) parts.push(`Page ${p.page}`);
  if (p.row !== undefined && p.row !== null) parts.push(`row ${p.row}`);
  if (p.column) parts.push(`column ${p.column}`);
  const s = parts.join(" · ");
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

const KIND_LABELS: Record<AmazonKind, string> = {
  "scorecard-pdf": "Scorecard PDF",
  "overview-csv": "Weekly report CSV",
  "dnr-csv": "DNR CSV",
  "concessions-csv": "Concessions CSV",
  "dcr-csv": "DCR CSV",
  "pod-csv": "POD CSV",
  "psb-csv": "PSB CSV",
  "returns-csv": "Returns CSV",
  "reliability-xlsx": "Reliability XLSX",
  "reliability-pdf": "Reliability PDF",
  "whc-xlsx": "WHC XLSX",
};

export function kindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** 'da_weekly_performance' -> 'DA weekly performance'; the few acronyms keep their capitals. */
export function tableLabel(key: string): string {
  const ACRONYMS = new Set(["da", "dsp", "dsb", "whc", "dcr", "pod", "psb", "dnr", "id", "ids"]);
  const words = key.split(/[_\s]+/).filter(Boolean).map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  if (words.length === 0) return key;
  const first = words[0];
  words[0] = first === first.toUpperCase() ? first : first[0].toUpperCase() + first.slice(1);
  return words.join(" ").replace(/\bIDS\b/, "IDs");
}

/**
 * An import's counts split into rows per table and the DA match at import time ('matched' and
 * 'unmatched' sit beside the table names; the live unmatched list may be shorter since).
 */
export function splitCounts(counts: Record<string, number>): {
  tables: [string, number][];
  atImport: { matched: number; unmatched: number } | null;
} {
  const tables = Object.entries(counts).filter(([k]) => k !== "matched" && k !== "unmatched");
  const atImport = "matched" in counts || "unmatched" in counts
    ? { matched: counts.matched ?? 0, unmatched: counts.unmatched ?? 0 }
    : null;
  return { tables, atImport };
}

/** 'Upload weekly report PDF', keeping a leading acronym ('Upload WHC check value XLSX'). */
export function dialogTitle(info: DialogInfo): string {
  const t = info.title;
  const acronym = t.length > 1 && t[1] === t[1].toUpperCase() && /[A-Z]/.test(t[1]);
  return `Upload ${acronym ? t : t[0].toLowerCase() + t.slice(1)}`;
}

/** '850 ms', '2.4 s', '1 min 5 s'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The dialog's outcome line: what was stored, what did not match a DA, and how long it took. */
export function outcomeLine(o: ImportOutcomeDto): string {
  const took = formatDuration(o.took_ms);
  const tail = took ? ` Took ${took}.` : "";
  if (o.status === "unchanged") {
    return `This file was already imported (import #${o.import.id}); nothing changed.${tail}`;
  }
  const unmatched = o.import.unmatched;
  const parts = [
    `Stored ${plural(o.import.rows, "row")} for ${o.import.station.tag}, ${o.import.week}.`,
    unmatched > 0
      ? `${plural(unmatched, "transporter ID")} match${unmatched === 1 ? "es" : ""} no DA yet.`
      : "Every transporter ID matches a DA.",
  ];
  if (o.status === "replaced" && o.replaced_id !== null) parts.push(`It replaces import #${o.replaced_id}.`);
  return parts.join(" ") + tail;
}

/** A name from the file ('Maria Garcia') split for the Create DA form. */
export function splitName(name: string | null): { first_name: string; last_name: string } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first_name: "", last_name: "" };
  if (parts.length === 1) return { first_name: parts[0], last_name: "" };
  return { first_name: parts.slice(0, -1).join(" "), last_name: parts[parts.length - 1] };
}

/** The percentage shown while the file is sent (0-100, whole). */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}
