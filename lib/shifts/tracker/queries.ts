// Reads of the shift tracker (02 "Shift tracker page"). Every read is scoped to the viewer's stations inside
// the SQL: a report of another station is "Not found.", exactly like a report that does not exist.
import { and, asc, Column, eq, inArray, is, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { fleetSizes, scanners, stations, users, vanGroups, vans } from "../../org/schema.ts";
import { notFound } from "../../errors.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { todayIn } from "../../dates/periods.ts";
import type { Viewer } from "../../users/current-user.ts";
import type { ShiftRecordDto, ShiftReportDto } from "../dto.ts";
import { recordDto, type RecordRow, reportDto, type ReportRow, type ViewContext } from "./dto.ts";
import { timed } from "../../log/request-context.ts";
import { preparedOnce } from "../../db/prepared.ts";

let lastToday: { zone: string; at: number; value: string } | null = null;

/**
 * lib/dates' todayIn, remembered for a second: it builds a time-zone formatter on every call (about half
 * a millisecond), and every tracker request needs "today". A second late at midnight changes nothing.
 */
export function todayInZone(zone: string): string {
  const now = Date.now();
  if (lastToday && lastToday.zone === zone && now - lastToday.at < 1000) return lastToday.value;
  lastToday = { zone, at: now, value: todayIn(zone, new Date(now)) };
  return lastToday.value;
}

export type TrackerViewer = Pick<Viewer, "id" | "role" | "stationIds" | "can_create_old_shifts">;

const driver = alias(users, "driver");
const driver2 = alias(users, "driver2");
const rabbit = alias(scanners, "rabbit");
const rabbit2 = alias(scanners, "rabbit2");
const dolly = alias(scanners, "dolly");
const dolly2 = alias(scanners, "dolly2");

// deno-lint-ignore no-explicit-any
const person = (t: any) => ({
  id: t.id,
  firstName: t.firstName,
  lastName: t.lastName,
  badge: t.badge,
  transporterId: t.transporterId,
});
// deno-lint-ignore no-explicit-any
const serial = (t: any) => ({ id: t.id, serialNumber: t.serialNumber });

const RECORD_COLUMNS = {
  id: shiftRecords.id,
  reportId: shiftRecords.reportId,
  van: {
    id: vans.id,
    number: vans.number,
    fleetSizeId: vans.fleetSizeId,
    groupId: vanGroups.id,
    groupName: vanGroups.name,
    sizeTitle: fleetSizes.title,
  },
  fleetNumber: shiftRecords.fleetNumber,
  cancelledFleetSizeId: shiftRecords.cancelledFleetSizeId,
  role: shiftRecords.role,
  roleHours: shiftRecords.roleHours,
  route: shiftRecords.route,
  waveTime: shiftRecords.waveTime,
  driver: person(driver),
  secondDriver: person(driver2),
  daStatus: shiftRecords.daStatus,
  secondDaStatus: shiftRecords.secondDaStatus,
  isStatusPublished: shiftRecords.isStatusPublished,
  isSecondStatusPublished: shiftRecords.isSecondStatusPublished,
  statusAssignedBySms: shiftRecords.statusAssignedBySms,
  rabbit: serial(rabbit),
  secondRabbit: serial(rabbit2),
  dolly: serial(dolly),
  secondDolly: serial(dolly2),
  returnedRabbit: shiftRecords.returnedRabbit,
  returnedDolly: shiftRecords.returnedDolly,
  ontimeAttendance: shiftRecords.ontimeAttendance,
  launchpadSupport: shiftRecords.launchpadSupport,
  morningChecklist: shiftRecords.morningChecklist,
  rescue: shiftRecords.rescue,
  violation: shiftRecords.violation,
  numberOfStops: shiftRecords.numberOfStops,
  numberOfPackages: shiftRecords.numberOfPackages,
  actualEndTime: shiftRecords.actualEndTime,
  rescueGiven: shiftRecords.rescueGiven,
  rescueTaken: shiftRecords.rescueTaken,
  uta: shiftRecords.uta,
  utl: shiftRecords.utl,
  nsl: shiftRecords.nsl,
  bc: shiftRecords.bc,
  missing: shiftRecords.missing,
  damage: shiftRecords.damage,
  fdd: shiftRecords.fdd,
  missort: shiftRecords.missort,
  oc: shiftRecords.oc,
  others: shiftRecords.others,
  actualDa: shiftRecords.actualDa,
  firstStopTime: shiftRecords.firstStopTime,
  plannedEndTime: shiftRecords.plannedEndTime,
  version: shiftRecords.version,
  createdAt: shiftRecords.createdAt,
};

/** The fields of a shown row that are the record's own columns, under the same names as in its raw row. */
export const OWN_FIELDS: readonly string[] = Object.entries(RECORD_COLUMNS)
  .filter(([, c]) => is(c, Column) && c.table === shiftRecords).map(([k]) => k);

/** Records with everything the tracker shows, in creation order (the table's default sort). */
export async function selectRecords(db: Queryable, where: SQL | undefined): Promise<RecordRow[]> {
  return await recordsQuery(db, where).prepare(PREPARED).execute() as RecordRow[];
}

/**
 * Hot queries run as prepared statements: PostgreSQL then keeps their plan per connection (a ten-table
 * join costs more to plan than to run), and the SQL text is the cache key, so one name serves them all.
 */
export const PREPARED = "tracker";

/** The tracker's row query; `extra` adds columns (the write path adds the raw row and its report). */
export function recordsQuery(
  db: Queryable,
  where: SQL | undefined,
  // deno-lint-ignore no-explicit-any
  extra: Record<string, any> = {},
) {
  return db.select({ ...RECORD_COLUMNS, ...extra }).from(shiftRecords)
    .innerJoin(shiftReports, eq(shiftReports.id, shiftRecords.reportId))
    .innerJoin(stations, eq(stations.id, shiftReports.stationId))
    .leftJoin(vans, eq(vans.id, shiftRecords.vanId))
    .leftJoin(vanGroups, eq(vanGroups.id, vans.vanGroupId))
    .leftJoin(fleetSizes, eq(fleetSizes.id, vans.fleetSizeId))
    .leftJoin(driver, eq(driver.id, shiftRecords.driverId))
    .leftJoin(driver2, eq(driver2.id, shiftRecords.secondDriverId))
    .leftJoin(rabbit, eq(rabbit.id, shiftRecords.rabbitId))
    .leftJoin(rabbit2, eq(rabbit2.id, shiftRecords.secondRabbitId))
    .leftJoin(dolly, eq(dolly.id, shiftRecords.dollyId))
    .leftJoin(dolly2, eq(dolly2.id, shiftRecords.secondDollyId))
    .where(where)
    .orderBy(asc(shiftRecords.createdAt), asc(shiftRecords.id));
}

const dispatcher = alias(users, "dispatcher");
const supportDispatcher = alias(users, "support_dispatcher");
const supervisor = alias(users, "supervisor");
const specialSupervisor = alias(users, "special_supervisor");
const leadDriver = alias(users, "lead_driver");
const fleetCoordinator = alias(users, "fleet_coordinator");
const createdBy = alias(users, "created_by");
const editedBy = alias(users, "edited_by");

// deno-lint-ignore no-explicit-any
const nameOnly = (t: any) => ({ id: t.id, firstName: t.firstName, lastName: t.lastName });

/**
 * The viewer's stations as one array placeholder (`stations`): a statement built once serves every viewer
 * (lib/db/prepared.ts). An empty list matches nothing.
 */
export const STATION_PARAM = sql`${shiftReports.stationId} = any(${sql.placeholder("stations")}::int[])`;

/** Station ids as SQL: an empty list matches nothing. */
export const stationScope = (stationIds: number[]) =>
  inArray(shiftReports.stationId, stationIds.length ? stationIds : [-1]);

/** The report with its station and header people, if it is in the viewer's stations. */
export async function selectReport(
  db: Queryable,
  stationIds: number[],
  id: number,
): Promise<ReportRow | undefined> {
  const statement = preparedOnce(db, "tracker.report", () =>
    db.select({
      id: shiftReports.id,
      reportDate: shiftReports.reportDate,
      weekNumber: shiftReports.weekNumber,
      stationId: shiftReports.stationId,
      stationTitle: stations.title,
      stationTag: stations.tag,
      hasSecondDriver: shiftReports.hasSecondDriver,
      dispatcher: person(dispatcher),
      supportDispatcher: person(supportDispatcher),
      supervisor: person(supervisor),
      specialSupervisor: person(specialSupervisor),
      leadDriver: person(leadDriver),
      fleetCoordinator: person(fleetCoordinator),
      createdBy: nameOnly(createdBy),
      editedBy: nameOnly(editedBy),
      createdAt: shiftReports.createdAt,
      modifiedAt: shiftReports.modifiedAt,
      unpublished: sql<number>`(select
      count(*) filter (where r.driver_id is not null and not r.is_status_published)
      + count(*) filter (where r.second_driver_id is not null and not r.is_second_status_published)
      from ${shiftRecords} r where r.report_id = ${shiftReports.id})::int`,
    }).from(shiftReports)
      .innerJoin(stations, eq(stations.id, shiftReports.stationId))
      .leftJoin(dispatcher, eq(dispatcher.id, shiftReports.dispatcherId))
      .leftJoin(supportDispatcher, eq(supportDispatcher.id, shiftReports.supportDispatcherId))
      .leftJoin(supervisor, eq(supervisor.id, shiftReports.supervisorId))
      .leftJoin(specialSupervisor, eq(specialSupervisor.id, shiftReports.specialSupervisorId))
      .leftJoin(leadDriver, eq(leadDriver.id, shiftReports.leadDriverId))
      .leftJoin(fleetCoordinator, eq(fleetCoordinator.id, shiftReports.fleetCoordinatorId))
      .leftJoin(createdBy, eq(createdBy.id, shiftReports.createdById))
      .leftJoin(editedBy, eq(editedBy.id, shiftReports.editedById))
      .where(and(eq(shiftReports.id, sql.placeholder("id")), STATION_PARAM))
      .prepare(PREPARED));
  const [row] = await statement.execute({ id, stations: stationIds });
  return row as ReportRow | undefined;
}

/** "today" in the organisation's time zone, and the viewer's old-shift access: what locks depend on. */
export async function viewContext(
  db: Queryable,
  viewer: TrackerViewer,
  reportDate: string,
): Promise<ViewContext> {
  return {
    reportDate,
    today: todayInZone(await getTimeZone(db)),
    editor: { canCreateOldShifts: viewer.can_create_old_shifts },
  };
}

export interface TrackerData {
  report: ShiftReportDto;
  records: ShiftRecordDto[];
}

/**
 * GET api/da-daily-report/{id}/ and the tracker page's initial data: the report and its rows are read at
 * the same time (two statements, one round trip's wait on PostgreSQL), the rows scoped to the viewer's
 * stations in their own SQL; the time zone comes from the org cache.
 */
export async function loadTracker(db: Queryable, viewer: TrackerViewer, id: number): Promise<TrackerData> {
  return await timed("data", async () => {
    const [report, tz, rows] = await Promise.all([
      selectReport(db, viewer.stationIds, id),
      getTimeZone(db),
      preparedOnce(
        db,
        "tracker.rows",
        () =>
          recordsQuery(db, and(eq(shiftRecords.reportId, sql.placeholder("report")), STATION_PARAM))
            .prepare(PREPARED),
      ).execute({ report: id, stations: viewer.stationIds }) as Promise<RecordRow[]>,
    ]);
    if (!report) throw notFound();
    const view: ViewContext = {
      reportDate: report.reportDate,
      today: todayInZone(tz),
      editor: { canCreateOldShifts: viewer.can_create_old_shifts },
    };
    return { report: reportDto(report, view), records: rows.map((r) => recordDto(r, view)) };
  });
}

/** One record as the API returns it after a write (inside the writing transaction). */
export async function recordById(db: Queryable, id: number, view: ViewContext): Promise<ShiftRecordDto> {
  const [row] = await selectRecords(db, eq(shiftRecords.id, id));
  if (!row) throw notFound();
  return recordDto(row, view);
}

export async function reportById(db: Queryable, viewer: TrackerViewer, id: number): Promise<ShiftReportDto> {
  const report = await selectReport(db, viewer.stationIds, id);
  if (!report) throw notFound();
  return reportDto(report, await viewContext(db, viewer, report.reportDate));
}

/**
 * Overlap of the change feed: a write whose transaction started before the previous poll but committed
 * after it carries an older updated_at, so each poll looks this far behind its cursor. The client applies
 * records by id and version, so seeing a row twice is harmless; missing one is not.
 */
export const FEED_OVERLAP_MS = 15_000;

export interface ChangesDto {
  /** Pass back as ?since= on the next poll. */
  cursor: string;
  records: ShiftRecordDto[];
  /** Every current row id: rows missing here were deleted elsewhere. */
  ids: number[];
  report: ShiftReportDto;
}

/** Parses ?since= (an ISO instant from a previous answer); anything else means "everything". */
export function parseCursor(raw: string | null | undefined): Date | null {
  if (!raw) return null;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** GET api/da-daily-report/{id}/changes/?since=: what changed since the cursor, polled by open trackers. */
export async function changesSince(
  db: Queryable,
  viewer: TrackerViewer,
  id: number,
  since: Date | null,
): Promise<ChangesDto> {
  const [report, tz, clock] = await Promise.all([
    selectReport(db, viewer.stationIds, id),
    getTimeZone(db),
    db.select({
      now: sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
      .from(sql`(select 1) as one`),
  ]);
  if (!report) throw notFound();
  const view: ViewContext = {
    reportDate: report.reportDate,
    today: todayInZone(tz),
    editor: { canCreateOldShifts: viewer.can_create_old_shifts },
  };
  const from = since ? new Date(since.getTime() - FEED_OVERLAP_MS) : null;
  const [rows, ids] = await Promise.all([
    from
      ? preparedOnce(db, "tracker.feed", () =>
        recordsQuery(
          db,
          and(
            eq(shiftRecords.reportId, sql.placeholder("report")),
            sql`${shiftRecords.updatedAt} > ${sql.placeholder("from")}::timestamptz`,
          ),
        ).prepare(PREPARED)).execute({ report: id, from: from.toISOString() }) as Promise<RecordRow[]>
      : selectRecords(db, eq(shiftRecords.reportId, id)),
    preparedOnce(db, "tracker.feed.ids", () =>
      db.select({ id: shiftRecords.id }).from(shiftRecords)
        .where(eq(shiftRecords.reportId, sql.placeholder("report")))
        .orderBy(asc(shiftRecords.createdAt), asc(shiftRecords.id)).prepare(PREPARED)).execute({
        report: id,
      }),
  ]);
  return {
    cursor: clock[0].now,
    records: rows.map((r) => recordDto(r, view)),
    ids: ids.map((r) => r.id),
    report: reportDto(report, view),
  };
}
