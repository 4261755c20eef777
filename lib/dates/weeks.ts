/**
 * Delivery weeks: Sunday to Saturday, numbered as Amazon DSP files name them (`2026-W21`, `Week21_2026`,
 * "Week 21 - 2026").
 *
 * Numbering rule (the spec gives no other): week 1 of year Y is the Sunday-to-Saturday week that contains
 * 1 January of Y; later weeks follow on every 7 days. Equivalently, a week belongs to the year of its
 * Saturday. This is the numbering of dayjs' weekOfYear/weekYear plugins in the default 'en' locale (the
 * tests check that over many years). Examples: 2026-W1 is 28-12-2025..03-01-2026, 2026-W21 is
 * 17-05-2026..23-05-2026, 2027-W1 is 27-12-2026..02-01-2027.
 *
 * (Not ISO 8601: ISO weeks start on Monday and week 1 holds the first Thursday, which puts 2027-W1 a week
 * later. Note that a browser's <input type="week"> uses ISO weeks.)
 *
 * The 53rd week. The spec says week steppers wrap 52 -> 1 with the year, and with this rule most years do
 * have exactly 52 weeks, so that is what nextWeek/prevWeek do. But a year whose 1 January falls on a
 * Saturday, or on a Friday in a leap year, has 53 (2022, 2028, 2033, 2039, ...): its last week, e.g.
 * 24-12-2028..30-12-2028, ends before the next 1 January and so is week 53. We keep it as week 53 rather
 * than lose or double-count those seven days: weekOf returns 53 for them, and the steppers go
 * 52 -> 53 -> 1 (and 1 -> 53 backwards) in exactly those years. So weekOf, weekStart and the steppers
 * always agree: every date has one week, and stepping moves by exactly seven days.
 * Use weeksInYear(year) for a week picker's upper bound, never a literal 52.
 *
 * Storage: week_number is stored zero-based and shown +1 (stored()/shown()). All weeks in this module
 * are the shown, 1-based number unless a name says otherwise.
 */
import {
  addDays,
  assertIsoDate,
  assertYear,
  dayOfWeek,
  diffDays,
  type IsoDate,
  isoDate,
} from "./calendar.ts";

/** A delivery week; `week` is 1-based, as shown on screen and in file names. */
export interface WeekRef {
  year: number;
  week: number;
}

/** The Sunday on or before `date`. */
export function sundayOf(date: IsoDate): IsoDate {
  return addDays(date, -dayOfWeek(date));
}

/** The Sunday that starts week 1 of `year` (it may lie in December of the year before). */
export function firstWeekStart(year: number): IsoDate {
  assertYear(year);
  return sundayOf(isoDate(year, 1, 1));
}

/** 52, or 53 in years whose 1 January is a Saturday (or a Friday in a leap year). */
export function weeksInYear(year: number): number {
  assertYear(year);
  if (year === 9999) return 52; // 31-12-9999 is a Friday; the next year is out of range.
  return diffDays(firstWeekStart(year), firstWeekStart(year + 1)) / 7;
}

function assertWeek(year: number, week: number): void {
  assertYear(year);
  const max = weeksInYear(year);
  if (!Number.isInteger(week) || week < 1 || week > max) {
    throw new RangeError(`week must be an integer from 1 to ${max} in ${year}, got ${week}`);
  }
}

export function isValidWeek(ref: WeekRef): boolean {
  try {
    assertWeek(ref.year, ref.week);
    return true;
  } catch {
    return false;
  }
}

/** The delivery week holding `date` ('YYYY-MM-DD'). */
export function weekOf(date: IsoDate): WeekRef {
  assertIsoDate(date);
  const sunday = sundayOf(date);
  const year = Number(addDays(sunday, 6).slice(0, 4)); // the year of the week's Saturday
  return { year, week: diffDays(firstWeekStart(year), sunday) / 7 + 1 };
}

/** The Sunday that starts the week. */
export function weekStart(year: number, week: number): IsoDate {
  assertWeek(year, week);
  return addDays(firstWeekStart(year), (week - 1) * 7);
}

/** The Saturday that ends the week. */
export function weekEnd(year: number, week: number): IsoDate {
  return addDays(weekStart(year, week), 6);
}

