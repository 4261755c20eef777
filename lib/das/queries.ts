// Reads of the DA register. Every read is scoped to the viewer's stations inside the SQL: a DA is in
// scope when one of their station spots is at one of those stations, and only those spots are shown.
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import {
  agencies,
  fleetGroups,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
} from "../org/schema.ts";
import { userInStations } from "../stations/queries.ts";
import type { Viewer } from "../users/current-user.ts";
import { daNotFound, foreignStations, statusFilterNotAllowed } from "./errors.ts";
import { offset, type Paged } from "../paging/query.ts";
import { orderBy } from "../paging/order.ts";
import { Role } from "../auth/roles.ts";
import type { DaListQuery } from "./inputs.ts";
import { filterRefusal } from "./policy.ts";
import { type DaDto, daDto, type DaRow, groupSpots, type SpotDto, type SpotRow } from "./dto.ts";

export type DaViewer = Pick<Viewer, "id" | "role" | "stationIds" | "first_name" | "last_name">;

const changer = alias(users, "changer");

const DA_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  transporterId: users.transporterId,
  driverLicense: users.driverLicense,
  badge: users.badge,
  email: users.email,
  status: users.status,
  isActive: users.isActive,
  dateJoined: users.dateJoined,
  language: users.language,
  lastStatusChange: users.lastStatusChange,
  changerId: changer.id,
  changerFirstName: changer.firstName,
  changerLastName: changer.lastName,
  role: users.role,
};

/**
 * Empty values sort last in both directions: `x is null, x` under the helper's asc/desc becomes
 * `x is null, x desc`, so the null test stays ascending while the value follows the direction.
 */
const nullsLast = (col: AnyPgColumn | SQL) => sql`${col} is null, ${col}`;

const ORDER_COLUMNS: Record<string, Parameters<typeof orderBy>[1][string]> = {
  id: users.id,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  first_name: sql`lower(${users.firstName})`,
  last_name: sql`lower(${users.lastName})`,
  transporter_id: nullsLast(users.transporterId),
  driver_license: nullsLast(users.driverLicense),
  badge: nullsLast(users.badge),
  email: users.email,
  status: users.status,
  is_active: users.isActive,
  created: users.dateJoined,
  last_status_change: nullsLast(users.lastStatusChange),
  last_status_changed_by: nullsLast(sql`lower(${changer.firstName} || ' ' || ${changer.lastName})`),
  role: users.role,
};

