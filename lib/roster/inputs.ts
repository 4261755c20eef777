// Inputs and answers of the roster import, shared by the API, the island and the CLI. Pure: no database.
import { z } from "zod";

export const ROSTER_KINDS = ["das", "vans"] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];

/** The uploads.kind a kept source file is filed under. */
export const UPLOAD_KIND: Record<RosterKind, string> = { das: "roster-das", vans: "roster-vans" };

export const KIND_LABEL: Record<RosterKind, { button: string; title: string; noun: string; nouns: string }> =
  {
    das: { button: "Import roster", title: "Import roster (DAs)", noun: "DA", nouns: "DAs" },
    vans: { button: "Import vans", title: "Import vans", noun: "van", nouns: "vans" },
  };

export const rosterKind = z.enum(ROSTER_KINDS, { error: "Choose the kind of file: das or vans" });

/** The text fields sent with the file (multipart) to preview and commit. */
export const uploadFields = z.object({
  kind: rosterKind,
  /** The preview's digest: the commit refuses when the plan changed since the user saw it. */
  digest: z.string().regex(/^[0-9a-f]{64}$/, "Not valid").optional(),
});

export const templateQuery = z.object({
  kind: rosterKind,
  format: z.enum(["csv", "xlsx"], { error: "Choose csv or xlsx" }).default("csv"),
});

/** The accepted file types, for the file picker. */
export const ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// ----------------------------------------------------------------- answers

export interface RejectDto {
  row: number;
  column: string | null;
  reason: string;
}

export interface ChangeDto {
  column: string;
  from: string | null;
  to: string | null;
}

export interface PreviewDto {
  kind: RosterKind;
  file_name: string;
  /** Data rows read from the file. */
  rows: number;
  counts: { create: number; update: number; unchanged: number; reject: number };
  /** A sample of the rows to create (key, name, station). */
  create: { row: number; key: string; label: string; station: string | null }[];
  /** A sample of the rows to update, with what changes. */
  update: { row: number; key: string; label: string; changes: ChangeDto[] }[];
  /** The rejected rows' problems (one per problem; a row may have several). */
  reject: RejectDto[];
  /** How many were left out of each list above. */
  more: { create: number; update: number; reject: number };
  /** Headers in the file that the import does not read. */
  ignored_columns: string[];
  digest: string;
}

export interface CommitDto {
  kind: RosterKind;
  file_name: string;
  upload_id: number | null;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  detail: string;
}

export const SAMPLE_SIZE = 25;
export const REJECT_LIST_SIZE = 500;
