import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../org/schema.ts";

/** Every status change of a DA or a van, not only the last: who, when, from, to, why. */
export const statusChanges = pgTable("status_changes", {
  id: serial("id").primaryKey(),
  entity: text("entity", { enum: ["da", "van"] }).notNull(),
  entityId: integer("entity_id").notNull(),
  fromStatus: integer("from_status"),
  toStatus: integer("to_status").notNull(),
  /** Van out-of-service reason (0-3) when the new status is 2. */
  reason: integer("reason"),
  note: text("note"),
  changedById: integer("changed_by_id").references(() => users.id),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("status_changes_entity_idx").on(t.entity, t.entityId, t.changedAt)]);
