// Reading a CSV as people save it: the text's encoding from its bytes (UTF-8 with or without BOM, UTF-16
// with its BOM as Excel's "Unicode Text", else Windows-1252 as Excel on Windows saves "CSV"), the delimiter
// from the header line (',' ';' or tab: Excel in many locales uses ';'), then csv-parse. The callers word
// their own refusals, so a fault comes back as data, never thrown.
import { parse as parseCsv } from "csv-parse/sync";
import { offThread } from "../parse-pool/offthread.ts";

/** The longest line a CSV may have: a real export's line is a few hundred bytes; csv-parse's time and
 * memory grow badly with one huge field (a 19 MB one-line file stalled the server for 19-52 s). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** The first line (1-based) longer than `max` bytes, or null. Counted on the bytes, before decoding. */
export function longLine(bytes: Uint8Array, max = MAX_LINE_BYTES): number | null {
  let line = 1;
  for (let start = 0; start < bytes.length; line++) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    if (end - start > max) return line;
    if (nl < 0) break;
    start = nl + 1;
  }
  return null;
}

/** The text of a CSV file: UTF-8 (BOM dropped), UTF-16 LE or BE with a BOM, or else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The delimiter of the header line: the most frequent of , ; and tab outside quotes (',' when none). */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, 10_000).split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ",";
}

/** A binary file (NUL bytes, a PDF, a ZIP such as an .xlsx) sent where a CSV was expected. */
function isBinary(text: string): boolean {
  return text.includes("\u0000") || text.startsWith("%PDF-") || text.startsWith("PK\u0003\u0004");
}

export type CsvRead =
  /** Every record, blank lines included (as ['']), so record i is the file's line i + 1. */
  | { ok: true; records: string[][] }
  | { ok: false; fault: "not_text" }
  /** csv-parse refused the text (an open quote, ...): `why` is its reason, `line` where it stopped. */
  | { ok: false; fault: "malformed"; why: string; line?: number };

/**
 * The CSV's records, or why it cannot be read. Rows may differ in length; stray quotes are kept as text.
 * A line over 1 MB is refused (naming it) before anything is decoded.
 */
export function readCsv(bytes: Uint8Array): CsvRead {
  const long = longLine(bytes);
  if (long !== null) {
    return {
      ok: false,
      fault: "malformed",
      why: `line ${long.toLocaleString("en-US")} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB, ` +
        "more than one CSV line may hold",
      line: long,
    };
  }
  const text = decodeText(bytes);
  if (isBinary(text)) return { ok: false, fault: "not_text" };
  try {
    const records: string[][] = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
    });
    return { ok: true, records };
  } catch (e) {
    const err = e as { lines?: number; message?: string };
    const why = err.message?.replace(/^[^:]*:\s*/, "") ?? "the CSV cannot be read";
    return { ok: false, fault: "malformed", why, line: err.lines };
  }
}

/** readCsv in this process (a parse worker's job). */
export const readCsvHere = readCsv;

/** readCsv in a parse worker when the server runs one (callers on the request path). */
export async function readCsvOffThread(bytes: Uint8Array): Promise<CsvRead> {
  return await offThread("csv", {}, bytes, async () => readCsv(bytes));
}
