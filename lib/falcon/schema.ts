import { check, date, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { stations, users } from "../org/schema.ts";

/** Falcon's planned routes of one station and day (03 2.8 plan_list; createOrUpdateReportPlan). */
export const falconPlans = pgTable("falcon_plans", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  reportDate: date("report_date").notNull(),
  routes: integer("number_of_routes").notNull(),
  updatedById: integer("updated_by_id").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique("falcon_plans_station_date").on(t.stationId, t.reportDate),
  check("falcon_plans_routes", sql`${t.routes} >= 0`),
]);

/** Falcon's comment of one station and day with its match flag (0 unset, 1 yes, 2 no; 03 2.8). */
export const falconComments = pgTable("falcon_comments", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  reportDate: date("report_date").notNull(),
  comment: text("report_comment").notNull().default(""),
  isMatch: integer("is_match").notNull().default(0),
  updatedById: integer("updated_by_id").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique("falcon_comments_station_date").on(t.stationId, t.reportDate),
  check("falcon_comments_is_match", sql`${t.isMatch} in (0, 1, 2)`),
]);