/** The seven dates of the week, Sunday to Saturday. */
export function weekDays(year: number, week: number): IsoDate[] {
  const start = weekStart(year, week);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Shown (1-based) week -> stored week_number (zero-based). */
export function stored(week1Based: number): number {
  if (!Number.isInteger(week1Based) || week1Based < 1 || week1Based > 53) {
    throw new RangeError(`shown week must be an integer from 1 to 53, got ${week1Based}`);
  }
  return week1Based - 1;
}

/** Stored week_number (zero-based) -> shown (1-based) week. */
export function shown(week0Based: number): number {
  if (!Number.isInteger(week0Based) || week0Based < 0 || week0Based > 52) {
    throw new RangeError(`stored week_number must be an integer from 0 to 52, got ${week0Based}`);
  }
  return week0Based + 1;
}

/** The following week: 52 -> 1 of the next year (52 -> 53 -> 1 in a 53-week year). */
export function nextWeek({ year, week }: WeekRef): WeekRef {
  assertWeek(year, week);
  return week < weeksInYear(year) ? { year, week: week + 1 } : { year: year + 1, week: 1 };
}

/** The preceding week: 1 -> 52 of the year before (1 -> 53 when that year has 53 weeks). */
export function prevWeek({ year, week }: WeekRef): WeekRef {
  assertWeek(year, week);
  return week > 1 ? { year, week: week - 1 } : { year: year - 1, week: weeksInYear(year - 1) };
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export function compareWeeks(a: WeekRef, b: WeekRef): number {
  return a.year - b.year || a.week - b.week;
}

const ISO_LABEL = /^(\d{4})-W(\d{1,2})$/i;
const WORD_LABEL = /^Week\s*(\d{1,2})\s*[-_]\s*(\d{4})$/i;

function checked(year: number, week: number): WeekRef | null {
  const ref = { year, week };
  return isValidWeek(ref) ? ref : null;
}

/**
 * Reads a week label: `2026-W21`, `2026-W5`, `2026-W05`, `Week21_2026`, `Week 21 - 2026` (also
 * `Week21-2026`; case and surrounding blanks ignored). Returns null for anything else, including week 0
 * and week 53 in a year that has only 52.
 */
export function parseWeekLabel(s: string): WeekRef | null {
  if (typeof s !== "string") return null;
  const t = s.trim();
  let m = ISO_LABEL.exec(t);
  if (m) return checked(Number(m[1]), Number(m[2]));
  m = WORD_LABEL.exec(t);
  if (m) return checked(Number(m[2]), Number(m[1]));
  return null;
}

const ISO_IN_TEXT = /(?<![A-Za-z0-9])(\d{4})-W(\d{1,2})(?!\d)/gi;
const WORD_IN_TEXT = /(?<![A-Za-z])Week\s*(\d{1,2})\s*[-_]\s*(\d{4})(?!\d)/gi;

/**
 * Finds the first valid week label inside a longer text such as a file name
 * (`US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf`, `DSP_Overview_Dashboard_ACME_DON9_2026-W21.csv`).
 */
export function findWeekLabel(text: string): WeekRef | null {
  if (typeof text !== "string") return null;
  const found: { at: number; ref: WeekRef }[] = [];
  for (const m of text.matchAll(ISO_IN_TEXT)) {
    const ref = checked(Number(m[1]), Number(m[2]));
    if (ref) found.push({ at: m.index!, ref });
  }
  for (const m of text.matchAll(WORD_IN_TEXT)) {
    const ref = checked(Number(m[2]), Number(m[1]));
    if (ref) found.push({ at: m.index!, ref });
  }
  found.sort((a, b) => a.at - b.at);
  return found[0]?.ref ?? null;
}

/** Week number with at least two digits: 5 -> '05', 21 -> '21'. */
export function twoDigitWeek(week: number): string {
  if (!Number.isInteger(week) || week < 0) throw new RangeError(`week must be a whole number, got ${week}`);
  return String(week).padStart(2, "0");
}

/** `2026-W21`, `2026-W05`. */
export function formatIsoWeek({ year, week }: WeekRef): string {
  assertWeek(year, week);
  return `${year}-W${twoDigitWeek(week)}`;
}

/** `Week21_2026`, as in the scorecard PDF's file name. */
export function formatWeekFileLabel({ year, week }: WeekRef): string {
  assertWeek(year, week);
  return `Week${week}_${year}`;
}
