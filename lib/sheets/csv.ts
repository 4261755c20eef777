// Reading a CSV as people save it: the text's encoding from its bytes (UTF-8 with or without BOM, UTF-16
// with its BOM as Excel's "Unicode Text", else Windows-1252 as Excel on Windows saves "CSV"), the delimiter
// from the header line (',' ';' or tab: Excel in many locales uses ';'), then csv-parse. The callers word
// their own refusals, so a fault comes back as data, never thrown.
import { parse as parseCsv } from "csv-parse/sync";

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

/** The CSV's records, or why it cannot be read. Rows may differ in length; stray quotes are kept as text. */
export function readCsv(bytes: Uint8Array): CsvRead {
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
