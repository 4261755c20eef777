// Reads of the action tables, one customer's at a time (lib/actions/customers.ts), scoped inside the SQL to
// the viewer's stations carrying that customer's tags (DON9/HYZ1 for 'amzn', the IKEA tags for 'ikea').
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { stationSpots, users } from "../org/schema.ts";
import { dayOfWeek } from "../dates/calendar.ts";
import { WEEKDAY_ABBREVS } from "../dates/format.ts";
import { stored, weekOf } from "../dates/weeks.ts";
import { offset, type Paged } from "../paging/query.ts";
import { pickStation, stationChoices } from "../checks/queries.ts";
import { MANAGEMENT } from "../auth/roles.ts";
import { coachingActions as a } from "./schema.ts";
import type { ActionRowDto, SuperUserDto } from "./dto.ts";
import type { ActionListQuery } from "./inputs.ts";
import { type Customer, CUSTOMER_TAGS } from "./customers.ts";

type StationViewer = Pick<Viewer, "stationIds">;

const ORDER: Record<string, SQL | typeof a.weekNumber> = {
  week_number: sql`${a.year} * 100 + ${a.weekNumber}`,
  action_date: sql`${a.actionDate}`,
  off_target_area: sql`${a.offTargetArea}`,
  action: sql`${a.action}`,
  driver_fullname: sql`lower(${a.driverName})`,
  transporter_id: sql`${a.transporterId}`,
  owner: sql`${a.ownerId}`,
  due_date: sql`${a.dueDate}`,
  status: sql`${a.status}`,
  coaching_count: sql`${a.coachingCount}`,
};

const owners = sql`(select trim(o.first_name || ' ' || o.last_name) from users o where o.id = ${a.ownerId})`;

function toDto(r: typeof a.$inferSelect & { ownerName: string | null }): ActionRowDto {
  return {
    id: r.id,
    station_id: r.stationId,
    get_week_number: r.weekNumber,
    year: r.year,
    get_week_day: WEEKDAY_ABBREVS[dayOfWeek(r.actionDate)],
    action_date: r.actionDate,
    off_target_area: r.offTargetArea,
    action: r.action,
    driver_id: r.driverId,
    driver_fullname: r.driverName,
    transporter_id: r.transporterId,
    owner: r.ownerId,
    owner_name: r.ownerName,
    due_date: r.dueDate,
    status: r.status,
    coaching_count: r.coachingCount,
    comments: r.comments,
  };
}

/** The viewer's stations where a customer's actions are kept. */
export const customerStations = (db: Queryable, viewer: StationViewer, customer: Customer) =>
  stationChoices(db, viewer, CUSTOMER_TAGS[customer]);

/** One of a customer's actions by id, if at one of the viewer's stations for that customer. */
export async function getAction(
  db: Queryable,
  viewer: StationViewer,
  id: number,
  customer: Customer = "amzn",
): Promise<ActionRowDto | null> {
  const choices = await customerStations(db, viewer, customer);
  if (!choices.length) return null;
  const [row] = await db.select({ r: a, ownerName: owners.mapWith(String) }).from(a).where(and(
    eq(a.id, id),
    eq(a.customer, customer),
    inArray(a.stationId, choices.map((c) => c.id)),
  ));
  return row ? toDto({ ...row.r, ownerName: row.ownerName }) : null;
}

/** get action list: a customer's actions at one of the viewer's stations for it. */
export async function listActions(
  db: Queryable,
  viewer: StationViewer,
  q: ActionListQuery,
  customer: Customer = "amzn",
): Promise<Paged<ActionRowDto>> {
  const tags = CUSTOMER_TAGS[customer];
  const station = pickStation(await stationChoices(db, viewer, tags), q.station, tags);
  if (!station) return { count: 0, results: [] };
  const week = q.week_date ? weekOf(q.week_date) : null;
  const where = and(
    eq(a.stationId, station.id),
    eq(a.customer, customer),
    q.action !== undefined ? eq(a.action, q.action) : undefined,
    q.owner !== undefined ? eq(a.ownerId, q.owner) : undefined,
    q.status !== undefined ? eq(a.status, q.status) : undefined,
    q.coaching_count !== undefined ? eq(a.coachingCount, q.coaching_count) : undefined,
    q.due_date ? eq(a.dueDate, q.due_date) : undefined,
    q.off_target_area ? eq(a.offTargetArea, q.off_target_area) : undefined,
    q.driver_id !== undefined ? eq(a.driverId, q.driver_id) : undefined,
    q.driver ? ilike(a.driverName, `%${q.driver.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
    week ? and(eq(a.year, week.year), eq(a.weekNumber, stored(week.week))) : undefined,
  );
  const desc_ = q.ordering.startsWith("-");
  const key = ORDER[q.ordering.replace(/^-/, "")] ?? ORDER.week_number;
  const [{ n }] = await db.select({ n: count() }).from(a).where(where);
  const rows = await db.select({ r: a, ownerName: owners.mapWith(String) }).from(a).where(where)
    .orderBy(desc_ ? sql`${key} desc nulls last` : sql`${key} asc nulls last`, desc_ ? desc(a.id) : asc(a.id))
    .limit(q.page_size).offset(offset(q));
  return { count: n, results: rows.map((x) => toDto({ ...x.r, ownerName: x.ownerName })) };
}

/** get super users list: the management accounts of the viewer's stations (the Owner choices). */
export async function superUsers(db: Queryable, viewer: StationViewer): Promise<SuperUserDto[]> {
  if (!viewer.stationIds.length) return [];
  const rows = await db.selectDistinct({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users).innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(
      inArray(stationSpots.stationId, viewer.stationIds),
      inArray(users.role, [...MANAGEMENT]),
      eq(users.isActive, true),
    )).orderBy(users.firstName, users.lastName, users.id);
  return rows.map((r) => ({ id: r.id, first_name: r.first ?? "", last_name: r.last ?? "" }));
}
