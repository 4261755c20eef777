// The import screens' and API's shapes (issue 5). Types only plus the dialog table: the /import island and
// the CLI import these; the server builds them in lib/imports/queries.ts.
import type { AmazonKind, Problem } from "../amazon/types.ts";

/** The five dialogs of 01 "Import page", plus the quality CSVs (api/upload-quality/) the CLI sends. */
export type ImportDialog = "pdf" | "dnr" | "csv" | "reliability" | "whc" | "quality";

/** What a file stands for; one active import per slot, station and week. */
export type ImportSlot =
  | "scorecard"
  | "overview"
  | "dnr"
  | "concessions"
  | "dcr"
  | "pod"
  | "psb"
  | "reliability"
  | "whc";

/** The /import history toggle: PDF files, or CSV and spreadsheet files. */
export type ImportFamily = "pdf" | "csv";

/** Which kinds each dialog (and its endpoint) accepts, and the slot each kind fills. */
export const DIALOG_KINDS: Record<ImportDialog, readonly AmazonKind[]> = {
  pdf: ["scorecard-pdf"],
  dnr: ["dnr-csv", "concessions-csv"],
  csv: ["overview-csv"],
  reliability: ["reliability-pdf", "reliability-xlsx"],
  whc: ["whc-xlsx"],
  quality: ["dcr-csv", "pod-csv", "psb-csv"],
};

export const KIND_SLOT: Partial<Record<AmazonKind, ImportSlot>> = {
  "scorecard-pdf": "scorecard",
  "overview-csv": "overview",
  "dnr-csv": "dnr",
  "concessions-csv": "concessions",
  "dcr-csv": "dcr",
  "pod-csv": "pod",
  "psb-csv": "psb",
  "reliability-pdf": "reliability",
  "reliability-xlsx": "reliability",
  "whc-xlsx": "whc",
};

/** The endpoint of each dialog (01 section 7 "Uploads") and the multipart field holding its file. */
export const DIALOG_ENDPOINT: Record<ImportDialog, { path: string; field: string }> = {
  pdf: { path: "/api/upload-amazon-pdf/", field: "pdf_file" },
  dnr: { path: "/api/upload-amazon-dnr/", field: "csv_file" },
  csv: { path: "/api/upload-csv/", field: "csv_file" },
  reliability: { path: "/api/upload-reliability-xlsx/", field: "xlsx_file" },
  whc: { path: "/api/upload-xlsx-whc/", field: "xlsx_file" },
  quality: { path: "/api/upload-quality/", field: "csv_file" },
};

export interface StationRef {
  id: number;
  title: string;
  tag: string;
}

/** A history row (01 "Import history row") with what the import holds. */
export interface ImportRowDto {
  id: number;
  /** pdf_file_name for PDFs, csv_file_name for the rest, as the spec's rows carry them; file_name always */
  file_name: string;
  pdf_file_name?: string;
  csv_file_name?: string;
  uploader: { email: string | null };
  /** ISO instant (UTC) */
  uploaded_at: string;
  kind: AmazonKind;
  slot: ImportSlot;
  family: ImportFamily;
  station: StationRef;
  /** `2026-W21` */
  week: string;
  /** 'replaced' once a newer file for the same slot, station and week took its place (its rows went) */
  status: "imported" | "replaced";
  /** rows stored, all tables together */
  rows: number;
  /** distinct transporter ids in its rows that no DA holds (now, not at import time) */
  unmatched: number;
}

export interface UnmatchedIdDto {
  transporter_id: string;
  /** the name the file gives, when it gives one */
  da_name: string | null;
  /** how many of the import's rows carry it */
  rows: number;
}

/** A history row opened: what the import created. */
export interface ImportDetailDto extends ImportRowDto {
  /** rows per table (e.g. da_weekly_performance: 150, whc_exceptions: 3) and matched/unmatched DAs */
  counts: Record<string, number>;
  unmatched_ids: UnmatchedIdDto[];
  /** the file's non-fatal problems (fatal ones refuse the import) */
  problems: Problem[];
  replaced_by: number | null;
  sha256: string;
  size: number | null;
  options: { start_page?: number };
}

/** The answer to an upload: stored, already there (same content), or stored replacing an older file. */
export interface ImportOutcomeDto {
  status: "imported" | "unchanged" | "replaced";
  /** the import replaced, when status is 'replaced' */
  replaced_id: number | null;
  import: ImportDetailDto;
  /** milliseconds spent parsing and storing, for the page's progress line and the CLI */
  took_ms: number;
}

/** A refused upload's body (400): the catalogue's detail plus every problem found. */
export interface ImportRefusalDto {
  detail: string;
  file: string;
  problems: Problem[];
}
