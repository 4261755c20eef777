// What every tracker write starts from: the row locked FOR UPDATE with its report (station-scoped in the
// SQL), today's date in the organisation's zone, and the small writes every change ends with.
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { stations, stationSpots, users } from "../../org/schema.ts";
import { notFound } from "../../errors.ts";
import { Role } from "../../auth/roles.ts";
import { DEFAULT_TIME_ZONE, getTimeZone } from "../../settings/queries.ts";
import type { RecordRow, ViewContext } from "./dto.ts";
import {
  PREPARED,
  recordsQuery,
  STATION_PARAM,
  stationScope,
  todayInZone,
  type TrackerViewer,
} from "./queries.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { fieldLabel } from "./field-labels.ts";
import { driverNotActive, driverTaken, reportClosed } from "./errors.ts";
import { reportClosedRefusal } from "./policy.ts";

export type RecordCols = typeof shiftRecords.$inferSelect;

export interface ReportCtx {
  id: number;
  stationId: number;
  stationTag: string;
  reportDate: string;
  hasSecondDriver: boolean;
}

export interface Locked {
  row: RecordCols & { vanSizeId: number | null; vanNumber: string | null };
  /** The row as the tracker shows it, before this write. */
  shown: RecordRow;
  report: ReportCtx;
  view: ViewContext;
}

const REPORT_COLS = {
  id: shiftReports.id,
  stationId: shiftReports.stationId,
  stationTag: stations.tag,
  reportDate: shiftReports.reportDate,
  hasSecondDriver: shiftReports.hasSecondDriver,
};

export async function viewOf(db: Queryable, viewer: TrackerViewer, reportDate: string): Promise<ViewContext> {
  return viewFor(viewer, reportDate, await getTimeZone(db));
}

/**
 * The record FOR UPDATE (only the record row is locked), if its report is in the viewer's stations: the
 * raw row for the rules, the row as the tracker shows it (so a write of plain fields needs no re-read),
 * its report, and the organisation's "today", all in one prepared round trip.
 */
export async function lockRecord(tx: Queryable, viewer: TrackerViewer, id: number): Promise<Locked> {
  return await readRecord(tx, viewer, id, true);
}

/**
 * The epoch of the names a shown row joins (DAs, vans, scanners: migration 0017): read with the names, it
 * tells a later write whether the names it remembers are still the names.
 */
export const NAMES_EPOCH = sql<
  string
>`coalesce((select e.epoch from cache_epochs e where e.key = 'names'), 0)::text`;

/**
 * What the write path reads beside the shown row: the raw row, its report, the row's xmin, the time zone,
 * the names' epoch.
 */
export const WRITE_EXTRAS = {
  row: shiftRecords,
  report: REPORT_COLS,
  xmin: sql<string>`${shiftRecords}.xmin::text`,
  timeZone: sql<string | null>`(select s.value #>> '{}' from org_settings s where s.key = 'time_zone')`,
  namesEpoch: NAMES_EPOCH,
};

/** A row as the write path's statements answer it (recordsQuery with WRITE_EXTRAS). */
export type ReadRow = RecordRow & {
  row: RecordCols;
  report: ReportCtx;
  xmin: string;
  timeZone: string | null;
  namesEpoch: string;
};

/** A row as the write path read it: what it was read under besides the row. */
export type ReadRecord = Locked & { xmin: string; timeZone: string; namesEpoch: string };

/** The parts of a read row, "today" in its organisation's zone. */
export function lockedOf(found: ReadRow, viewer: TrackerViewer): ReadRecord {
  const { row, report, timeZone, xmin, namesEpoch, ...shown } = found;
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  return {
    row: {
      ...row,
      vanSizeId: shown.van?.id ? shown.van.fleetSizeId : null,
      vanNumber: shown.van?.id ? shown.van.number : null,
    },
    shown,
    report,
    view: viewFor(viewer, report.reportDate, zone),
    xmin,
    timeZone: zone,
    namesEpoch,
  };
}

