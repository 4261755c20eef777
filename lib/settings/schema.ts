import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Organisation-wide settings (time zone, signing secret, demo marker), shared by every app server. */
export const orgSettings = pgTable("org_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
