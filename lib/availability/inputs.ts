// GET api/statistic/?statistic=tracker_data (02 section 7): station, year, optional month or week.
// The week is zero-based like every week the spec's API sends (week 1 is 0).
import { z } from "zod";
import { dbIdQuery, queryInt } from "../inputs/fields.ts";
import { weeksInYear } from "../dates/weeks.ts";

export const trackerQuery = z.object({
  station: dbIdQuery("A station id").optional().describe("Default: station 1 if yours, else your first"),
  year: queryInt(2000, 2100, "A year from 2000 to 2100"),
  month: queryInt(1, 12, "A month from 1 to 12").optional(),
  week: queryInt(0, 52, "A week from 0 to 52 (zero-based)").optional(),
}).refine((q) => q.month === undefined || q.week === undefined, {
  message: "Give a month or a week, not both",
  path: ["week"],
}).refine((q) => q.week === undefined || q.week < weeksInYear(q.year), {
  message: "That year has no such week",
  path: ["week"],
});
export type TrackerQuery = z.infer<typeof trackerQuery>;
