import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../org/schema.ts";

/**
 * Every e-mail and SMS is written here in the transaction that caused it; a sender delivers it later.
 * Replies drivers send by SMS are stored here too (direction "in", status "received", never delivered),
 * so the outbox page is one two-way message log; for those `recipient` is our number (Twilio's To) and
 * meta.from the sender's, meta.outcome what the reply did (lib/outbox/replies.ts).
 */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  direction: text("direction", { enum: ["out", "in"] }).notNull().default("out"),
  channel: text("channel", { enum: ["email", "sms"] }).notNull(),
  /** The DA the message is to or from, when known: the outbox's "filter by DA". */
  daId: integer("da_id").references(() => users.id, { onDelete: "set null" }),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull().default(""),
  body: text("body").notNull(),
  kind: text("kind").notNull(),
  status: text("status", { enum: ["pending", "sending", "sent", "kept", "failed", "received"] }).notNull()
    .default(
      "pending",
    ),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /**
   * One per message, sent with every attempt (delivery is at-least-once: an interrupted send is tried again
   * with the same key, so a provider that honours it, or our own look-up, never delivers it twice).
   */
  idempotencyKey: uuid("idempotency_key").notNull().defaultRandom().unique(),
  /** The provider's id for the delivered message (Twilio's Message SID, the SMTP Message-ID). */
  providerRef: text("provider_ref"),
}, (t) => [index("outbox_status_idx").on(t.status, t.id), index("outbox_da_idx").on(t.daId, t.id)]);
