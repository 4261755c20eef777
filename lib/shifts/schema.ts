import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { fleetSizes, scanners, stations, users, vans } from "../org/schema.ts";

/** One station's day (02 "Shift report"): the board's row, the tracker's header strip. */
export const shiftReports = pgTable("shift_reports", {
  id: serial("id").primaryKey(),
  stationId: integer("station_id").notNull().references(() => stations.id),
  reportDate: date("report_date").notNull(),
  /** Zero-based, as the spec stores it; shown +1. Derived from reportDate by lib/dates. */
  weekNumber: integer("week_number").notNull(),
  year: integer("year").notNull(),
  hasSecondDriver: boolean("has_second_driver").notNull().default(false),
  dispatcherId: integer("dispatcher_id").references(() => users.id),
  supportDispatcherId: integer("support_dispatcher_id").references(() => users.id),
  supervisorId: integer("supervisor_id").references(() => users.id),
  specialSupervisorId: integer("special_supervisor_id").references(() => users.id),
  leadDriverId: integer("lead_driver_id").references(() => users.id),
  fleetCoordinatorId: integer("fleet_coordinator_id").references(() => users.id),
  createdById: integer("created_by_id").references(() => users.id),
  editedById: integer("edited_by_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique("shift_reports_station_date").on(t.stationId, t.reportDate),
  index("shift_reports_date_idx").on(t.reportDate),
]);

/** One row of the tracker (02 "Shift record"). Roles here are SHIFT-RECORD roles (lib/shifts/roles.ts). */
export const shiftRecords = pgTable("shift_records", {
  id: serial("id").primaryKey(),
  reportId: integer("report_id").notNull().references(() => shiftReports.id, { onDelete: "cascade" }),
  /** Copied from the report so that a van or scanner can be unique per day across stations. */
  reportDate: date("report_date").notNull(),
  vanId: integer("van_id").references(() => vans.id),
  fleetNumber: text("fleet_number"),
  cancelledFleetSizeId: integer("cancelled_fleet_size_id").references(() => fleetSizes.id),
  role: integer("role").notNull().default(0),
  roleHours: numeric("role_hours", { precision: 5, scale: 2 }),
  route: text("route"),
  waveTime: text("wave_time"),
  driverId: integer("driver_id").references(() => users.id),
  secondDriverId: integer("second_driver_id").references(() => users.id),
  daStatus: integer("da_status").notNull().default(0),
  secondDaStatus: integer("second_da_status").notNull().default(0),
  isStatusPublished: boolean("is_status_published").notNull().default(false),
  isSecondStatusPublished: boolean("is_second_status_published").notNull().default(false),
  statusAssignedBySms: boolean("status_assigned_by_sms").notNull().default(false),
  rabbitId: integer("rabbit_id").references(() => scanners.id),
  secondRabbitId: integer("second_rabbit_id").references(() => scanners.id),
  dollyId: integer("dolly_id").references(() => scanners.id),
  secondDollyId: integer("second_dolly_id").references(() => scanners.id),
  returnedRabbit: boolean("returned_rabbit").notNull().default(false),
  returnedDolly: boolean("returned_dolly").notNull().default(false),
  ontimeAttendance: boolean("ontime_attendance").notNull().default(false),
  launchpadSupport: boolean("launchpad_support").notNull().default(false),
  morningChecklist: boolean("morning_checklist").notNull().default(false),
  rescue: boolean("rescue").notNull().default(false),
  violation: boolean("violation").notNull().default(false),
  numberOfStops: integer("number_of_stops"),
  numberOfPackages: integer("number_of_packages"),
  actualEndTime: text("actual_end_time"),
  rescueGiven: integer("rescue_given"),
  rescueTaken: integer("rescue_taken"),
  uta: integer("uta"),
  utl: integer("utl"),
  nsl: integer("nsl"),
  bc: integer("bc"),
  missing: integer("missing"),
  damage: integer("damage"),
  fdd: integer("fdd"),
  missort: integer("missort"),
  oc: integer("oc"),
  others: integer("others"),
  actualDa: text("actual_da"),
  firstStopTime: text("first_stop_time"),
  plannedEndTime: text("planned_end_time"),
  /** Bumped on every write: a PATCH naming an older version of a changed field is a conflict. */
  version: integer("version").notNull().default(1),
  /** The version at which each field last changed: concurrent editors conflict only on the same field. */
  fieldVersions: jsonb("field_versions").$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedById: integer("updated_by_id").references(() => users.id),
}, (t) => [
  index("shift_records_report_idx").on(t.reportId),
  index("shift_records_driver_idx").on(t.driverId, t.reportDate),
  uniqueIndex("shift_records_van_per_day").on(t.reportDate, t.vanId).where(sql`${t.vanId} is not null`),
  // The dashboard's missing-packages list (lib/dashboard missingByDriver) reads only records with missing
  // packages; without this it scanned every record of the period: 676 ms -> 8 ms at 50 stations x 3 years.
  index("shift_records_missing_idx").on(t.reportDate).where(sql`${t.missing} > 0`),
]);

/**
 * The shift records of one report and SHIFT role, summed (issue 13): what the dashboard's figures need,
 * so a year's cards (with the year before) read ~210k rows at 50 stations instead of ~2M records. Kept
 * exact by statement-level triggers on shift_records (migration shift_report_totals), never written by the
 * application. A row whose records were all deleted or moved to another role stays, all zeros (readers
 * skip `records = 0`).
 */
export const shiftReportTotals = pgTable("shift_report_totals", {
  reportId: integer("report_id").notNull().references(() => shiftReports.id, { onDelete: "cascade" }),
  role: integer("role").notNull(),
  /** The report's station and date, copied by a trigger when the row is made (a report never changes
   * either): the dashboard's period reads need no join to shift_reports. */
  stationId: integer("station_id").notNull(),
  reportDate: date("report_date").notNull(),
  records: integer("records").notNull().default(0),
  /** sum of number_of_packages */
  packages: integer("packages").notNull().default(0),
  uta: integer("uta").notNull().default(0),
  utl: integer("utl").notNull().default(0),
  nsl: integer("nsl").notNull().default(0),
  bc: integer("bc").notNull().default(0),
  missing: integer("missing").notNull().default(0),
  damage: integer("damage").notNull().default(0),
  fdd: integer("fdd").notNull().default(0),
  missort: integer("missort").notNull().default(0),
  oc: integer("oc").notNull().default(0),
  others: integer("others").notNull().default(0),
  /** rabbit_id and second_rabbit_id that are set, counted */
  rabbits: integer("rabbits").notNull().default(0),
  /** the same, of the records with returned_rabbit */
  rabbitsBack: integer("rabbits_back").notNull().default(0),
  dollies: integer("dollies").notNull().default(0),
  dolliesBack: integer("dollies_back").notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.reportId, t.role] }),
  index("shift_report_totals_station_date_idx").on(t.stationId, t.reportDate),
]);
