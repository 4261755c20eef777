// Weekly quality checks (03 sections 2.1, 2.2, 3): one row per station and delivery week, built from the
// imported Amazon files (lib/checks/build.ts) after every import, plus the figures people type in (whc
// off-target and employee satisfaction on the week; dsb and violation per day). The built figures are
// replaced on every rebuild; what people typed is never touched by a rebuild.
import { date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";
import type { BuiltDay, BuiltWeek, Targets } from "./dto.ts";

export const checkWeeks = pgTable("check_weeks", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  year: integer("year").notNull(),
  /** zero-based, shown +1 (03 section 3) */
  weekNumber: integer("week_number").notNull(),
  /** the Sunday that starts the week */
  weekStart: date("week_start").notNull(),
  targets: jsonb("targets").$type<Targets>().notNull(),
  /** scores and off-target DAs per measure, as the last rebuild found them */
  built: jsonb("built").$type<BuiltWeek>().notNull(),
  /** typed by management (03 section 5); null until someone does */
  whcDaOffTarget: integer("whc_da_off_target"),
  employeeSatisfaction: integer("employee_satisfaction"),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  editedById: integer("edited_by_id").references(() => users.id, { onDelete: "set null" }),
}, (t) => [
  uniqueIndex("check_weeks_station_week").on(t.stationId, t.year, t.weekNumber),
  index("check_weeks_station_start").on(t.stationId, t.weekStart),
]);

/** One weekday of a check week (Sunday to Saturday). */
export const checkDays = pgTable("check_days", {
  id: serial("id").primaryKey(),
  checkWeekId: integer("check_week_id").notNull().references(() => checkWeeks.id, { onDelete: "cascade" }),
  date: date("date").notNull(),
  built: jsonb("built").$type<BuiltDay>().notNull(),
  /** typed on the week page (digits only); null until someone does */
  dsb: integer("dsb"),
  violation: integer("violation"),
  editedById: integer("edited_by_id").references(() => users.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("check_days_week_date").on(t.checkWeekId, t.date)]);
