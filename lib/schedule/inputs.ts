// zod schemas of the schedule's calls (02 section 7 "Schedule and tracker"), shared by the API, the page, the
// OpenAPI document, the islands and the tests. Field names are the spec's; the fields it does not name
// (role, search, ordering of get_reports) are optional additions.
import { z } from "zod";
import { dbId, dbIdQuery, queryInt, searchText, text } from "../inputs/fields.ts";
import { orderingQuery } from "../paging/query.ts";
import { isScheduleRole } from "./roles.ts";
import { isValidWeek } from "../dates/weeks.ts";

const isoDate = z.iso.date({ error: "Not a date (YYYY-MM-DD)" });

/** Who the grid lists (the spec's is_driver_supervisor_dispatcher users): drivers, supervisors, dispatchers. */
export const GRID_USER_ROLES = [5, 2, 1] as const;
export const GRID_ORDERING_FIELDS = ["role", "name", "total_hours"] as const;

/** GET api/schedule/get_reports: week (zero-based) and year; station, status, role, search, ordering. */
export const getReportsQuery = z.object({
  week: queryInt(0, 52, "Not a week (0-52, zero-based)"),
  year: queryInt(2000, 2100, "Not a year"),
  station: dbIdQuery("Not a station id").optional(),
  status: z.union([z.literal(""), queryInt(1, 99, "Not a status")]).optional()
    .transform((v) => (v === "" ? undefined : v)),
  /** The person's user role: 5 drivers, 2 supervisors, 1 dispatchers; absent = all three. */
  role: z.union([z.literal(""), z.enum(["1", "2", "5"])]).optional()
    .transform((v) => (v ? Number(v) : undefined)),
  search: searchText(100),
  ordering: orderingQuery(GRID_ORDERING_FIELDS, "-role"),
}).superRefine((q, ctx) => {
  // Week 52 (zero-based) is the 53rd week, which only some years have (lib/dates/weeks.ts).
  if (!isValidWeek({ year: q.year, week: q.week + 1 })) {
    ctx.addIssue({ code: "custom", path: ["week"], message: `${q.year} has no week ${q.week + 1}` });
  }
});
export type GetReportsQuery = z.infer<typeof getReportsQuery>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const hours = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v);
  if (Number.isFinite(n) && n >= 0 && n <= 24 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6) return n;
  ctx.addIssue({ code: "custom", message: "Hours must be a number from 0 to 24 (two decimals at most)" });
  return z.NEVER;
});

/** POST api/schedule/create_or_update_report/: one person's day (02 "Schedule report"). */
export const reportInput = z.object({
  date: isoDate,
  user_id: dbId("Not a user id"),
  station: dbId("Not a station id"),
  is_available: z.boolean({ error: "Must be true or false" }),
  role: z.number().int().refine(isScheduleRole, "Unknown schedule role (0-17)").nullable().optional()
    .transform((v) => v ?? null),
  /** Entered hours: read only for flexible roles; empty = none. */
  role_hours: z.union([hours, z.literal(""), z.null()]).optional().transform((
    v,
  ) => (v === "" ? null : v ?? null)),
  helper_of: dbId("Not a user id").nullable().optional().transform((v) => v ?? null),
  shift_start_time: z.union([z.literal(""), z.null(), text().regex(HHMM, "Not a time (HH:MM)")]).optional()
    .transform((v) => (v ? v.slice(0, 5) : null)),
});
export type ReportInput = z.infer<typeof reportInput>;

/** POST api/schedule/delete_report/ */
export const deleteReportInput = z.object({
  date: isoDate,
  user_id: dbId("Not a user id"),
  station: dbId("Not a station id"),
});
export type DeleteReportInput = z.infer<typeof deleteReportInput>;

/** "3_7_12" (the spec's underscore-joined list); "" is none. */
const userIdList = z.string().optional().default("").transform((v, ctx) => {
  if (v.trim() === "") return [] as number[];
  const ids = v.split("_").map((s) => (/^\d{1,10}$/.test(s) ? Number(s) : NaN));
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
    ctx.addIssue({ code: "custom", message: "Not a list of user ids joined by '_'" });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** GET api/send-request-schedule-message/: the people asked, a date of the week asked about. */
export const requestMessageQuery = z.object({
  user_id_list: userIdList,
  week_date: isoDate,
  station_id: dbIdQuery("Not a station id").optional(),
});
export type RequestMessageQuery = z.infer<typeof requestMessageQuery>;

/** GET api/send-confirmed-schedule-message/: the people (empty = all), the station, a date of the week. */
export const confirmedMessageQuery = z.object({
  user_id_list: userIdList,
  station_id: dbIdQuery("Not a station id"),
  week_date: isoDate,
});
export type ConfirmedMessageQuery = z.infer<typeof confirmedMessageQuery>;
