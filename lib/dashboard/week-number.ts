// GET api/dashboard/get_week_number/: the delivery week of a date, as the API counts weeks (zero-based).
import { type IsoDate } from "../dates/calendar.ts";
import { yesterdayIn } from "../dates/periods.ts";
import { weekOf } from "../dates/weeks.ts";

export interface WeekNumberDto {
  date: IsoDate;
  week_number: number;
  year: number;
}

export function weekNumberOf(date: IsoDate | undefined, timeZone: string, now = new Date()): WeekNumberDto {
  const d = date ?? yesterdayIn(timeZone, now);
  const w = weekOf(d);
  return { date: d, week_number: w.week - 1, year: w.year };
}
