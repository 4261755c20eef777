// Reads of the schedule: the week grid of one station (02 "Schedule"), and the day's entries the rules need.
// Scoped to the viewer's stations inside the SQL: the station must be one of theirs, the people are those
// whose spots include it, the entries those of that station.
import { and, asc, between, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import { stations, stationSpots, users } from "../org/schema.ts";
import { like } from "../reference/helpers.ts";
import { scheduleReports } from "./schema.ts";
import { weekDays } from "../dates/weeks.ts";
import { todayIn } from "../dates/periods.ts";
import { getTimeZone } from "../settings/queries.ts";
import { type GetReportsQuery, GRID_USER_ROLES } from "./inputs.ts";
import { type DayEntryDto, type EntryRow, fullName, type ScheduleWeekDto, toEntryDto } from "./dto.ts";
import { totalHours } from "./calc.ts";
import type { DayEntry } from "./policy.ts";
import { SCHEDULE, scheduleError } from "./errors.ts";

export interface ScheduleViewer {
  id: number;
  role: number;
  stationIds: readonly number[];
}

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);

/** The organisation's today (its time zone). */
export async function scheduleToday(db: Queryable): Promise<string> {
  return todayIn(await getTimeZone(db));
}

/** The station asked for, if it is the viewer's; else station 1 when held, else the first spot. */
export async function viewerStation(db: Queryable, v: ScheduleViewer, asked?: number) {
  const id = asked ?? (v.stationIds.includes(1) ? 1 : Math.min(...v.stationIds));
  const [row] = await db.select({ id: stations.id, title: stations.title, tag: stations.tag }).from(stations)
    .where(and(eq(stations.id, id), inArray(stations.id, ids(v.stationIds))));
  if (!row) throw scheduleError(SCHEDULE.stationNotYours);
  return row;
}

/** People on the station's schedule: drivers, supervisors and dispatchers with a spot there. */
export function personAtStationOnly(stationId: number, roles: readonly number[] = GRID_USER_ROLES): SQL {
  return and(
    inArray(users.role, [...roles]),
    sql`exists (select 1 from ${stationSpots} where ${stationSpots.userId} = ${users.id} and ${stationSpots.stationId} = ${stationId})`,
  )!;
}

/** Is this person on the station's schedule? */
export function personAtStation(userId: number, stationId: number): SQL {
  return and(eq(users.id, userId), personAtStationOnly(stationId))!;
}

const helper = alias(users, "helped");
export const entryColumns = {
  id: scheduleReports.id,
  scheduleDate: scheduleReports.scheduleDate,
  userId: scheduleReports.userId,
  role: scheduleReports.role,
  roleHours: scheduleReports.roleHours,
  isAvailable: scheduleReports.isAvailable,
  isPublished: scheduleReports.isPublished,
  shiftStartTime: scheduleReports.shiftStartTime,
  helperOfId: scheduleReports.helperOfId,
  helperFirstName: helper.firstName,
  helperLastName: helper.lastName,
  stationId: scheduleReports.stationId,
  stationTitle: stations.title,
};

/** Entries of a station between two dates, with the person's account role and name. */
export function stationEntries(db: Queryable, stationId: number, from: string, to: string) {
  return db.select({
    ...entryColumns,
    userRole: users.role,
    firstName: users.firstName,
    lastName: users.lastName,
  }).from(scheduleReports)
    .innerJoin(users, eq(users.id, scheduleReports.userId))
    .innerJoin(stations, eq(stations.id, scheduleReports.stationId))
    .leftJoin(helper, eq(helper.id, scheduleReports.helperOfId))
    .where(and(eq(scheduleReports.stationId, stationId), between(scheduleReports.scheduleDate, from, to)));
}

/** One entry with the columns of its DTO. */
export async function entryOf(db: Queryable, userId: number, date: string): Promise<EntryRow | undefined> {
  const [row] = await db.select(entryColumns).from(scheduleReports)
    .innerJoin(stations, eq(stations.id, scheduleReports.stationId))
    .leftJoin(helper, eq(helper.id, scheduleReports.helperOfId))
    .where(and(eq(scheduleReports.userId, userId), eq(scheduleReports.scheduleDate, date)));
  return row;
}

/** The station's entries of one day, as the rules read them. */
export async function dayEntries(db: Queryable, stationId: number, date: string): Promise<DayEntry[]> {
  return (await stationEntries(db, stationId, date, date)).map((r) => ({
    userId: r.userId,
    userRole: r.userRole,
    role: r.role,
    isAvailable: r.isAvailable,
    helperOfId: r.helperOfId,
  }));
}

function peopleWhere(stationId: number, q: GetReportsQuery): SQL {
  const w: SQL[] = [personAtStationOnly(stationId, q.role ? [q.role] : GRID_USER_ROLES)];
  if (q.status !== undefined) w.push(eq(users.status, q.status));
  if (q.search) {
    const s = like(q.search);
    w.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, s),
        ilike(users.badge, s),
        ilike(users.transporterId, s),
      )!,
    );
  }
  return and(...w)!;
}

/** GET api/schedule/get_reports: the week grid of a station. */
export async function getWeek(
  db: Queryable,
  v: ScheduleViewer,
  q: GetReportsQuery,
): Promise<ScheduleWeekDto> {
  const station = await viewerStation(db, v, q.station);
  const dates = weekDays(q.year, q.week + 1);
  const dir = q.ordering.startsWith("-") ? desc : asc;
  const [people, entries, today] = await Promise.all([
    db.select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      badge: users.badge,
      mobile: users.mobileNumber,
    }).from(users).where(peopleWhere(station.id, q))
      .orderBy(
        ...(q.ordering.endsWith("role") ? [dir(users.role)] : []),
        asc(users.firstName),
        asc(users.lastName),
        asc(users.id),
      ),
    stationEntries(db, station.id, dates[0], dates[6]),
    scheduleToday(db),
  ]);
  const byUser = new Map<number, typeof entries>();
  for (const e of entries) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  let rows = people.map((p) => {
    const mine = byUser.get(p.id) ?? [];
    return {
      id: p.id,
      first_name: p.firstName,
      last_name: p.lastName,
      role: p.role,
      status: p.status,
      badge: p.badge,
      has_mobile: !!p.mobile?.trim(),
      total_hours: totalHours(mine.map((e) => Number(e.roleHours))).toFixed(2),
      reports: dates.map((d) => {
        const e = mine.find((x) => x.scheduleDate === d);
        return e ? toEntryDto(e) : null;
      }),
    };
  });
  if (q.ordering.endsWith("name") && q.ordering.startsWith("-")) rows = rows.reverse();
  if (q.ordering.endsWith("total_hours")) {
    const sign = q.ordering.startsWith("-") ? -1 : 1;
    rows = rows.sort((a, b) => sign * (Number(a.total_hours) - Number(b.total_hours)));
  }
  const day_entries: DayEntryDto[] = entries.map((e) => ({
    user_id: e.userId,
    user_role: e.userRole,
    name: fullName(e.firstName, e.lastName),
    schedule_date: e.scheduleDate,
    role: e.role,
    is_available: e.isAvailable,
    helper_of: e.helperOfId,
  }));
  return { year: q.year, week: q.week, station, today, date_list: dates, data_list: rows, day_entries };
}
