// GET api/da-daily-report/{id}/options/: what the tracker's pickers offer for one report, all of the
// report's station (which is one of the viewer's, or the report is "Not found.").
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { fleetSizes, scanners, stationSpots, users } from "../../org/schema.ts";
import { notFound } from "../../errors.ts";
import { Role, STAFF_ROLES } from "../../auth/roles.ts";
import { TRACKER_FLEET_SIZE_ORDER } from "../roles.ts";
import type { DriverRef } from "../../users/person-ref.ts";
import { stationScope, type TrackerViewer } from "./queries.ts";

export interface DriverOption extends DriverRef {
  /** The row of this report the DA is already on (as DA or DA 2), or null when free. */
  assigned_record: number | null;
}
export interface ScannerOption {
  id: number;
  serial_number: string;
  /** The row using this scanner that day (any slot, any report of the date), or null when free. */
  used_by_record: number | null;
}
export interface TrackerOptions {
  drivers: DriverOption[];
  staff: DriverRef[];
  rabbits: ScannerOption[];
  dollies: ScannerOption[];
  fleet_sizes: { id: number; title: string }[];
}

const atStation = (stationId: number) =>
  sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${stationId})`;

export async function trackerOptions(
  db: Queryable,
  viewer: TrackerViewer,
  id: number,
): Promise<TrackerOptions> {
  const [report] = await db.select({ stationId: shiftReports.stationId, reportDate: shiftReports.reportDate })
    .from(shiftReports).where(and(eq(shiftReports.id, id), stationScope(viewer.stationIds)));
  if (!report) throw notFound();
  const personCols = {
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    badge: users.badge,
    transporter_id: users.transporterId,
  };
  // Written out as users.id / scanners.id: drizzle leaves a one-table select's columns unqualified, and
  // an unqualified "id" inside these subqueries would mean the subquery's own row.
  const assigned = sql<number | null>`(select r.id from ${shiftRecords} r where r.report_id = ${id}
    and (r.driver_id = users.id or r.second_driver_id = users.id) order by r.id limit 1)`;
  const usedBy = sql<
    number | null
  >`(select r.id from ${shiftRecords} r where r.report_date = ${report.reportDate}
    and scanners.id in (r.rabbit_id, r.second_rabbit_id, r.dolly_id, r.second_dolly_id) order by r.id limit 1)`;
  const usedHere = sql`exists (select 1 from ${shiftRecords} r where r.report_id = ${id}
    and ${scanners.id} in (r.rabbit_id, r.second_rabbit_id, r.dolly_id, r.second_dolly_id))`;
  const [drivers, staff, scannerRows, sizes] = await Promise.all([
    db.select({ ...personCols, assigned_record: assigned }).from(users)
      .where(and(eq(users.role, Role.Driver), eq(users.status, 1), atStation(report.stationId)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    db.select(personCols).from(users)
      .where(
        and(inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true), atStation(report.stationId)),
      )
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    db.select({
      id: scanners.id,
      kind: scanners.kind,
      serial_number: scanners.serialNumber,
      used_by_record: usedBy,
    })
      .from(scanners)
      .where(and(eq(scanners.stationId, report.stationId), or(eq(scanners.status, 1), usedHere)))
      .orderBy(asc(scanners.serialNumber)),
    db.select({ id: fleetSizes.id, title: fleetSizes.title }).from(fleetSizes)
      .where(inArray(fleetSizes.id, [...TRACKER_FLEET_SIZE_ORDER])),
  ]);
  const scanner = (kind: string) =>
    scannerRows.filter((s) => s.kind === kind).map(({ id, serial_number, used_by_record }) => ({
      id,
      serial_number,
      used_by_record: used_by_record ?? null,
    }));
  return {
    drivers: drivers.map((d) => ({ ...d, assigned_record: d.assigned_record ?? null })),
    staff,
    rabbits: scanner("rabbit"),
    dollies: scanner("dolly"),
    fleet_sizes: TRACKER_FLEET_SIZE_ORDER.flatMap((sid) => sizes.filter((s) => s.id === sid)),
  };
}
