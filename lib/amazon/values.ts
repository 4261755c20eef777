// Cell readers shared by the Amazon file parsers. Each reader takes a raw cell (CSV text or an exceljs
// value) and returns {value} or {problem}; a problem is a short phrase the parser places in a Problem with
// the file, row and column. Empty markers: '', '-', '–', 'N/A', '#N/A' read as null.
import { cellValue } from "../sheets/cells.ts";

/** A cell read as T, or what was wrong with it. */
export type Read<T> = { value: T; problem?: undefined } | { value?: undefined; problem: string };

const ok = <T>(value: T): Read<T> => ({ value });
const bad = <T>(problem: string): Read<T> => ({ problem });

const NULL_MARKERS = new Set(["", "-", "–", "—", "n/a", "#n/a", "na"]);

/** Raw cell -> trimmed string (numbers as written, Excel rich text joined, dates as YYYY-MM-DD). */
export function raw(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return (v.charCodeAt(0) === 0xfeff ? v.slice(1) : v).trim();
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 10);
  if (typeof v === "object") return raw(cellValue(v));
  return String(v).trim();
}

/** True for an empty cell or an empty marker ('-', 'N/A'). */
export function isBlank(v: unknown): boolean {
  return NULL_MARKERS.has(raw(v).toLowerCase());
}

/** Trimmed text; '', '-' and 'N/A' are null. Never a problem. */
export function text(v: unknown): Read<string | null> {
  const s = raw(v);
  return ok(NULL_MARKERS.has(s.toLowerCase()) ? null : s);
}

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[+-]?\.\d+$/;

const PLAIN = /^[+-]?\d+(?:\.\d+)?$/;

function toNumber(s: string): number | null {
  const t = s.includes(" ") ? s.replace(/\s/g, "") : s;
  if (PLAIN.test(t)) return Number(t);
  if (!NUMBER.test(t)) return null;
  const n = Number(t.replaceAll(",", ""));
  return Number.isFinite(n) ? n : null;
}

