import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every e-mail and SMS is written here in the transaction that caused it; a sender delivers it later. */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  channel: text("channel", { enum: ["email", "sms"] }).notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull().default(""),
  body: text("body").notNull(),
  kind: text("kind").notNull(),
  status: text("status", { enum: ["pending", "sending", "sent", "kept", "failed"] }).notNull().default(
    "pending",
  ),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
}, (t) => [index("outbox_status_idx").on(t.status, t.id)]);
