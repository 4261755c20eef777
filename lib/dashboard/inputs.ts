// What the dashboard's statistics accept (01 section 7): `stations` joined by '_', and one period named by
// its finest part: `day` (a date), else `week` (zero-based, as every week the API sends) with `year`, else
// `month` with `year`, else `year` alone. Trends take `type` (day, week or month) and a range:
// start_date/end_date for days, week_range '0_9' or month_range '1_6' within `year`.
import { z } from "zod";
import { queryInt } from "../inputs/fields.ts";
import { isoDay, periodQueryWith } from "../period/inputs.ts";

/** '1_2_3' -> [1, 2, 3]; '' or absent -> [] (= all of the viewer's stations). */
export const stationList = z.string().max(2000).optional().transform((s, ctx) => {
  if (!s) return [] as number[];
  const ids = s.split("_").map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
    ctx.addIssue({ code: "custom", message: "Station ids joined by '_', e.g. 1_2" });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** The period's fields and rules are shared with Falcon's query (lib/period/inputs.ts). */
export const periodQuery = periodQueryWith({ stations: stationList });
export type PeriodQuery = z.infer<typeof periodQuery>;

const range = (max: number, what: string) =>
  z.string().regex(/^\d{1,2}_\d{1,2}$/, `${what}: from_to, e.g. 1_6`).transform((s, ctx) => {
    const [a, b] = s.split("_").map(Number);
    if (a > b || b > max) {
      ctx.addIssue({ code: "custom", message: `${what}: from must not pass to, to at most ${max}` });
      return z.NEVER;
    }
    return [a, b] as [number, number];
  });

export const TREND_TYPES = ["day", "week", "month"] as const;
export type TrendType = (typeof TREND_TYPES)[number];

export const trendQuery = z.object({
  stations: stationList,
  type: z.enum(TREND_TYPES, { message: "type: day, week or month" }).default("month"),
  year: queryInt(2000, 2100, "A year from 2000 to 2100").optional(),
  month_range: range(12, "month_range").optional(),
  week_range: range(52, "week_range").optional(),
  start_date: isoDay("start_date").optional(),
  end_date: isoDay("end_date").optional(),
}).refine((q) => q.type === "day" ? !!q.start_date && !!q.end_date : q.year !== undefined, {
  message: "Days need start_date and end_date; weeks and months need a year",
  path: ["year"],
}).refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
  message: "start_date must not pass end_date",
  path: ["end_date"],
}).refine(
  (q) => !q.start_date || !q.end_date || Date.parse(q.end_date) - Date.parse(q.start_date) <= 400 * 864e5,
  {
    message: "At most 400 days",
    path: ["end_date"],
  },
);
export type TrendQuery = z.infer<typeof trendQuery>;

/** GET api/dashboard/get_week_number/?date=YYYY-MM-DD (default yesterday). */
export const weekNumberQuery = z.object({ date: isoDay("date").optional() });
