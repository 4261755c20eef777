import { date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";
import { stations } from "../stations/schema.ts";

export const vanGroups = pgTable("van_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  supervisorId: integer("supervisor_id").references((): AnyPgColumn => users.id),
});

/** Ids are meaningful (02: 1 and 5 cargo, 2 large, 3 cube, 6 medium), so they are seeded explicitly. */
export const fleetSizes = pgTable("fleet_sizes", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
});

export const vans = pgTable("vans", {
  id: serial("id").primaryKey(),
  number: text("number").notNull().unique(),
  plateNumber: text("plate_number").notNull().default(""),
  vin: text("vin").notNull().default(""),
  fleetSizeId: integer("fleet_size_id").references(() => fleetSizes.id),
  vanGroupId: integer("van_group_id").references(() => vanGroups.id),
  stationId: integer("station_id").references(() => stations.id),
  status: integer("status").notNull().default(1),
  statusChangeReason: integer("status_change_reason"),
  pickUpDate: date("pick_up_date"),
  ownership: integer("ownership"),
  monthlyRateCents: integer("monthly_rate_cents"),
  company: text("company").notNull().default(""),
  model: text("model").notNull().default(""),
  lastStatusChange: timestamp("last_status_change", { withTimezone: true }),
  lastStatusChangedById: integer("last_status_changed_by_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("vans_station_idx").on(t.stationId), index("vans_status_idx").on(t.status)]);

/** Rabbit (handheld) and dolly scanners handed out per shift. */
export const scanners = pgTable("scanners", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: ["rabbit", "dolly"] }).notNull(),
  serialNumber: text("serial_number").notNull(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  status: integer("status").notNull().default(1),
}, (t) => [unique("scanners_kind_serial").on(t.kind, t.serialNumber)]);
