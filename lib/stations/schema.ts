import { integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

export const stations = pgTable("stations", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  tag: text("tag").notNull().unique(),
});

export const agencies = pgTable("agencies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
});

export const fleetGroups = pgTable("fleet_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
});

/** A user's membership of a station: what every station-scoped query joins on. */
export const stationSpots = pgTable("station_spots", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  stationId: integer("station_id").notNull().references(() => stations.id),
  agencyId: integer("agency_id").references(() => agencies.id),
}, (t) => [unique("station_spots_user_station").on(t.userId, t.stationId)]);

export const stationSpotFleetGroups = pgTable("station_spot_fleet_groups", {
  spotId: integer("spot_id").notNull().references(() => stationSpots.id, { onDelete: "cascade" }),
  fleetGroupId: integer("fleet_group_id").notNull().references(() => fleetGroups.id),
}, (t) => [primaryKey({ columns: [t.spotId, t.fleetGroupId] })]);
