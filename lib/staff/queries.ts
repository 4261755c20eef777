// Reads of staff accounts (roles 1-4), always scoped inside the SQL to accounts that share at least one of
// the viewer's stations.
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { stationSpotsJson, userInStations } from "../stations/queries.ts";
import type { StationSpotDto } from "../stations/dto.ts";
import type { StaffDto } from "./dto.ts";
import type { StaffListQuery } from "./inputs.ts";
import { effectiveRole, roleName, STAFF_ROLES } from "../auth/roles.ts";
import { offset, type Paged } from "../paging/query.ts";
import { orderBy } from "../paging/order.ts";
import { notFound } from "../errors.ts";
import { type Actor, canManage } from "./policy.ts";

const columns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  role: users.role,
  is_active: users.isActive,
  has_password: sql<boolean>`${users.passwordHash} is not null`,
  mobile_number: users.mobileNumber,
  last_login: users.lastLogin,
  spots: stationSpotsJson(sql`${users.id}`, "tag"),
};
type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: number;
  is_active: boolean;
  has_password: boolean;
  mobile_number: string | null;
  last_login: Date | string | null;
  spots: unknown;
};

export function toStaffDto(r: Row, viewer: Actor): StaffDto {
  const spots = (typeof r.spots === "string" ? JSON.parse(r.spots) : r.spots) as StationSpotDto[];
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    role: effectiveRole(r.role),
    role_name: roleName(r.role),
    is_active: r.is_active,
    has_password: !!r.has_password,
    mobile_number: r.mobile_number,
    last_login: r.last_login ? new Date(r.last_login).toISOString() : null,
    station_spots: spots ?? [],
    can_edit: canManage(viewer, r.role),
  };
}

/** Staff (never drivers) who share at least one of the viewer's stations. */
function scope(viewer: Actor): SQL {
  return and(inArray(users.role, [...STAFF_ROLES]), userInStations(viewer.stationIds))!;
}

export async function listStaff(db: Queryable, viewer: Actor, q: StaffListQuery): Promise<Paged<StaffDto>> {
  const where: SQL[] = [scope(viewer)];
  if (q.role) where.push(eq(users.role, Number(q.role)));
  if (q.status) where.push(eq(users.isActive, q.status === "active"));
  if (q.search) {
    const s = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(users.firstName, s),
        ilike(users.lastName, s),
        ilike(users.email, s),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, s),
        ilike(users.mobileNumber, s),
      )!,
    );
  }
  const cond = and(...where);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(cond);
  const order = orderBy(q.ordering, {
    last_name: sql`lower(${users.lastName})`,
    first_name: sql`lower(${users.firstName})`,
    email: users.email,
    role: users.role,
    last_login: users.lastLogin,
  }, users.id);
  const rows = await db.select(columns).from(users).where(cond).orderBy(...order)
    .limit(q.page_size).offset(offset(q));
  return { count, results: rows.map((r) => toStaffDto(r as Row, viewer)) };
}

/** One account in the viewer's scope, or 404 (an account outside it does not exist for them). */
export async function getStaff(db: Queryable, viewer: Actor, id: number): Promise<StaffDto> {
  const [row] = await db.select(columns).from(users).where(and(eq(users.id, id), scope(viewer)));
  if (!row) throw notFound("Staff account not found.");
  return toStaffDto(row as Row, viewer);
}

/** Active staff in the viewer's stations, for pickers such as a van group's supervisor. */
export async function staffOptions(
  db: Queryable,
  viewer: Actor,
): Promise<{ id: number; name: string; role_name: string }[]> {
  const rows = await db.select({
    id: users.id,
    first: users.firstName,
    last: users.lastName,
    role: users.role,
  })
    .from(users).where(and(scope(viewer), eq(users.isActive, true)))
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.id);
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`.trim(), role_name: roleName(r.role) }));
}

/** The fields the mutations check, for an account in the viewer's scope; 404 outside it. */
export async function findTarget(db: Queryable, viewer: Actor, id: number) {
  const [row] = await db.select({
    id: users.id,
    role: users.role,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    isActive: users.isActive,
  }).from(users).where(and(eq(users.id, id), scope(viewer)));
  if (!row) throw notFound("Staff account not found.");
  return row;
}
