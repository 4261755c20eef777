// Reads of the shift reports board (02 section 2): the paged, filtered list and the duplicate look-up. Every
// read is scoped to the viewer's stations inside the SQL; a filter naming another station is refused.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { scanners, stations, stationSpotFleetGroups, stationSpots, users, vans } from "../../org/schema.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { foreignStation } from "../errors.ts";
import type { Paged } from "../../paging/query.ts";
import type { Viewer } from "../../users/current-user.ts";
import { type BoardReportDto, boardReportDto, type BoardRow, type DuplicateDto } from "./dto.ts";
import type { BoardListQuery } from "./inputs.ts";
import { timed } from "../../log/request-context.ts";

export type BoardViewer = Pick<Viewer, "id" | "stationIds" | "can_create_old_shifts">;

const createdBy = alias(users, "created_by");
const editedBy = alias(users, "edited_by");

/** Reports of these stations; an empty list matches nothing. */
export const inStations = (stationIds: number[]) =>
  inArray(shiftReports.stationId, stationIds.length ? stationIds : [-1]);

const lowerEq = (col: SQL, value: string) => sql`lower(${col}) = lower(${value})`;

/**
 * The row filters (driver, missing, fleet number, size and group, scanners) are one EXISTS: a report
 * matches when ONE of its rows meets them all (DA X's row with missing packages, not any two rows).
 */
function rowFilter(q: BoardListQuery): SQL | undefined {
  const on: SQL[] = [];
  if (q.driver) on.push(sql`(r.driver_id = ${q.driver} or r.second_driver_id = ${q.driver})`);
  if (q.missing === "true") on.push(sql`r.missing > 0`);
  if (q.fleet_number) {
    on.push(sql`(${lowerEq(sql`r.fleet_number`, q.fleet_number)} or exists (select 1 from ${vans} v
      where v.id = r.van_id and ${lowerEq(sql`v.number`, q.fleet_number)}))`);
  }
  if (q.fleet_size) {
    on.push(
      sql`coalesce((select v.fleet_size_id from ${vans} v where v.id = r.van_id), r.cancelled_fleet_size_id)
      = ${q.fleet_size}`,
    );
  }
  if (q.fleet_group) {
    // A DA's fleet group belongs to their spot at the report's station (Setup > station spots).
    on.push(sql`exists (select 1 from ${stationSpots} sp
      join ${stationSpotFleetGroups} g on g.spot_id = sp.id
      where sp.user_id in (r.driver_id, r.second_driver_id) and sp.station_id = ${shiftReports.stationId}
        and g.fleet_group_id = ${q.fleet_group})`);
  }
  for (const [value, kind] of [[q.rabbit_number, "rabbit"], [q.dolly_number, "dolly"]] as const) {
    if (!value) continue;
    const [a, b] = kind === "rabbit"
      ? [sql`r.rabbit_id`, sql`r.second_rabbit_id`]
      : [sql`r.dolly_id`, sql`r.second_dolly_id`];
    on.push(sql`exists (select 1 from ${scanners} s where s.id in (${a}, ${b}) and s.kind = ${kind}
      and ${lowerEq(sql`s.serial_number`, value)})`);
  }
  if (!on.length) return undefined;
  return sql`exists (select 1 from ${shiftRecords} r where r.report_id = ${shiftReports.id} and ${
    sql.join(on, sql` and `)
  })`;
}

/** Refuses a station filter outside the viewer's stations (like the registers do), rather than answering empty. */
export function checkStationFilter(viewer: Pick<Viewer, "stationIds">, station: number | undefined): void {
  if (station !== undefined && !viewer.stationIds.includes(station)) throw foreignStation(station);
}

