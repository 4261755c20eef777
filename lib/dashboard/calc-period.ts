// The dashboard's period picker as data (01 "Dashboard", section 4): a period type and any date inside the
// period. Switching type goes back to the default date (yesterday); stepping moves one period and never
// past the one holding today; weeks wrap 52 -> 1 and months 12 -> 1 with the year (lib/dates). Pure: the
// page, the island and the tests share it.
import { z } from "zod";
import { isIsoDate, type IsoDate } from "../dates/calendar.ts";
import { canStepForward, periodOf, periodStart, type PeriodType, stepPeriod } from "../dates/periods.ts";
import { MONTH_LABELS } from "../dates/format.ts";
import { stationList } from "./inputs.ts";

export interface PeriodPick {
  type: PeriodType;
  /** Any day inside the period. */
  date: IsoDate;
}

/** The page's URL: ?type=week&date=YYYY-MM-DD&stations=1_2 (anything unreadable falls back). */
export const dashboardPageQuery = z.object({
  type: z.enum(["annual", "month", "week", "day"]).catch("week"),
  date: z.string().refine(isIsoDate).optional().catch(undefined),
  stations: stationList.catch([]),
});

/** The pick a page opens with: the URL's, else a week around the default date; never in the future. */
export function initialPick(
  type: PeriodType,
  date: IsoDate | undefined,
  defaultDate: IsoDate,
  today: IsoDate,
): PeriodPick {
  const d = date && date <= today ? date : defaultDate;
  return { type, date: d };
}

/** Steps one period back (-1) or forward (+1); forward stops at the period holding today. */
export function stepPick(p: PeriodPick, step: 1 | -1, today: IsoDate): PeriodPick {
  if (step === 1 && !canStepPick(p, today)) return p;
  const next = stepPeriod(p.type, periodOf(p.type, p.date), step);
  const start = periodStart(p.type, next);
  return { type: p.type, date: start > today ? today : start };
}

export function canStepPick(p: PeriodPick, today: IsoDate): boolean {
  return canStepForward(p.type, periodOf(p.type, p.date), today);
}

/** The query parameters the statistics take for a pick (week zero-based, as the API counts). */
export function pickParams(p: PeriodPick): Record<string, string> {
  switch (p.type) {
    case "day":
      return { day: p.date };
    case "week": {
      const w = periodOf("week", p.date);
      return { year: String(w.year), week: String(w.week - 1) };
    }
    case "month": {
      const m = periodOf("month", p.date);
      return { year: String(m.year), month: String(m.month) };
    }
    default:
      return { year: p.date.slice(0, 4) };
  }
}

/** How the picker names the period: '2026', 'Nov 2026', 'Week 48, 2026', '24-11-2026 (week 48)'. */
export function pickLabel(p: PeriodPick): string {
  const w = periodOf("week", p.date);
  switch (p.type) {
    case "day":
      return `${p.date.slice(8, 10)}-${p.date.slice(5, 7)}-${p.date.slice(0, 4)} (week ${w.week})`;
    case "week":
      return `Week ${w.week}, ${w.year}`;
    case "month":
      return `${MONTH_LABELS[Number(p.date.slice(5, 7)) - 1]} ${p.date.slice(0, 4)}`;
    default:
      return p.date.slice(0, 4);
  }
}
