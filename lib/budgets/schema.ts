import { integer, pgTable, serial, timestamp, unique } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";

/** A station's monthly targets (02 "Budget"); one per station and month. */
export const budgets = pgTable("budgets", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  month: integer("month").notNull(),
  year: integer("year").notNull(),
  routes: integer("budget_no_of_routes").notNull(),
  deliveries: integer("budget_no_of_deliveries").notNull(),
  das: integer("budget_no_of_da").notNull(),
  fleet: integer("budget_no_of_fleet").notNull(),
  createdById: integer("created_by_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique("budgets_station_month").on(t.stationId, t.year, t.month)]);
