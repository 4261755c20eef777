/**
 * Shared shapes of the Amazon weekly-file parsers (lib/amazon/*). Every parser is a pure function from the
 * file's bytes (and its name) to typed rows plus a list of problems; it never throws on bad input.
 */

/** Which Amazon file a parser reads (amazon-files.md sections 1-6, 8). */
export type AmazonKind =
  | "scorecard-pdf"
  | "overview-csv"
  | "dnr-csv"
  | "concessions-csv"
  | "dcr-csv"
  | "pod-csv"
  | "psb-csv"
  | "returns-csv"
  | "reliability-xlsx"
  | "reliability-pdf"
  | "whc-xlsx";

/** One thing wrong with a file: where (file, page or row, column) and what. */
export interface Problem {
  file: string;
  page?: number;
  row?: number;
  column?: string;
  message: string;
  /** true when nothing from the file may be stored (missing key column, wrong week, corrupt file) */
  fatal?: boolean;
  /**
   * What a column warning is about, with the columns it names: key columns missing (fatal), columns the
   * import reads that the file lacks (their values left empty), or the file's columns no import reads.
   */
  code?: "missing_key_columns" | "missing_columns" | "extra_columns";
  columns?: string[];
}

/** What a file is, taken from its name and content. */
export interface FileIdentity {
  kind: AmazonKind;
  station: string | null;
  week: { year: number; week: number } | null;
  dsp: string | null;
}

export interface ParseResult<T> {
  identity: FileIdentity;
  rows: T[];
  problems: Problem[];
  /** fatal problems mean nothing may be stored */
  ok: boolean;
}
