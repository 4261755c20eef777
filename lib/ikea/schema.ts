// IKEA weekly checks (03 sections 2.4, 3 "Ikea weekly row"): one row per IKEA station and delivery week.
// No Amazon file carries IKEA figures, so every figure is typed by management (docs/decisions.md "IKEA
// pages"); null until someone does.
import {
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";
import type { IkeaTargets } from "./dto.ts";

export const ikeaWeeks = pgTable("ikea_weeks", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  year: integer("year").notNull(),
  /** zero-based, shown +1 (03 section 3) */
  weekNumber: integer("week_number").notNull(),
  /** the Sunday that starts the week */
  weekStart: date("week_start").notNull(),
  targets: jsonb("targets").$type<IkeaTargets>().notNull(),
  dcr: doublePrecision("dcr"),
  dcrDaOffTarget: integer("dcr_da_off_target"),
  oa: doublePrecision("oa"),
  oaDaOffTarget: integer("oa_da_off_target"),
  mc: doublePrecision("mc"),
  mcDaOffTarget: integer("mc_da_off_target"),
  infraction: integer("infraction"),
  reliabilityScore: integer("reliability_score"),
  tenuredDa: integer("tenured_da"),
  employeeSatisfactionSurvey: integer("employee_satisfaction_survey"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  editedById: integer("edited_by_id").references(() => users.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("ikea_weeks_station_week").on(t.stationId, t.year, t.weekNumber)]);

/** One weekday of an IKEA week (Sunday to Saturday): the day's scores and DAs off target, typed. */
export const ikeaDays = pgTable("ikea_days", {
  id: serial("id").primaryKey(),
  ikeaWeekId: integer("ikea_week_id").notNull().references(() => ikeaWeeks.id, { onDelete: "cascade" }),
  date: date("date").notNull(),
  dcr: doublePrecision("dcr"),
  dcrDaOffTarget: integer("dcr_da_off_target"),
  oa: doublePrecision("oa"),
  oaDaOffTarget: integer("oa_da_off_target"),
  mc: doublePrecision("mc"),
  mcDaOffTarget: integer("mc_da_off_target"),
  editedById: integer("edited_by_id").references(() => users.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("ikea_days_week_date").on(t.ikeaWeekId, t.date)]);