export const viewFor = (viewer: TrackerViewer, reportDate: string, zone: string): ViewContext => ({
  reportDate,
  today: todayInZone(zone),
  editor: { canCreateOldShifts: viewer.can_create_old_shifts },
});

/**
 * The same without the lock (`lock` false): the plain-field path (patch-plain.ts) reads, decides, and
 * writes only if the row is still the one it read.
 */
export async function readRecord(
  db: Queryable,
  viewer: TrackerViewer,
  id: number,
  lock: boolean,
): Promise<ReadRecord> {
  const statement = preparedOnce(db, lock ? "tracker.read.lock" : "tracker.read", () => {
    const query = recordsQuery(
      db,
      and(eq(shiftRecords.id, sql.placeholder("id")), STATION_PARAM),
      WRITE_EXTRAS,
    );
    return (lock ? query.for("update", { of: shiftRecords }) : query).prepare(PREPARED);
  });
  const [found] = await statement.execute({ id, stations: viewer.stationIds }) as ReadRow[];
  if (!found) throw notFound();
  return lockedOf(found, viewer);
}

/** The report (not locked), if it is in the viewer's stations. */
export async function scopedReport(tx: Queryable, viewer: TrackerViewer, id: number): Promise<ReportCtx> {
  const [report] = await tx.select(REPORT_COLS).from(shiftReports)
    .innerJoin(stations, eq(stations.id, shiftReports.stationId))
    .where(and(eq(shiftReports.id, id), stationScope(viewer.stationIds)));
  if (!report) throw notFound();
  return report;
}

/** The report with the viewer's "today", refused (403) when it is closed to the viewer's changes. */
export async function openReport(
  tx: Queryable,
  viewer: TrackerViewer,
  id: number,
): Promise<{ report: ReportCtx; view: ViewContext }> {
  const report = await scopedReport(tx, viewer, id);
  const view = await viewOf(tx, viewer, report.reportDate);
  const closed = reportClosedRefusal(report.reportDate, view.today, view.editor);
  if (closed) throw reportClosed(closed);
  return { report, view };
}

/**
 * Marks the report modified by the viewer. Skips when another editor's transaction holds the report row
 * right now (it is stamping the same moment), so fifty editors of one report never queue on it.
 */
export async function touchReport(tx: Queryable, reportId: number, viewerId: number): Promise<void> {
  await tx.execute(sql`update ${shiftReports} set modified_at = now(), edited_by_id = ${viewerId}
    where id = (select id from ${shiftReports} where id = ${reportId} for no key update skip locked)`);
}

/**
 * A DA chosen for a row (as DA or DA 2) must be an active DA (role 5, status 1) of the report's station
 * and on no other row of the report. An advisory lock per (report, DA) makes two editors choosing the same
 * DA for two rows take turns, so the second sees the first's row.
 */
export async function checkDriver(
  tx: Queryable,
  report: ReportCtx,
  recordId: number,
  driverId: number,
  field: "driver" | "second_driver",
): Promise<void> {
  const [da] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(
    users,
  )
    .where(and(
      eq(users.id, driverId),
      eq(users.role, Role.Driver),
      eq(users.status, 1),
      sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${report.stationId})`,
    ));
  if (!da) throw driverNotActive(field, fieldLabel(field), driverId, report.stationTag);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shift-driver:${report.id}:${driverId}`}))`);
  const [other] = await tx.select({ id: shiftRecords.id, route: shiftRecords.route }).from(shiftRecords)
    .where(and(
      eq(shiftRecords.reportId, report.id),
      sql`${shiftRecords.id} <> ${recordId}`,
      sql`(${shiftRecords.driverId} = ${driverId} or ${shiftRecords.secondDriverId} = ${driverId})`,
    )).limit(1);
  if (other) {
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(shiftRecords).where(and(
      eq(shiftRecords.reportId, report.id),
      sql`(${shiftRecords.createdAt}, ${shiftRecords.id}) <= (select created_at, id from ${shiftRecords} where id = ${other.id})`,
    ));
    throw driverTaken(field, `${da.firstName} ${da.lastName}`.trim(), n, other.route);
  }
}
