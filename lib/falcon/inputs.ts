// Falcon's inputs (03 2.8, 7): GET api/falcon/ takes a station and a year with an optional month or
// (zero-based) week, or a day; PUT api/falcon/plan/ and api/falcon/comment/ take a date and a station.
// Pure zod: the island loads it.
import { z } from "zod";
import { dbId, dbIdQuery, queryInt, text } from "../inputs/fields.ts";
import { isIsoDate } from "../dates/calendar.ts";
import { weeksInYear } from "../dates/weeks.ts";

const isoDay = (what: string) =>
  z.string({ error: `${what}: a date as YYYY-MM-DD` }).regex(
    /^\d{4}-\d{2}-\d{2}$/,
    `${what}: a date as YYYY-MM-DD`,
  )
    .refine((s) => isIsoDate(s), `${what}: no such date`);

export const falconQuery = z.object({
  station: dbIdQuery("A station id"),
  year: queryInt(2000, 2100, "A year from 2000 to 2100").optional(),
  month: queryInt(1, 12, "A month from 1 to 12").optional(),
  week: queryInt(0, 52, "A week from 0 to 52 (zero-based)").optional(),
  day: isoDay("day").optional(),
}).refine((q) => q.day !== undefined || q.year !== undefined, {
  message: "Give a year (with a month or a week) or a day",
  path: ["year"],
}).refine((q) => q.month === undefined || q.week === undefined, {
  message: "Give a month or a week, not both",
  path: ["week"],
}).refine((q) => q.week === undefined || q.year === undefined || q.week < weeksInYear(q.year), {
  message: "That year has no such week",
  path: ["week"],
});
export type FalconQuery = z.infer<typeof falconQuery>;

export const MAX_PLAN_ROUTES = 10_000;

/** createOrUpdateReportPlan: date, routes, station. */
export const planInput = z.object({
  date: isoDay("date"),
  routes: z.number({ error: "A whole number of routes" }).int("A whole number of routes")
    .min(0, "At least 0").max(MAX_PLAN_ROUTES, `At most ${MAX_PLAN_ROUTES}`),
  station: dbId("A station id", "Choose a station"),
});
export type PlanInput = z.infer<typeof planInput>;

export const MAX_COMMENT = 2000;

/** createOrUpdateReportComment: date, comment, matchStatus (0 unset, 1 yes, 2 no), station. */
export const commentInput = z.object({
  date: isoDay("date"),
  comment: text().max(MAX_COMMENT, `At most ${MAX_COMMENT} characters`).default(""),
  matchStatus: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "0, 1 (yes) or 2 (no)" }).default(
    0,
  ),
  station: dbId("A station id", "Choose a station"),
});
export type CommentInput = z.infer<typeof commentInput>;
