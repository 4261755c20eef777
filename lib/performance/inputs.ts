// The performance page's URL (?scorecard=&type=&date=&station=) and the PDF export's query: anything
// unreadable falls back (page) or is a 400 (PDF). Station: one of the viewer's (default station 1 if
// theirs, else their first, 03 2.7's rule for pickers).
import { z } from "zod";
import { isIsoDate } from "../dates/calendar.ts";
import { queryInt } from "../inputs/fields.ts";
import { SCORECARDS } from "./calc.ts";

export const performancePageQuery = z.object({
  scorecard: z.enum(SCORECARDS).catch("TL_PERFORMANCE"),
  type: z.enum(["annual", "month", "week", "day"]).catch("week"),
  date: z.string().refine(isIsoDate).optional().catch(undefined),
  station: z.coerce.number().int().positive().optional().catch(undefined),
});

export const performancePdfQuery = z.object({
  scorecard: z.enum(SCORECARDS, { message: `scorecard: one of ${SCORECARDS.join(", ")}` }),
  type: z.enum(["annual", "month", "week", "day"], { message: "type: annual, month, week or day" }),
  date: z.string().refine(isIsoDate, "date: a date as YYYY-MM-DD"),
  station: queryInt(1, 2_147_483_647, "station: a station id"),
});
export type PerformancePdfQuery = z.infer<typeof performancePdfQuery>;

/** Station 1 when the viewer holds it, else their first; the one asked for when it is theirs. */
export function defaultStation(mine: readonly number[], asked?: number): number | null {
  if (asked !== undefined && mine.includes(asked)) return asked;
  if (mine.includes(1)) return 1;
  return mine.length ? Math.min(...mine) : null;
}