/** `col = any($1::int[])`: one array parameter however many ids (a long IN list costs more to send and plan). */
export function anyId(col: AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${col} = any(${sql.param([...ids])}::int[])`;
}

/** `like` pattern for a literal fragment: % and _ typed by a person are not wildcards. */
export function containsPattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The stations a list covers: the requested ones (in_station, or its synonym station), else every
 * station of the viewer. Asking for a station the viewer lacks is refused, never silently widened.
 */
export function scopeStations(
  viewer: Pick<Viewer, "stationIds">,
  q: Pick<DaListQuery, "in_station" | "station">,
) {
  const requested = q.in_station?.length ? q.in_station : q.station ?? [];
  if (requested.length === 0) return viewer.stationIds;
  const foreign = requested.filter((s) => !viewer.stationIds.includes(s));
  if (foreign.length) throw foreignStations(foreign);
  return requested;
}

/** The WHERE of a list: DAs (role 5) with a spot in the covered stations, then the filters. */
export function daConditions(viewer: Pick<Viewer, "role" | "stationIds">, q: DaListQuery): SQL {
  const refusal = filterRefusal(viewer.role, q.status ?? []);
  if (refusal) throw statusFilterNotAllowed(refusal);
  const where: SQL[] = [eq(users.role, Role.Driver), userInStations(scopeStations(viewer, q))];
  if (q.status?.length) where.push(inArray(users.status, q.status));
  if (q.search) {
    const p = containsPattern(q.search);
    where.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
        ilike(users.transporterId, p),
        ilike(users.email, p),
      )!,
    );
  }
  if (q.driver_license) where.push(ilike(users.driverLicense, containsPattern(q.driver_license)));
  if (q.badge) where.push(ilike(users.badge, containsPattern(q.badge)));
  return and(...where)!;
}

/** The viewer's view of these DAs' spots: only spots at the viewer's stations. */
export async function spotsOf(
  db: Queryable,
  userIds: number[],
  stationIds: number[],
): Promise<Map<number, SpotDto[]>> {
  if (userIds.length === 0 || stationIds.length === 0) return new Map();
  const rows: SpotRow[] = await db.select({
    id: stationSpots.id,
    userId: stationSpots.userId,
    stationId: stations.id,
    stationTitle: stations.title,
    stationTag: stations.tag,
    agencyId: agencies.id,
    agencyName: agencies.name,
    fleetGroupId: fleetGroups.id,
    fleetGroupName: fleetGroups.name,
  }).from(stationSpots)
    .innerJoin(stations, eq(stations.id, stationSpots.stationId))
    .leftJoin(agencies, eq(agencies.id, stationSpots.agencyId))
    .leftJoin(stationSpotFleetGroups, eq(stationSpotFleetGroups.spotId, stationSpots.id))
    .leftJoin(fleetGroups, eq(fleetGroups.id, stationSpotFleetGroups.fleetGroupId))
    .where(and(anyId(stationSpots.userId, userIds), anyId(stationSpots.stationId, stationIds)))
    .orderBy(stations.tag, stationSpots.id, fleetGroups.name);
  return groupSpots(rows);
}

async function withSpots(db: Queryable, viewer: Pick<Viewer, "stationIds">, rows: DaRow[]): Promise<DaDto[]> {
  const spots = await spotsOf(db, rows.map((r) => r.id), viewer.stationIds);
  return rows.map((r) => daDto(r, spots.get(r.id) ?? []));
}

function selectDas(db: Queryable) {
  return db.select(DA_COLUMNS).from(users).leftJoin(changer, eq(changer.id, users.lastStatusChangedById));
}

/** getDriverUsersList: one page of the register, with the total count. */
export async function listDas(
  db: Queryable,
  viewer: Pick<Viewer, "role" | "stationIds">,
  q: DaListQuery,
): Promise<Paged<DaDto>> {
  const where = daConditions(viewer, q);
  const rows = await db.select({ ...DA_COLUMNS, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users).leftJoin(changer, eq(changer.id, users.lastStatusChangedById))
    .where(where).orderBy(...orderBy(q.ordering, ORDER_COLUMNS, users.id))
    .limit(q.page_size).offset(offset(q));
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    [{ count }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
  }
  return { count, results: await withSpots(db, viewer, rows) };
}

/** Every DA the filters match, in the list's order (the export). */
export async function allDas(
  db: Queryable,
  viewer: Pick<Viewer, "role" | "stationIds">,
  q: DaListQuery,
): Promise<DaDto[]> {
  const rows = await selectDas(db).where(daConditions(viewer, q)).orderBy(
    ...orderBy(q.ordering, ORDER_COLUMNS, users.id),
  );
  return withSpots(db, viewer, rows);
}

/** These DAs as the viewer sees them, in the given order; ids outside the viewer's stations are left out. */
export async function getDas(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  ids: number[],
): Promise<DaDto[]> {
  if (ids.length === 0) return [];
  const rows = await selectDas(db)
    .where(and(anyId(users.id, ids), eq(users.role, Role.Driver), userInStations(viewer.stationIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withSpots(db, viewer, ids.map((id) => byId.get(id)).filter((r) => r !== undefined));
}

/** One DA in the viewer's stations, or 404. */
export async function getDa(db: Queryable, viewer: Pick<Viewer, "stationIds">, id: number): Promise<DaDto> {
  const [da] = await getDas(db, viewer, [id]);
  if (!da) throw daNotFound(id);
  return da;
}
