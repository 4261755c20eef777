// What the weekly Amazon files carry (issue 5), shaped for the screens that read it: the DSP's scorecard per
// station and week, each DA's weekly performance, DSB/DNR and its package-level concessions, DCR/POD/PSB
// quality, capacity reliability per day, and working-hour exceptions.
//
// Rows keep the file's transporter id and are tied to a DA at read time (users.transporter_id, or an alias
// made by "map to DA"): an id the register lacks today links up by itself the day the roster gains it.
// Every row belongs to one import and goes with it (on delete cascade).
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";
import { uploads } from "../uploads/schema.ts";
import type { Problem } from "../amazon/types.ts";

/**
 * One imported file. `slot` is what a file stands for (scorecard, overview, dnr, concessions, dcr, pod, psb,
 * reliability, whc): one active import per slot, station and week; a newer file for the same slot replaces
 * the older one, which stays in the history as replaced (without rows).
 */
export const amazonImports = pgTable("amazon_imports", {
  id: serial("id").primaryKey(),
  /** the parser's kind (lib/amazon/types.ts AmazonKind) */
  kind: text("kind").notNull(),
  slot: text("slot").notNull(),
  /** the history toggle of /import: 'pdf' or 'csv' (CSV and spreadsheet files) */
  family: text("family").notNull(),
  fileName: text("file_name").notNull(),
  uploadId: integer("upload_id").references(() => uploads.id, { onDelete: "set null" }),
  sha256: text("sha256").notNull(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  /** `2026-W21`; for reliability the week of its first day */
  week: text("week").notNull(),
  dsp: text("dsp"),
  uploadedById: integer("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  replacedAt: timestamp("replaced_at", { withTimezone: true }),
  replacedById: integer("replaced_by_id"),
  /** rows stored per table, matched/unmatched DAs */
  counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  /** the non-fatal problems of the file (fatal ones refuse the import) */
  problems: jsonb("problems").$type<Problem[]>().notNull().default([]),
  /** what the upload was told: the PDF's start page */
  options: jsonb("options").$type<{ startPage?: number }>().notNull().default({}),
}, (t) => [
  uniqueIndex("amazon_imports_active_slot").on(t.slot, t.stationId, t.week).where(
    sql`${t.replacedAt} is null`,
  ),
  index("amazon_imports_family_idx").on(t.family, t.uploadedAt),
  index("amazon_imports_sha_idx").on(t.sha256),
]);

const importRef = () =>
  integer("import_id").notNull().references(() => amazonImports.id, { onDelete: "cascade" });
const stationRef = () => integer("station_id").notNull().references(() => stations.id);
/** What every per-DA weekly row starts with: its import, station, week, and the file's id and name. */
const daWeek = () => ({
  id: serial("id").primaryKey(),
  importId: importRef(),
  stationId: stationRef(),
  week: text("week").notNull(),
  transporterId: text("transporter_id").notNull(),
  daName: text("da_name"),
});

/** The scorecard PDF's summary page: the DSP's standing at one station in one week. */
export const dspWeeklyScorecards = pgTable("dsp_weekly_scorecards", {
  id: serial("id").primaryKey(),
  importId: importRef(),
  stationId: stationRef(),
  week: text("week").notNull(),
  dsp: text("dsp"),
  overallScore: numeric("overall_score", { precision: 6, scale: 2 }),
  overallTier: text("overall_tier"),
  rank: integer("rank"),
  rankChange: integer("rank_change"),
  /** [{ key, name, value, shown, tier }] in the order the PDF prints them */
  metrics: jsonb("metrics").$type<
    { key: string; name: string; value: number | null; shown: string; tier: string | null }[]
  >()
    .notNull().default([]),
  focusAreas: jsonb("focus_areas").$type<string[]>().notNull().default([]),
  /** 'per-da' or 'dsp-level' (US scorecards from 2025-W41) */
  generation: text("generation"),
  layout: text("layout"),
}, (t) => [index("dsp_weekly_scorecards_station_week").on(t.stationId, t.week)]);

/**
 * One DA's week as a file tells it: the overview CSV (source 'overview', every column) or the scorecard
 * PDF's per-DA table (source 'scorecard'). Percentages are stored as printed (99.38), not as fractions.
 */
export const daWeeklyPerformance = pgTable("da_weekly_performance", {
  ...daWeek(),
  source: text("source").notNull(),
  overallStanding: text("overall_standing"),
  overallScore: numeric("overall_score", { precision: 6, scale: 2 }),
  packagesDelivered: integer("packages_delivered"),
  /** every other column by key: metric values, tiers, scores, weights (overview) or the table's columns */
  metrics: jsonb("metrics").$type<Record<string, number | string | null>>().notNull().default({}),
}, (t) => [
  index("da_weekly_performance_station_week").on(t.stationId, t.week),
  index("da_weekly_performance_tid").on(t.transporterId, t.week),
  index("da_weekly_performance_import").on(t.importId),
]);

/** The DNR / DSB CSV: one DA's week. */
export const daWeeklyDsb = pgTable("da_weekly_dsb", {
  ...daWeek(),
  dsbCount: integer("dsb_count"),
  dsbDpmo: integer("dsb_dpmo"),
  /** the counts behind the DPMO, by snake-case column key */
  counts: jsonb("counts").$type<Record<string, number | null>>().notNull().default({}),
}, (t) => [
  index("da_weekly_dsb_station_week").on(t.stationId, t.week),
  index("da_weekly_dsb_tid").on(t.transporterId, t.week),
  index("da_weekly_dsb_import").on(t.importId),
]);

/** The package-level DSB variant (DSP_Delivery_Concessions): one package. */
export const deliveryConcessions = pgTable("delivery_concessions", {
  ...daWeek(),
  trackingId: text("tracking_id").notNull(),
  impactsDsb: boolean("impacts_dsb").notNull(),
  deliveryType: text("delivery_type"),
  /** the six flags by snake-case key */
  flags: jsonb("flags").$type<Record<string, boolean>>().notNull().default({}),
  pickupDate: date("pickup_date"),
  deliveryAttemptDate: date("delivery_attempt_date"),
  deliveryDate: date("delivery_date"),
  concessionDate: date("concession_date"),
  serviceArea: text("service_area"),
  dsp: text("dsp"),
}, (t) => [
  index("delivery_concessions_station_week").on(t.stationId, t.week),
  index("delivery_concessions_import").on(t.importId),
]);

/** The DCR, POD and PSB CSVs: one DA's week of one metric ('dcr' | 'pod' | 'psb'). */
export const daWeeklyQuality = pgTable("da_weekly_quality", {
  ...daWeek(),
  metric: text("metric").notNull(),
  /** the headline percentage (DCR, POD success, PSB) as printed */
  value: numeric("value", { precision: 6, scale: 2 }),
  /** the counts of the file by snake-case key (RTS reasons for DCR) */
  figures: jsonb("figures").$type<Record<string, number | null>>().notNull().default({}),
}, (t) => [
  index("da_weekly_quality_station_week").on(t.stationId, t.week, t.metric),
  index("da_weekly_quality_import").on(t.importId),
]);

/** Capacity reliability, one station's day (XLSX or PDF). The newest import wins for a day. */
export const capacityReliabilityDays = pgTable("capacity_reliability_days", {
  id: serial("id").primaryKey(),
  importId: importRef(),
  stationId: stationRef(),
  day: date("day").notNull(),
  capacityReliability: numeric("capacity_reliability", { precision: 6, scale: 2 }),
  completedRoutes: integer("completed_routes"),
  amazonPaidCancels: integer("amazon_paid_cancels"),
  dspDroppedRoutes: integer("dsp_dropped_routes"),
  reliabilityTarget: numeric("reliability_target", { precision: 6, scale: 2 }),
  routeTarget: integer("route_target"),
  flexUpRouteTarget: integer("flex_up_route_target"),
  finalScheduled: integer("final_scheduled"),
  dspAvailableCapacity: integer("dsp_available_capacity"),
}, (t) => [
  uniqueIndex("capacity_reliability_station_day").on(t.stationId, t.day),
  index("capacity_reliability_import").on(t.importId),
]);

/** Working-hour exceptions of a DA's week: the WHC XLSX (source 'whc') or the scorecard PDF's table. */
export const whcExceptions = pgTable("whc_exceptions", {
  ...daWeek(),
  source: text("source").notNull(),
  dailyLimitExceeded: integer("daily_limit_exceeded"),
  weeklyLimitExceeded: integer("weekly_limit_exceeded"),
  underOffWorkLimit: integer("under_off_work_limit"),
  workDayLimitExceeded: integer("work_day_limit_exceeded"),
  whException: integer("wh_exception"),
}, (t) => [
  index("whc_exceptions_station_week").on(t.stationId, t.week),
  index("whc_exceptions_import").on(t.importId),
]);

/** "Map to DA": a transporter id in a file that belongs to a DA registered under another id. */
export const transporterAliases = pgTable("transporter_aliases", {
  transporterId: text("transporter_id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
