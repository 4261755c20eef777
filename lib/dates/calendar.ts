/**
 * Plain calendar dates ('YYYY-MM-DD' strings, no time, no zone).
 *
 * Date arithmetic here is plain day counting on UTC timestamps (fast, and independent of the machine's
 * time zone). The configured dayjs (utc/timezone plugins) is in ./dayjs.ts, apart: the islands import
 * this file and format.ts, and a browser page does not need dayjs for them (issue 15's JavaScript budget).
 */

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Years this module accepts: four digits, so labels and DD-MM-YYYY stay well formed. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

export function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be an integer from ${MIN_YEAR} to ${MAX_YEAR}, got ${year}`);
  }
}

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, or NaN when it is not a real date. */
function dayNumber(s: unknown): number {
  if (typeof s !== "string" || !ISO_DATE.test(s)) return NaN;
  const y = Number(s.slice(0, 4)), m = Number(s.slice(5, 7)), d = Number(s.slice(8, 10));
  if (y < MIN_YEAR || m < 1 || m > 12 || d < 1 || d > 31) return NaN;
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 30 February over into March; a real date survives the round trip.
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms / MS_PER_DAY : NaN;
}

function fromDayNumber(n: number): IsoDate {
  const s = new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
  assertIsoDate(s);
  return s;
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is false). */
export function isIsoDate(s: unknown): s is IsoDate {
  return !Number.isNaN(dayNumber(s));
}

export function assertIsoDate(s: unknown): asserts s is IsoDate {
  if (!isIsoDate(s)) throw new RangeError(`expected a date written YYYY-MM-DD, got ${JSON.stringify(s)}`);
}

function checkedDayNumber(date: IsoDate): number {
  const n = dayNumber(date);
  if (Number.isNaN(n)) {
    throw new RangeError(`expected a date written YYYY-MM-DD, got ${JSON.stringify(date)}`);
  }
  return n;
}

/** The date `days` days after (or before, when negative) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  return fromDayNumber(checkedDayNumber(date) + days);
}

/** Day of the week, 0 = Sunday .. 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return (((checkedDayNumber(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return checkedDayNumber(to) - checkedDayNumber(from);
}

/** Build 'YYYY-MM-DD' from numbers (month 1..12); throws on an impossible date. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const s = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${
    String(day).padStart(2, "0")
  }`;
  assertIsoDate(s);
  return s;
}

/** The UTC calendar date of an instant. */
export function utcDateOf(instant: Date): IsoDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError("invalid Date");
  return isoDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}
