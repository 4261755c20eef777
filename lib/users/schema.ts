import { boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { agencies } from "../stations/schema.ts";
import { vanGroups } from "../fleet/schema.ts";

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
  lastStatusChange: timestamp("last_status_change", { withTimezone: true }),
  lastStatusChangedById: integer("last_status_changed_by_id").references((): AnyPgColumn => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("users_role_idx").on(t.role), index("users_status_idx").on(t.status)]);

/** Menu entries a user switched off in Settings; absent keys are shown. */
export const navSettings = pgTable("nav_settings", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  hidden: text("hidden").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
