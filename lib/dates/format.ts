/**
 * How dates, times and numbers are shown (spec 01 section 9, decisions "Dates and weeks").
 *
 * - Dates show DD-MM-YYYY.
 * - Instants (created, modified) are stored in UTC and shown in the organisation's time zone, a setting
 *   that defaults to UTC-5. IANA writes UTC-5 as 'Etc/GMT+5' (the sign is inverted in the Etc zones).
 * - Numbers above 999 get a thousands comma; integers show whole, other numbers and percentages to
 *   2 decimals (rounded half away from zero on the decimal value, so 1.005 -> 1.01).
 */
import { dayOfWeek, isIsoDate, type IsoDate, utcDateOf } from "./calendar.ts";

export const DEFAULT_TIME_ZONE = "Etc/GMT+5";

export const MONTH_LABELS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export const WEEKDAY_ABBREVS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** Zones already known good: building an Intl.DateTimeFormat costs ~0.1 ms of ICU, and every timestamp
 * on a page checked its zone that way (the board's ten rows spent most of their server render here). */
const KNOWN_ZONES = new Set<string>();

/** True when `timeZone` is an IANA zone name this runtime knows ('Etc/GMT+5', 'America/Chicago'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== "string" || timeZone === "") return false;
  if (KNOWN_ZONES.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    KNOWN_ZONES.add(timeZone);
    return true;
  } catch {
    return false;
  }
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone ${JSON.stringify(timeZone)}`);
}

const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * An instant from a Date or an ISO-style string ('2026-05-17', '2026-05-17T03:00:00Z',
 * '2026-05-17 03:00:00+00'). A string with no offset is read as UTC, since that is how instants are
 * stored; one with 'Z' or an offset is read as written. Anything else throws a RangeError.
 */
export function toInstant(d: Date | string): Date {
  let date: Date | null = null;
  if (d instanceof Date) date = new Date(d.getTime());
  else if (typeof d === "string") {
    const t = d.trim();
    const prefix = ISO_PREFIX.exec(t)?.[0];
    if (prefix && isIsoDate(prefix)) date = parseInstant(prefix, t);
  }
  if (!date || Number.isNaN(date.getTime())) throw new RangeError(`not a date/time: ${String(d)}`);
  return date;
}

// What follows the date in a string with no zone: time, seconds and a fraction, each optional (dayjs's
// own reading, which this replaced so that the browser pages carry no dayjs).
const LOCAL_TIME = /^[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** A string with 'Z' or an offset is read by Date as written; one without is a UTC wall time. */
function parseInstant(date: IsoDate, t: string): Date {
  const m = /Z$/i.test(t) ? null : LOCAL_TIME.exec(t.slice(10));
  if (!m) return new Date(t);
  const [y, mo, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const ms = Number((m[4] ?? "0").slice(0, 3));
  return new Date(Date.UTC(y, mo - 1, d, Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3] ?? 0), ms));
}

const ZONED = new Map<string, Intl.DateTimeFormat>();

/** 'DD-MM-YYYY' and 'HH:mm' (24-hour) of an instant in `timeZone`, read through Intl. */
function inZone(d: Date | string, timeZone: string): { date: string; time: string } {
  assertTimeZone(timeZone);
  let f = ZONED.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    ZONED.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(toInstant(d))) p[part.type] = part.value;
  return { date: `${p.day}-${p.month}-${p.year.padStart(4, "0")}`, time: `${p.hour}:${p.minute}` };
}

/** The calendar date a value stands for: a 'YYYY-MM-DD' string as is, anything else as its UTC date. */
function calendarDate(d: Date | string): IsoDate {
  if (typeof d === "string" && isIsoDate(d.trim())) return d.trim();
  return utcDateOf(toInstant(d));
}

