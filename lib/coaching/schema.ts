// Coaching drafts (issue 12 point 6): after each import, one draft SMS per DA off target in the week,
// written in the DA's language; reviewed, edited, skipped or sent from the scoreboard.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";

export const coachingDrafts = pgTable("coaching_drafts", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  /** ISO week label, '2026-W21' */
  week: text("week").notNull(),
  transporterId: text("transporter_id").notNull(),
  driverId: integer("driver_id").references(() => users.id, { onDelete: "set null" }),
  driverName: text("driver_name").notNull(),
  /** 'en' | 'es' */
  language: text("language").notNull().default("en"),
  /** the off-target measures the text covers ('dcr', 'pod', 'dsb', 'dnr') */
  measures: jsonb("measures").$type<string[]>().notNull(),
  body: text("body").notNull(),
  /** 'draft' | 'edited' | 'skipped' | 'sent' */
  status: text("status").notNull().default("draft"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  sentById: integer("sent_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex("coaching_drafts_once").on(t.stationId, t.week, t.transporterId),
  index("coaching_drafts_week").on(t.stationId, t.week),
]);
