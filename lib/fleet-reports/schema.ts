import { integer, pgTable, serial, timestamp, unique } from "drizzle-orm/pg-core";
import { users, vans } from "../org/schema.ts";

/** What the leasing company actually invoiced for a van in a month (02 "Actual invoice record"). */
export const vanActualInvoices = pgTable("van_actual_invoices", {
  id: serial("id").primaryKey(),
  vanId: integer("van_id").notNull().references(() => vans.id, { onDelete: "cascade" }),
  month: integer("month").notNull(),
  year: integer("year").notNull(),
  invoiceCents: integer("invoice_cents").notNull(),
  editedById: integer("edited_by_id").references(() => users.id),
  modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique("van_actual_invoices_van_month").on(t.vanId, t.year, t.month)]);
