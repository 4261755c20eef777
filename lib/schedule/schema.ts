import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";

/**
 * One person's day in the weekly schedule (02 "Schedule report"). Roles here are SCHEDULE roles
 * (lib/schedule/roles.ts), never shift-record roles. A person has at most one entry per day, whatever the
 * station: a driver cannot work two stations on one day.
 */
export const scheduleReports = pgTable("schedule_reports", {
  id: serial("id").primaryKey(),
  scheduleDate: date("schedule_date").notNull(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  stationId: integer("station_id").notNull().references(() => stations.id),
  /** null = no role (available without a role, or unavailable). */
  role: integer("role"),
  roleHours: numeric("role_hours", { precision: 5, scale: 2 }).notNull().default("0"),
  isAvailable: boolean("is_available").notNull().default(false),
  isPublished: boolean("is_published").notNull().default(false),
  shiftStartTime: time("shift_start_time"),
  /** A helper (role 13) takes the hours of the person helped. */
  helperOfId: integer("helper_of_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdById: integer("created_by_id").references(() => users.id),
  editedById: integer("edited_by_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique("schedule_reports_user_date").on(t.userId, t.scheduleDate),
  index("schedule_reports_station_date_idx").on(t.stationId, t.scheduleDate),
]);

/**
 * An availability request sent to a person for a week (02 "Send availability"): what the availability
 * tracker counts against, and the audit of who asked whom when. The SMS itself is in the outbox.
 */
export const scheduleRequests = pgTable("schedule_requests", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  stationId: integer("station_id").references(() => stations.id),
  /** The Sunday that starts the requested week. */
  weekStart: date("week_start").notNull(),
  kind: text("kind", { enum: ["availability", "published"] }).notNull(),
  sentById: integer("sent_by_id").references(() => users.id),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("schedule_requests_week_idx").on(t.weekStart, t.userId)]);
