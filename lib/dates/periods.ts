/**
 * Dashboard periods (spec 01: period type annual, month, week or day; the stepper cannot move past the
 * current period; months wrap 12 -> 1 and weeks 52 -> 1 with the year; the default picker date is
 * yesterday).
 *
 * "Today" always belongs to a time zone (the organisation's setting, DEFAULT_TIME_ZONE by default) and
 * is computed from an instant passed in (`now`, default the system clock), so tests and callers can
 * inject the clock. Every other function takes `today` as a 'YYYY-MM-DD' argument.
 */
import { addDays, assertIsoDate, assertYear, diffDays, type IsoDate, isoDate } from "./calendar.ts";
import { DEFAULT_TIME_ZONE, formatDateInZone } from "./format.ts";
import { nextWeek, prevWeek, weekEnd, weekOf, type WeekRef, weekStart } from "./weeks.ts";

export type PeriodType = "annual" | "month" | "week" | "day";
export const PERIOD_TYPES: readonly PeriodType[] = ["annual", "month", "week", "day"];

export interface YearRef {
  year: number;
}
export interface MonthRef {
  year: number;
  /** 1..12 */
  month: number;
}

/** The value each period type works with; a day is a 'YYYY-MM-DD' date. */
export interface PeriodValues {
  annual: YearRef;
  month: MonthRef;
  week: WeekRef;
  day: IsoDate;
}

export function isPeriodType(s: unknown): s is PeriodType {
  return typeof s === "string" && (PERIOD_TYPES as readonly string[]).includes(s);
}

/** Today's date in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  if (Number.isNaN(now.getTime())) throw new RangeError("invalid Date");
  // Through format.ts's cached Intl formatter: dayjs's zone plugin cost ~0.1 ms a call on every page.
  const dmy = formatDateInZone(now, timeZone);
  return `${dmy.slice(6)}-${dmy.slice(3, 5)}-${dmy.slice(0, 2)}`;
}

/** Yesterday in `timeZone`: the default date of the pickers. */
export function yesterdayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  return addDays(todayIn(timeZone, now), -1);
}

export function tomorrowIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  return addDays(todayIn(timeZone, now), 1);
}

/** Whole days from `date` back to `today`: 0 for today, 1 for yesterday, negative for future dates. */
export function daysAgo(date: IsoDate, today: IsoDate): number {
  return diffDays(date, today);
}

function assertMonth({ year, month }: MonthRef): void {
  assertYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be an integer from 1 to 12, got ${month}`);
  }
}

/** The period of the given type that holds `date` (e.g. after switching type: the current period). */
export function periodOf<T extends PeriodType>(type: T, date: IsoDate): PeriodValues[T] {
  assertIsoDate(date);
  const year = Number(date.slice(0, 4));
  const values: PeriodValues = {
    annual: { year },
    month: { year, month: Number(date.slice(5, 7)) },
    week: weekOf(date),
    day: date,
  };
  return values[type];
}

/** First day of the period. */
export function periodStart<T extends PeriodType>(type: T, value: PeriodValues[T]): IsoDate {
  switch (type) {
    case "annual": {
      const { year } = value as YearRef;
      assertYear(year);
      return isoDate(year, 1, 1);
    }
    case "month": {
      const m = value as MonthRef;
      assertMonth(m);
      return isoDate(m.year, m.month, 1);
    }
    case "week": {
      const w = value as WeekRef;
      return weekStart(w.year, w.week);
    }
    case "day":
      assertIsoDate(value);
      return value as IsoDate;
  }
  throw new RangeError(`unknown period type ${JSON.stringify(type)}`);
}

/** Last day of the period (inclusive). */
export function periodEnd<T extends PeriodType>(type: T, value: PeriodValues[T]): IsoDate {
  switch (type) {
    case "annual":
      return addDays(periodStart("annual", stepPeriod("annual", value as YearRef, 1)), -1);
    case "month":
      return addDays(periodStart("month", stepPeriod("month", value as MonthRef, 1)), -1);
    case "week": {
      const w = value as WeekRef;
      return weekEnd(w.year, w.week);
    }
    case "day":
      return periodStart("day", value as IsoDate);
  }
  throw new RangeError(`unknown period type ${JSON.stringify(type)}`);
}

/**
 * The next (+1) or previous (-1) period. Months wrap 12 -> 1 and 1 -> 12 with the year; weeks wrap as
 * nextWeek/prevWeek do (52 -> 1, and 52 -> 53 -> 1 in the rare 53-week year, see weeks.ts).
 */
export function stepPeriod<T extends PeriodType>(
  type: T,
  value: PeriodValues[T],
  step: 1 | -1,
): PeriodValues[T] {
  if (step !== 1 && step !== -1) throw new RangeError(`step must be 1 or -1, got ${step}`);
  let out: PeriodValues[PeriodType];
  switch (type) {
    case "annual": {
      const { year } = value as YearRef;
      assertYear(year);
      out = { year: year + step };
      break;
    }
    case "month": {
      const m = value as MonthRef;
      assertMonth(m);
      const index = m.year * 12 + (m.month - 1) + step;
      out = { year: Math.floor(index / 12), month: (index % 12) + 1 };
      break;
    }
    case "week":
      out = step === 1 ? nextWeek(value as WeekRef) : prevWeek(value as WeekRef);
      break;
    case "day":
      out = addDays(value as IsoDate, step);
      break;
    default:
      throw new RangeError(`unknown period type ${JSON.stringify(type)}`);
  }
  return out as PeriodValues[T];
}

/** True when the period starts after `today`, i.e. lies wholly in the future. */
export function isFuturePeriod<T extends PeriodType>(
  type: T,
  value: PeriodValues[T],
  today: IsoDate,
): boolean {
  assertIsoDate(today);
  return periodStart(type, value) > today;
}

/** Whether the "next" arrow is enabled: false when the next period would lie in the future. */
export function canStepForward<T extends PeriodType>(
  type: T,
  value: PeriodValues[T],
  today: IsoDate,
): boolean {
  return !isFuturePeriod(type, stepPeriod(type, value, 1), today);
}
