// Falcon's period picker: the dashboard's (lib/dashboard/calc-period.ts), except that the weekly view may
// step into the later weeks of the current year, where plans are typed ahead (03 2.8); every other view
// stops at the period holding today. Pure: the page, the island and the tests share it.
import { z } from "zod";
import { isIsoDate, type IsoDate } from "../dates/calendar.ts";
import { periodOf, periodStart, stepPeriod } from "../dates/periods.ts";
import { canStepPick, type PeriodPick, pickParams, stepPick } from "../dashboard/calc-period.ts";

export const falconPageQuery = z.object({
  type: z.enum(["annual", "month", "week", "day"]).catch("week"),
  date: z.string().refine(isIsoDate).optional().catch(undefined),
  station: z.coerce.number().int().positive().optional().catch(undefined),
});

/** The last day a pick may reach: today, or in the weekly view the last day of today's year. */
function limitOf(type: PeriodPick["type"], today: IsoDate): IsoDate {
  return type === "week" ? `${today.slice(0, 4)}-12-31` : today;
}

export function falconInitialPick(
  type: PeriodPick["type"],
  date: IsoDate | undefined,
  defaultDate: IsoDate,
  today: IsoDate,
): PeriodPick {
  return { type, date: date && date <= limitOf(type, today) ? date : defaultDate };
}

export function canStepFalcon(p: PeriodPick, today: IsoDate): boolean {
  if (p.type !== "week") return canStepPick(p, today);
  const next = stepPeriod("week", periodOf("week", p.date), 1);
  return next.year === periodOf("week", today).year;
}

export function stepFalcon(p: PeriodPick, step: 1 | -1, today: IsoDate): PeriodPick {
  if (p.type !== "week") return stepPick(p, step, today);
  if (step === 1 && !canStepFalcon(p, today)) return p;
  return { type: "week", date: periodStart("week", stepPeriod("week", periodOf("week", p.date), step)) };
}

/** GET api/falcon/'s parameters for a pick and a station. */
export function falconParams(p: PeriodPick, station: number): Record<string, string> {
  return { ...pickParams(p), station: String(station) };
}