/** The WHERE of the list: the viewer's stations, then each filter that is set. */
export function boardWhere(viewer: Pick<Viewer, "stationIds">, q: BoardListQuery, timeZone: string): SQL {
  checkStationFilter(viewer, q.station);
  const where: (SQL | undefined)[] = [inStations(viewer.stationIds)];
  const day = sql`${shiftReports.reportDate}`;
  if (q.station) where.push(eq(shiftReports.stationId, q.station));
  if (q.date_shift) where.push(sql`${day} = ${q.date_shift}`);
  if (q.date_from) where.push(sql`${day} >= ${q.date_from}`);
  if (q.date_to) where.push(sql`${day} <= ${q.date_to}`);
  if (q.month) where.push(sql`extract(month from ${day}) = ${q.month}`);
  if (q.week_number) {
    where.push(eq(shiftReports.weekNumber, q.week_number - 1));
    if (q.year) where.push(eq(shiftReports.year, q.year));
  } else if (q.year) where.push(sql`extract(year from ${day}) = ${q.year}`);
  if (q.created_date) {
    where.push(sql`(${shiftReports.createdAt} at time zone ${timeZone})::date = ${q.created_date}`);
  }
  if (q.created_by) where.push(eq(shiftReports.createdById, q.created_by));
  if (q.edited_by) where.push(eq(shiftReports.editedById, q.edited_by));
  where.push(rowFilter(q));
  return and(...where)!;
}

const BOARD_COLUMNS = {
  id: shiftReports.id,
  reportDate: shiftReports.reportDate,
  weekNumber: shiftReports.weekNumber,
  year: shiftReports.year,
  stationId: shiftReports.stationId,
  stationTitle: stations.title,
  stationTag: stations.tag,
  hasSecondDriver: shiftReports.hasSecondDriver,
  records: sql<number>`(select count(*) from ${shiftRecords} r where r.report_id = ${shiftReports.id})::int`,
  createdBy: { id: createdBy.id, firstName: createdBy.firstName, lastName: createdBy.lastName },
  editedBy: { id: editedBy.id, firstName: editedBy.firstName, lastName: editedBy.lastName },
  createdAt: shiftReports.createdAt,
  modifiedAt: shiftReports.modifiedAt,
};

function selectBoard(db: Queryable, where: SQL) {
  return db.select(BOARD_COLUMNS).from(shiftReports)
    .innerJoin(stations, eq(stations.id, shiftReports.stationId))
    .leftJoin(createdBy, eq(createdBy.id, shiftReports.createdById))
    .leftJoin(editedBy, eq(editedBy.id, shiftReports.editedById))
    .where(where);
}

/** GET api/da-daily-report/: newest report date first (then station tag, then newest id). */
export async function listReports(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  q: BoardListQuery,
): Promise<Paged<BoardReportDto>> {
  const where = boardWhere(viewer, q, await getTimeZone(db));
  const [[{ count }], rows] = await timed("data", () =>
    Promise.all([
      db.select({ count: sql<number>`count(*)::int` }).from(shiftReports).where(where),
      selectBoard(db, where)
        .orderBy(desc(shiftReports.reportDate), asc(stations.tag), desc(shiftReports.id))
        .limit(q.page_size).offset((q.page - 1) * q.page_size),
    ]));
  return { count: Number(count), results: (rows as BoardRow[]).map(boardReportDto) };
}

/** One board row by id, within the viewer's stations (after a create, inside its transaction). */
export async function boardReportById(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  id: number,
): Promise<BoardReportDto | null> {
  const [row] = await selectBoard(db, and(eq(shiftReports.id, id), inStations(viewer.stationIds))!);
  return row ? boardReportDto(row as BoardRow) : null;
}

/** POST api/is-shift-duplicate/: the viewer's stations with a report on `date`, and that report's id. */
export async function duplicatesOn(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  date: string,
): Promise<DuplicateDto> {
  const rows = await db.select({ station__id: shiftReports.stationId, id: shiftReports.id }).from(
    shiftReports,
  )
    .where(and(eq(shiftReports.reportDate, date), inStations(viewer.stationIds)))
    .orderBy(asc(shiftReports.stationId));
  return { results: rows };
}

/**
 * Names for the user ids a board URL carries (created by, edited by, driver), so the filter chips read as
 * names after a reload. Only users who share one of the viewer's stations are named.
 */
export async function userLabels(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  ids: number[],
): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0))];
  if (!wanted.length || !viewer.stationIds.length) return {};
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(
    users,
  )
    .where(and(
      inArray(users.id, wanted),
      sql`exists (select 1 from ${stationSpots} where ${stationSpots.userId} = ${users.id}
        and ${inArray(stationSpots.stationId, viewer.stationIds)})`,
    ));
  return Object.fromEntries(rows.map((r) => [String(r.id), `${r.firstName} ${r.lastName}`.trim()]));
}
