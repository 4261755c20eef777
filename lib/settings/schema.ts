import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../org/schema.ts";

/** Organisation-wide settings (time zone, signing secret, demo marker), shared by every app server. */
export const orgSettings = pgTable("org_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Menu entries a user switched off in Settings; absent keys are shown. */
export const navSettings = pgTable("nav_settings", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  hidden: text("hidden").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's saved view of a screen (issue 14: the tracker grid's columns, order and density), by view name. */
export const viewSettings = pgTable("view_settings", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  view: text("view").notNull(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.view] })]);
