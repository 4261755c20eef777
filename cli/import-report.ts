// What `dsp import` prints: one line per file and a summary for people, one JSON document for scripts.
// Pure: the command fills FileReports, this turns them into text and decides the exit code.
import { describe } from "../lib/amazon/weekly.ts";
import type { AmazonKind, Problem } from "../lib/amazon/types.ts";
import type { ImportDialog } from "../lib/imports/dto.ts";

/**
 * imported / replaced / unchanged: the server's answer; skipped: not sent (already imported, another
 * station, or not an Amazon file at all); failed: refused here or by the server; valid: --dry-run's
 * verdict on a file that would be sent.
 */
export type FileStatus = "imported" | "replaced" | "unchanged" | "skipped" | "failed" | "valid";

export interface FileReport {
  file: string;
  name: string;
  kind: AmazonKind | null;
  dialog: ImportDialog | null;
  station: string | null;
  week: string | null;
  status: FileStatus;
  /** false makes the exit code non-zero */
  ok: boolean;
  /** why it was skipped or failed, as a sentence */
  detail: string | null;
  rows: number | null;
  unmatched: number | null;
  start_page: number | null;
  import_id: number | null;
  replaced_id: number | null;
  /** the upload's round trip, as seen here */
  ms: number | null;
  /** what the server spent parsing and storing */
  server_ms: number | null;
  sha256: string | null;
  problems: Problem[];
}

export interface IgnoredFile {
  file: string;
  reason: string;
}

export interface ImportReport {
  dry_run: boolean;
  server: string | null;
  ok: boolean;
  files: FileReport[];
  /** found in folders and left alone: not Amazon weekly files, or subfolders */
  ignored: IgnoredFile[];
  summary: Record<"files" | FileStatus | "already_imported", number> & { ms: number };
}

export const ALREADY_IMPORTED = "already imported";

export function emptyReport(name: string, file: string): FileReport {
  return {
    file,
    name,
    kind: null,
    dialog: null,
    station: null,
    week: null,
    status: "failed",
    ok: false,
    detail: null,
    rows: null,
    unmatched: null,
    start_page: null,
    import_id: null,
    replaced_id: null,
    ms: null,
    server_ms: null,
    sha256: null,
    problems: [],
  };
}

export function buildReport(
  files: FileReport[],
  ignored: IgnoredFile[],
  opts: { dryRun: boolean; server: string | null; ms: number },
): ImportReport {
  const count = (s: FileStatus) => files.filter((f) => f.status === s).length;
  return {
    dry_run: opts.dryRun,
    server: opts.server,
    ok: files.length > 0 && files.every((f) => f.ok),
    files,
    ignored,
    summary: {
      files: files.length,
      imported: count("imported"),
      replaced: count("replaced"),
      unchanged: count("unchanged"),
      already_imported: files.filter((f) => f.detail === ALREADY_IMPORTED).length,
      skipped: count("skipped"),
      failed: count("failed"),
      valid: count("valid"),
      ms: Math.round(opts.ms),
    },
  };
}

const MAX_PROBLEMS = 3;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A problem without its file name (the line names the file): "row 5, column 'DCR': '9x%' is not ...". */
export function problemText(p: Problem): string {
  const text = describe({ ...p, file: "" });
  return text.startsWith(": ") ? text.slice(2) : text;
}

/** The first problems of a file, fatal ones first, as indented lines. */
export function problemLines(problems: readonly Problem[], max = MAX_PROBLEMS): string[] {
  const sorted = [...problems].sort((a, b) => Number(!!b.fatal) - Number(!!a.fatal));
  const lines = sorted.slice(0, max).map((p) => `    ${p.fatal ? "" : "warning: "}${problemText(p)}`);
  if (sorted.length > max) lines.push(`    ... and ${plural(sorted.length - max, "more problem")}`);
  return lines;
}

/** `imported  US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf  DON9 2026-W21 scorecard-pdf, 150 rows, ...` */
export function fileLine(f: FileReport): string[] {
  const what = [f.station, f.week, f.kind].filter(Boolean).join(" ");
  const facts: string[] = [];
  if (f.rows !== null && f.status !== "skipped") facts.push(plural(f.rows, "row"));
  if (f.unmatched !== null) facts.push(`${f.unmatched} unmatched`);
  if (f.start_page !== null && f.kind === "scorecard-pdf" && f.status !== "skipped") {
    facts.push(`DA table from page ${f.start_page}`);
  }
  if (f.ms !== null) facts.push(`${Math.round(f.ms)} ms`);
  const head = `${f.status.padEnd(9)} ${f.name}`;
  const tail = [what, ...facts].filter(Boolean).join(", ");
  const line = f.detail ? `${head}: ${f.detail}${tail ? ` (${tail})` : ""}` : `${head}  ${tail}`;
  const showProblems = f.status === "failed" || (f.status === "valid" && f.problems.length > 0);
  return [line, ...(showProblems ? problemLines(f.problems.filter((p) => problemText(p) !== f.detail)) : [])];
}

export function summaryLine(r: ImportReport): string {
  const s = r.summary;
  const parts: string[] = [];
  const add = (n: number, text: string) => n && parts.push(`${n} ${text}`);
  if (r.dry_run) add(s.valid, "valid");
  add(s.imported, "imported");
  add(s.replaced, "replaced");
  add(s.unchanged, "unchanged");
  add(s.already_imported, "already imported");
  add(s.skipped - s.already_imported, "skipped");
  add(s.failed, "failed");
  const secs = (s.ms / 1000).toFixed(1);
  const verdict = r.dry_run ? "Dry run, nothing sent" : r.ok ? "Done" : "Not all imported";
  return `${verdict}: ${plural(s.files, "file")}${
    parts.length ? ` (${parts.join(", ")})` : ""
  } in ${secs} s.`;
}

export function ignoredLine(ignored: readonly IgnoredFile[]): string[] {
  if (!ignored.length) return [];
  const names = ignored.map((i) => i.file.split(/[\\/]/).pop());
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? `, ... (${names.length - 5} more)` : "");
  return [
    `Note: left alone ${
      plural(ignored.length, "entry", "entries")
    } in the folders (not Amazon weekly files, or subfolders): ${shown}.`,
  ];
}

/** What follows the per-file lines (printed as each file finished). */
export function closingLines(r: ImportReport): string[] {
  return [...ignoredLine(r.ignored), summaryLine(r)];
}

export function textLines(r: ImportReport): string[] {
  return [...r.files.flatMap(fileLine), ...closingLines(r)];
}
