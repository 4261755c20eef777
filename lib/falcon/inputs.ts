// Falcon's inputs (03 2.8, 7): GET api/falcon/ takes a station and a year with an optional month or
// (zero-based) week, or a day; PUT api/falcon/plan/ and api/falcon/comment/ take a date and a station.
// Pure zod: the island loads it.
import { z } from "zod";
import { dbId, dbIdQuery, text } from "../inputs/fields.ts";
import { isoDay, periodQueryWith } from "../period/inputs.ts";

/** One station, then the period with the dashboard's fields and rules (lib/period/inputs.ts). */
export const falconQuery = periodQueryWith({ station: dbIdQuery("A station id") });
export type FalconQuery = z.infer<typeof falconQuery>;

/** 01 section 7 names the statistics' stations `stations` (joined by '_'); Falcon reads exactly one. */
function stationsAsStation(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || "station" in raw || !("stations" in raw)) return raw;
  const { stations, ...rest } = raw as Record<string, unknown>;
  return { ...rest, station: stations };
}

/** The `falcon_data` statistic of GET api/statistic/: falconQuery, the station as `station` or `stations`. */
export const falconStatisticQuery = z.preprocess(
  stationsAsStation,
  periodQueryWith({ station: dbIdQuery("One station id: Falcon reads one station at a time") }),
);

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