function ddmmyyyy(date: IsoDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/**
 * DD-MM-YYYY. A 'YYYY-MM-DD' string is shown as that date; a Date or a date-time string by its UTC date.
 * For an instant shown to users (created, modified) use formatDateInZone or formatDateTimeInZone.
 * null/undefined give ''.
 */
export function formatDate(d: Date | string | null | undefined): string {
  if (d === null || d === undefined) return "";
  return ddmmyyyy(calendarDate(d));
}

/**
 * A day as a person types it, in the app's order day-month-year: '17-05-2026', '17/5/2026', '17.05.26'
 * (two-digit years are 2000-2099), or the ISO '2026-05-17' pasted from elsewhere. The ISO date, or null
 * when it is not a real day ('31-02-2026') or not a date at all. Never month-first, whatever the locale.
 */
export function parseDayText(text: string): IsoDate | null {
  const t = text.trim();
  if (isIsoDate(t)) return t;
  const m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const iso = `${String(year).padStart(4, "0")}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/** DD-MM-YYYY of an instant in `timeZone`. null/undefined give ''. */
export function formatDateInZone(
  d: Date | string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (d === null || d === undefined) return "";
  return inZone(d, timeZone).date;
}

/** 'DD-MM-YYYY HH:mm' of an instant in `timeZone` (24-hour clock). null/undefined give ''. */
export function formatDateTimeInZone(
  d: Date | string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (d === null || d === undefined) return "";
  const z = inZone(d, timeZone);
  return `${z.date} ${z.time}`;
}

const ABBREVS = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at that instant, as people read it beside a time: 'CDT' or 'EST' where English has
 * one, else the offset written 'UTC-5' / 'UTC+5:30' (never 'GMT'), and 'UTC' for UTC itself.
 */
export function zoneAbbrev(d: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertTimeZone(timeZone);
  let f = ABBREVS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    ABBREVS.set(timeZone, f);
  }
  const part = f.formatToParts(toInstant(d)).find((p) => p.type === "timeZoneName")?.value ?? "UTC";
  return part === "GMT" ? "UTC" : part.replace(/^GMT/, "UTC");
}

/**
 * A timestamp on screen (created, modified, last sign-in): 'DD-MM-YYYY HH:mm' in the organisation's zone,
 * followed by the zone's name ('12-05-2026 14:03 UTC-5'), so nobody reads it as their own clock.
 * null/undefined give ''.
 */
export function formatTimestamp(
  d: Date | string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (d === null || d === undefined) return "";
  return `${formatDateTimeInZone(d, timeZone)} ${zoneAbbrev(d, timeZone)}`;
}

/** 'DD.MM', the day headers of the check week page. */
export function formatDayMonth(d: Date | string): string {
  const date = calendarDate(d);
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

/** 'Sun'..'Sat' for a 'YYYY-MM-DD' date (a Date by its UTC date). */
export function weekdayAbbrev(d: Date | string): string {
  return WEEKDAY_ABBREVS[dayOfWeek(calendarDate(d))];
}

/** 'Jan 2026' from month 1..12 and year. */
export function formatMonthYear(month1to12: number, year: number): string {
  if (!Number.isInteger(month1to12) || month1to12 < 1 || month1to12 > 12) {
    throw new RangeError(`month must be an integer from 1 to 12, got ${month1to12}`);
  }
  if (!Number.isInteger(year)) throw new RangeError(`year must be an integer, got ${year}`);
  return `${MONTH_LABELS[month1to12 - 1]} ${year}`;
}

/**
 * Rounds to 2 decimals on the number's decimal value, half away from zero: 12.345 -> 12.35,
 * 1.005 -> 1.01, -1.005 -> -1.01 (plain Math.round(n * 100) / 100 gives 1 for 1.005).
 */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  if (abs >= 1e15) return n; // no fractional digits left to round at this size
  const text = String(abs);
  const r = text.includes("e")
    ? Math.round(abs * 100) / 100
    : Number(`${Math.round(Number(`${text}e2`))}e-2`);
  return r === 0 ? 0 : Math.sign(n) * r;
}

const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Integers whole, other numbers to 2 decimals, a thousands comma above 999:
 * 999 -> '999', 1000 -> '1,000', 1234567 -> '1,234,567', 12.345 -> '12.35', 1234.5 -> '1,234.50'.
 * null, undefined, NaN and infinities give ''.
 */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "";
  if (Number.isInteger(n)) return WHOLE.format(n === 0 ? 0 : n);
  return TWO_DECIMALS.format(round2(n));
}

/**
 * A percentage value to 2 decimals, without the '%' sign: 99.5 -> '99.50', 100 -> '100.00',
 * 12.345 -> '12.35'. null, undefined, NaN and infinities give ''.
 */
export function formatPercent(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "";
  return TWO_DECIMALS.format(round2(n));
}