const round = (n: number, dp: number) => {
  const f = 10 ** dp;
  const r = Math.round((n + Number.EPSILON * Math.sign(n)) * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/** '99.5%' or '99.5' -> 99.5 (2 dp); null when empty. Negative or over `max` (default 100) is a problem. */
export function percent(v: unknown, opts: { max?: number } = {}): Read<number | null> {
  const s = raw(v);
  if (NULL_MARKERS.has(s.toLowerCase())) return ok(null);
  const n = toNumber(s.replace(/%$/, ""));
  if (n === null) return bad(`'${clip(s)}' is not a percentage`);
  const max = opts.max ?? 100;
  if (n < 0 || n > max) return bad(`${clip(s)} is outside 0-${max}%`);
  return ok(round(n, 2));
}

/** Whole numbers ('1,234'); null when empty. Below `min` (default 0) is a problem; '3.0' is accepted. */
export function int(v: unknown, opts: { min?: number; max?: number } = {}): Read<number | null> {
  const s = raw(v);
  if (NULL_MARKERS.has(s.toLowerCase())) return ok(null);
  const n = toNumber(s);
  if (n === null || !Number.isInteger(n)) return bad(`'${clip(s)}' is not a whole number`);
  const min = opts.min ?? 0;
  if (n < min) return bad(`${clip(s)} is below ${min}`);
  if (opts.max !== undefined && n > opts.max) return bad(`${clip(s)} is above ${opts.max}`);
  if (!Number.isSafeInteger(n)) return bad(`${clip(s)} is too large`);
  return ok(n);
}

/** A decimal rounded to `dp` places ('1,234.567' -> 1234.57 at dp 2); null when empty; negative is a problem. */
export function decimal(
  v: unknown,
  dp: number,
  opts: { min?: number; max?: number } = {},
): Read<number | null> {
  const s = raw(v);
  if (NULL_MARKERS.has(s.toLowerCase())) return ok(null);
  const n = toNumber(s);
  if (n === null) return bad(`'${clip(s)}' is not a number`);
  const min = opts.min ?? 0;
  if (n < min) return bad(`${clip(s)} is below ${min}`);
  if (opts.max !== undefined && n > opts.max) return bad(`${clip(s)} is above ${opts.max}`);
  if (Math.abs(n) > 1e12) return bad(`${clip(s)} is too large`);
  return ok(round(n, dp));
}

/** Performance tiers, standing tiers and the values Amazon prints where no tier applies. */
export const TIERS = [
  "Fantastic Plus",
  "Fantastic",
  "Great",
  "Fair",
  "Poor",
  "Platinum",
  "Gold",
  "Silver",
  "Bronze",
  "None",
  "In Compliance",
  "Not In Compliance",
  "Coming Soon",
  "N/A",
] as const;
export type Tier = (typeof TIERS)[number];
const TIER_BY_KEY = new Map<string, Tier>(TIERS.map((t) => [t.toLowerCase().replace(/\s+/g, " "), t]));
TIER_BY_KEY.set("fantastic+", "Fantastic Plus");

/** A tier by name, case-insensitive ('fantastic plus' -> 'Fantastic Plus'); 'N/A' kept; '' and '-' null. */
export function tier(v: unknown): Read<Tier | null> {
  const s = raw(v).replace(/\s+/g, " ");
  if (s === "" || s === "-" || s === "–" || s === "—") return ok(null);
  const t = TIER_BY_KEY.get(s.toLowerCase());
  return t ? ok(t) : bad(`'${clip(s)}' is not a tier (${TIERS.slice(0, 9).join(", ")})`);
}

const TID = /^A[A-Z0-9]{12,13}$/;

/** A transporter ID: 'A' and 12-13 upper-case letters or digits (lower case is upper-cased). Required. */
export function transporterId(v: unknown): Read<string> {
  const s = raw(v).toUpperCase();
  if (NULL_MARKERS.has(s.toLowerCase())) return bad("the transporter ID is empty");
  return TID.test(s) ? ok(s) : bad(`'${clip(s)}' is not a transporter ID (A and 12-13 letters or digits)`);
}

/** A yes/no flag: 1, x, X, Y, yes, true -> true; 0, '.', '', '-', N, no, false -> false. */
export function flag(v: unknown): Read<boolean> {
  const s = raw(v).toLowerCase();
  if (["1", "x", "y", "yes", "true", "✓", "1.0"].includes(s)) return ok(true);
  if (["0", ".", "", "-", "n", "no", "false", "0.0"].includes(s)) return ok(false);
  return bad(`'${clip(s)}' is not a flag (1/0, x or .)`);
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/;
const DMY_DATE = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;

function validDate(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2100 || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

/** A date: an Excel date or serial, 'YYYY-MM-DD', 'MM/DD/YYYY' (Amazon's US exports) or 'DD-MM-YYYY'. */
export function date(v: unknown): Read<string | null> {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return bad("not a date");
    const r = new Date(Math.round(v.getTime() / 60_000) * 60_000);
    const iso = validDate(r.getUTCFullYear(), r.getUTCMonth() + 1, r.getUTCDate());
    return iso ? ok(iso) : bad("not a date between 2000 and 2100");
  }
  if (typeof v === "number") {
    if (!Number.isInteger(v) || v < 36_526 || v > 73_415) return bad(`${v} is not a date`);
    return ok(new Date((v - 25_569) * 86_400_000).toISOString().slice(0, 10));
  }
  const s = raw(v);
  if (NULL_MARKERS.has(s.toLowerCase())) return ok(null);
  let m = ISO_DATE.exec(s);
  let iso: string | null = null;
  if (m) iso = validDate(+m[1], +m[2], +m[3]);
  else if ((m = US_DATE.exec(s))) iso = validDate(+m[3], +m[1], +m[2]);
  else if ((m = DMY_DATE.exec(s))) iso = validDate(+m[3], +m[2], +m[1]);
  return iso ? ok(iso) : bad(`'${clip(s)}' is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
}

/** A header compared loosely: BOM, case, blanks and punctuation do not matter ('Delivery Associate ' = 'delivery associate'). */
export function headerKey(h: unknown): string {
  return raw(h).toLowerCase().replace(/[^a-z0-9>]/g, "");
}

/** The index of the first header matching one of the aliases (compared by headerKey), or -1. */
export function headerIndex(headers: readonly unknown[], aliases: readonly string[], keyed = false): number {
  const keys = keyed ? headers as string[] : headers.map(headerKey);
  for (const a of aliases) {
    const i = keys.indexOf(headerKey(a));
    if (i >= 0) return i;
  }
  return -1;
}

/** Shortens a cell for a message. */
export function clip(s: string, n = 40): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}
