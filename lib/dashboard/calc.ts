// The dashboard's pure rules: which dates a query names, the period before it, the trend buckets, and
// the card colours of 01 section 4. Pure: islands import it to colour what the server sent.
import { addDays, type IsoDate } from "../dates/calendar.ts";
import { periodEnd, periodStart, type PeriodType, type PeriodValues, stepPeriod } from "../dates/periods.ts";
import { weekOf } from "../dates/weeks.ts";
import type { PeriodQuery, TrendQuery } from "./inputs.ts";

export interface Period {
  type: PeriodType;
  from: IsoDate;
  to: IsoDate;
  /** The period before (past week, month, year or day), for the cards that compare. */
  prevFrom: IsoDate;
  prevTo: IsoDate;
}

function periodValue(q: PeriodQuery): { type: PeriodType; value: PeriodValues[PeriodType] } {
  if (q.day) return { type: "day", value: q.day };
  const year = q.year!;
  if (q.week !== undefined) return { type: "week", value: { year, week: q.week + 1 } };
  if (q.month !== undefined) return { type: "month", value: { year, month: q.month } };
  return { type: "annual", value: { year } };
}

/** The dates of the period a query names, and of the one before it. */
export function resolvePeriod(q: PeriodQuery): Period {
  const { type, value } = periodValue(q);
  const prev = stepPeriod(type, value, -1);
  return {
    type,
    from: periodStart(type, value),
    to: periodEnd(type, value),
    prevFrom: periodStart(type, prev),
    prevTo: periodEnd(type, prev),
  };
}

export interface Bucket {
  /** What the chart prints under the bar: dd-mm-yyyy, 'W5' (shown week), or 'Jan'. */
  label: string;
  date: IsoDate | null;
  week: number | null;
  month: number | null;
  year: number;
  from: IsoDate;
  to: IsoDate;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The bars of a trend chart, oldest first. Weeks are zero-based in the query, shown +1. */
export function trendBuckets(q: TrendQuery): Bucket[] {
  const out: Bucket[] = [];
  if (q.type === "day") {
    for (let d = q.start_date!; d <= q.end_date!; d = addDays(d, 1)) {
      const [y, m, day] = d.split("-");
      out.push({
        label: `${day}-${m}-${y}`,
        date: d,
        week: weekOf(d).week - 1,
        month: Number(m),
        year: Number(y),
        from: d,
        to: d,
      });
    }
    return out;
  }
  const year = q.year!;
  if (q.type === "week") {
    const [a, b] = q.week_range ?? [0, 51];
    for (let w = a; w <= b; w++) {
      const value = { year, week: w + 1 };
      try {
        out.push({
          label: `W${w + 1}`,
          date: null,
          week: w,
          month: null,
          year,
          from: periodStart("week", value),
          to: periodEnd("week", value),
        });
      } catch { /* week 53 in a 52-week year: no such bar */ }
    }
    return out;
  }
  const [a, b] = q.month_range ?? [1, 12];
  for (let m = a; m <= b; m++) {
    const value = { year, month: m };
    out.push({
      label: MONTHS[m - 1],
      date: null,
      week: null,
      month: m,
      year,
      from: periodStart("month", value),
      to: periodEnd("month", value),
    });
  }
  return out;
}

/** part / whole * 100, or null without a whole. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

// ---- card colouring (01 section 4): true = success (green), false = red, null = nothing to judge

/** Routes succeed when completion (routes against plan, %) is above 100. */
export const routesOk = (completion: number | null): boolean | null =>
  completion === null ? null : completion > 100;
/** Deliveries succeed when the previous total minus the current total is at most 0. */
export const deliveriesOk = (prev: number, current: number): boolean => prev - current <= 0;
/** Rabbit and dolly returns succeed when the returned percentage is at least 90. */
export const RETURN_THRESHOLD = 90;
export const scannersOk = (returnedPct: number | null): boolean | null =>
  returnedPct === null ? null : returnedPct >= RETURN_THRESHOLD;
/** Returns succeed when their share of the packages (%) is at most 0.5. */
export const RETURNS_TARGET = 0.5;
export const returnsOk = (share: number | null): boolean | null =>
  share === null ? null : share <= RETURNS_TARGET;
/** Missing succeeds when the previous minus the current is at least 0. */
export const missingOk = (prev: number, current: number): boolean => prev - current >= 0;
