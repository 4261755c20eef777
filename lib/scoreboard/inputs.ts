// What the scoreboard API, page and island accept (zod, shared).
import { z } from "zod";
import { dbId, dbIdQuery, queryInt, searchText } from "../inputs/fields.ts";
import { orderingQuery, pagingQuery } from "../paging/query.ts";

export const SCOREBOARD_ORDERINGS = [
  "points_total",
  "name",
  "transporter_id",
  "number_of_shifts",
  "quadrant_name",
  "current_week_tier",
  "average_week6_tier",
  "tenured",
  "dcr",
  "dnr",
  "dsb",
  "dsb_count",
  "pod",
  "sc",
  "ced",
  "high_performer_in_weeks",
  "rescue",
  "morning_checklist",
  "ontime_attendance",
] as const;
export type ScoreboardOrdering = (typeof SCOREBOARD_ORDERINGS)[number];

/** dashboard (scoreboard) list: page, page_size, ordering, station, week (1-based), year, search. */
export const scoreboardQuery = pagingQuery.extend({
  station: dbIdQuery("Not a station").optional(),
  year: queryInt(2000, 2100, "Not a year").optional(),
  week: queryInt(1, 53, "Not a week").optional(),
  search: searchText(),
  ordering: orderingQuery(SCOREBOARD_ORDERINGS, "-points_total"),
});
export type ScoreboardQuery = z.infer<typeof scoreboardQuery>;

/** block driver notification: the row id and the boolean. */
export const blockInput = z.object({ id: dbId("Required"), ignore_sms: z.boolean({ error: "Required" }) });

/** send notification to drivers: the scoreboard's station and week. */
export const notifyInput = z.object({
  station: dbId("Required"),
  year: z.number().int().min(2000).max(2100),
  week: z.number().int().min(1).max(53),
});
