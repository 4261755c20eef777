// Coaching actions (03 sections 2.3, 3 "Action row"): what a station does about a DA off target in a week,
// created from a check week's off-target DAs (one per DA, or for all) and worked on the action table.
// `customer` says whose table a row is on: 'amzn' (/act, DON9/HYZ1 stations) or 'ikea' (/act-ikea, made from
// an IKEA week's off-target measure for a DA picked by hand; docs/decisions.md "IKEA pages").
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";
import { checkWeeks } from "../checks/schema.ts";
import { ikeaWeeks } from "../ikea/schema.ts";

export const coachingActions = pgTable("coaching_actions", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  /** 'amzn' or 'ikea' (lib/actions/customers.ts) */
  customer: text("customer").notNull().default("amzn"),
  checkWeekId: integer("check_week_id").references(() => checkWeeks.id, { onDelete: "set null" }),
  ikeaWeekId: integer("ikea_week_id").references(() => ikeaWeeks.id, { onDelete: "set null" }),
  year: integer("year").notNull(),
  /** zero-based, shown +1 */
  weekNumber: integer("week_number").notNull(),
  /** the day the action is about (its weekday is the Shift column) */
  actionDate: date("action_date").notNull(),
  /** the measure (lib/checks/dto.ts Measure) */
  offTargetArea: text("off_target_area").notNull(),
  action: integer("action").notNull().default(1),
  driverId: integer("driver_id").references(() => users.id, { onDelete: "set null" }),
  transporterId: text("transporter_id").notNull(),
  driverName: text("driver_name").notNull(),
  ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
  dueDate: date("due_date"),
  status: integer("status").notNull().default(3),
  coachingCount: integer("coaching_count").notNull().default(0),
  comments: text("comments").notNull().default(""),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("coaching_actions_station_week").on(t.stationId, t.customer, t.year, t.weekNumber),
  uniqueIndex("coaching_actions_once").on(t.checkWeekId, t.offTargetArea, t.transporterId).where(
    sql`${t.checkWeekId} is not null`,
  ),
  uniqueIndex("coaching_actions_ikea_once").on(t.ikeaWeekId, t.offTargetArea, t.driverId).where(
    sql`${t.ikeaWeekId} is not null`,
  ),
]);
