// One spreadsheet cell as plain data, whoever reads it (roster import, shift upload, Amazon parsers): an
// ExcelJS value (rich text, hyperlink, formula, error) flattened to text, a number, a flag or a date, and
// that cell as trimmed text with the empty markers people type read as nothing. Pure.

/** A cell as every reader sees it: CSV cells are strings, workbook cells keep numbers, flags and dates. */
export type Cell = string | number | boolean | Date | null;

/**
 * An ExcelJS cell value as a plain cell: rich text joined, a hyperlink by its text, a formula by its
 * cached result (null when the workbook kept none), an error as its code ('#REF!').
 */
export function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v !== "object") return String(v);
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as { text?: string }[]).map((t) => t.text ?? "").join("");
  if ("error" in o) return String(o.error);
  if ("result" in o) return cellValue(o.result);
  if ("formula" in o || "sharedFormula" in o) return null;
  if ("text" in o) return cellValue(o.text);
  if ("hyperlink" in o) return String(o.hyperlink);
  return null;
}

/** Cells that mean "no value" (besides empty): '-', 'N/A', and Excel's #N/A. */
const NULL_MARKERS = new Set(["-", "–", "—", "n/a", "#n/a"]);

/** A header or a choice compared loosely: case, spaces and punctuation do not matter. */
export function loose(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** A date as YYYY-MM-DD; Excel's day fractions come back a few milliseconds off midnight, so to the minute first. */
export function isoOfDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  return new Date(Math.round(d.getTime() / 60_000) * 60_000).toISOString().slice(0, 10);
}

/**
 * A cell as trimmed text, or null for empty and the null markers. Numbers lose a trailing '.0', dates
 * become YYYY-MM-DD, and the apostrophe our own exports put before = + - @ (formula guard) is removed.
 */
export function cellText(v: Cell | undefined): string | null {
  if (v === null || v === undefined) return null;
  let s: string;
  if (typeof v === "string") s = v;
  else if (v instanceof Date) s = isoOfDate(v) ?? "";
  else if (typeof v === "number") s = Number.isInteger(v) ? v.toFixed(0) : String(v);
  else if (typeof v === "boolean") s = v ? "TRUE" : "FALSE";
  else s = String(v);
  if (s.charCodeAt(0) === 39 /* ' */) s = s.replace(/^'(?=[=+\-@\t\r])/, "");
  s = s.trim();
  if (s === "" || (s.length <= 4 && NULL_MARKERS.has(s.toLowerCase()))) return null;
  return s;
}
