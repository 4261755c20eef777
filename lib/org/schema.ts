// The organisation's core tables: stations, people, vans. They reference each other in cycles (a van
// group's supervisor is a user, a user belongs to a van group; a station spot joins users, stations and
// agencies), so they share this one module instead of importing each other's files. Each entity's
// queries, mutations, inputs and DTOs live in its own folder (lib/stations, lib/staff, lib/vans, ...).
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// ---- stations, agencies, fleet groups, and who works where

export const stations = pgTable("stations", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  tag: text("tag").notNull().unique(),
});

export const agencies = pgTable("agencies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  /** What the DSP pays the agency per hour its DA works (payroll's Agency Pay); null = no agency pay. */
  payRatePerHourCents: integer("pay_rate_per_hour_cents"),
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

// ---- people

/** Staff (roles 1-4) and drivers (role 5) share one table, as the spec's "Current user" does. */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  role: integer("role").notNull().default(1),
  status: integer("status").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
  badge: text("badge"),
  dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp("last_login", { withTimezone: true }),
  dateOfBirth: date("date_of_birth"),
  knetUser: text("knet_user"),
  transporterId: text("transporter_id").unique(),
  trainingDelivered: boolean("training_delivered").notNull().default(false),
  isStaff: boolean("is_staff").notNull().default(false),
  isSuperuser: boolean("is_superuser").notNull().default(false),
  personalEmail: text("personal_email"),
  mobileNumber: text("mobile_number"),
  whatsappMobileNumber: text("whatsapp_mobile_number"),
  driverLicense: text("driver_license"),
  driverLicenseExpiry: date("driver_license_expiry"),
  vanGroupId: integer("van_group_id").references((): AnyPgColumn => vanGroups.id),
  agencyId: integer("agency_id").references(() => agencies.id),
  canCreateOldShifts: boolean("can_create_old_shifts").notNull().default(false),
  ratePerHourCents: integer("rate_per_hour_cents"),
  ignoreSms: boolean("ignore_sms").notNull().default(false),
  /** the DA's language for messages: 'en' | 'es' (coaching drafts) */
  language: text("language").notNull().default("en"),
  lastStatusChange: timestamp("last_status_change", { withTimezone: true }),
  lastStatusChangedById: integer("last_status_changed_by_id").references((): AnyPgColumn => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("users_role_idx").on(t.role), index("users_status_idx").on(t.status)]);

// ---- vans and equipment

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
