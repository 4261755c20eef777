// Reads of the fleet register. Every read is scoped to the viewer's stations inside the SQL.
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import { fleetSizes, stations, users, vanGroups, vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { offset, type Paged } from "../web/list-query.ts";
import { orderBy } from "../web/list-order.ts";
import type { VanFilters, VanListQuery } from "./inputs.ts";
import { toVanDto, toVanHistoryDto, type VanDto, type VanHistoryDto, type VanRow } from "./dto.ts";

/** Vans whose station is one of `stationIds` (none when the list is empty). */
export function vanInStations(stationIds: readonly number[]): SQL {
  // One array parameter however many stations the viewer has.
  return sql`${vans.stationId} = any(${`{${stationIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])`;
}

const changer = alias(users, "changer");

const columns = {
  id: vans.id,
  number: vans.number,
  plateNumber: vans.plateNumber,
  status: vans.status,
  statusChangeReason: vans.statusChangeReason,
  pickUpDate: vans.pickUpDate,
  stationId: vans.stationId,
  stationTitle: stations.title,
  stationTag: stations.tag,
  vanGroupId: vanGroups.id,
  vanGroupName: vanGroups.name,
  vanGroupDescription: vanGroups.description,
  fleetSizeId: fleetSizes.id,
  fleetSizeTitle: fleetSizes.title,
  lastStatusChange: vans.lastStatusChange,
  changedById: changer.id,
  changedByFirstName: changer.firstName,
  changedByLastName: changer.lastName,
};

const ORDER_COLUMNS = {
  id: vans.id,
  number: vans.number,
  plate_number: vans.plateNumber,
  status: vans.status,
  status_change_reason: sql`coalesce(${vans.statusChangeReason}, -1)`,
  pick_up_date: sql`coalesce(${vans.pickUpDate}, '-infinity'::date)`,
  station: stations.tag,
  van_group: vanGroups.name,
  fleet_size: fleetSizes.title,
  last_status_change: sql`coalesce(${vans.lastStatusChange}, '-infinity'::timestamptz)`,
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function where(stationIds: readonly number[], f: Partial<VanFilters>): SQL {
  const w: SQL[] = [vanInStations(stationIds)];
  if (f.station !== undefined) w.push(eq(vans.stationId, f.station));
  if (f.status !== undefined) w.push(eq(vans.status, f.status));
  if (f.plate_number) w.push(ilike(vans.plateNumber, `%${escapeLike(f.plate_number)}%`));
  if (f.van_number) w.push(ilike(vans.number, `%${escapeLike(f.van_number)}%`));
  return and(...w)!;
}

function selectVans(db: Queryable) {
  return db.select(columns).from(vans)
    .leftJoin(stations, eq(stations.id, vans.stationId))
    .leftJoin(vanGroups, eq(vanGroups.id, vans.vanGroupId))
    .leftJoin(fleetSizes, eq(fleetSizes.id, vans.fleetSizeId))
    .leftJoin(changer, eq(changer.id, vans.lastStatusChangedById));
}

/** getAllVans: one page of the register with the total count. */
export async function listVans(
  db: Queryable,
  stationIds: readonly number[],
  q: VanListQuery,
): Promise<Paged<VanDto>> {
  const cond = where(stationIds, q);
  const [rows, [{ count }]] = await Promise.all([
    selectVans(db).where(cond).orderBy(...orderBy(q.ordering, ORDER_COLUMNS, vans.id))
      .limit(q.page_size).offset(offset(q)),
    db.select({ count: sql<number>`count(*)::int` }).from(vans).where(cond),
  ]);
  return { count, results: (rows as VanRow[]).map(toVanDto) };
}

/** Every van matching the filters, in the list's order (the export). */
export async function allVans(
  db: Queryable,
  stationIds: readonly number[],
  f: VanFilters,
): Promise<VanDto[]> {
  const rows = await selectVans(db).where(where(stationIds, f))
    .orderBy(...orderBy(f.ordering, ORDER_COLUMNS, vans.id));
  return (rows as VanRow[]).map(toVanDto);
}

/** One van in the viewer's stations, or undefined (a van elsewhere is indistinguishable from none). */
export async function getVan(
  db: Queryable,
  stationIds: readonly number[],
  id: number,
): Promise<VanDto | undefined> {
  const [row] = await selectVans(db).where(and(eq(vans.id, id), vanInStations(stationIds)));
  return row ? toVanDto(row as VanRow) : undefined;
}

/** The van's whole status history, newest first; undefined when the van is not in the viewer's stations. */
export async function vanHistory(
  db: Queryable,
  stationIds: readonly number[],
  id: number,
): Promise<VanHistoryDto[] | undefined> {
  const [van] = await db.select({ id: vans.id }).from(vans).where(
    and(eq(vans.id, id), vanInStations(stationIds)),
  );
  if (!van) return undefined;
  const rows = await db.select({
    id: statusChanges.id,
    fromStatus: statusChanges.fromStatus,
    toStatus: statusChanges.toStatus,
    reason: statusChanges.reason,
    changedAt: statusChanges.changedAt,
    changedById: users.id,
    changedByFirstName: users.firstName,
    changedByLastName: users.lastName,
  }).from(statusChanges)
    .leftJoin(users, eq(users.id, statusChanges.changedById))
    .where(and(eq(statusChanges.entity, "van"), eq(statusChanges.entityId, id)))
    .orderBy(desc(statusChanges.changedAt), desc(statusChanges.id));
  return rows.map(toVanHistoryDto);
}

/** getFleetSizes lookup. */
export async function listFleetSizes(db: Queryable): Promise<{ id: number; title: string }[]> {
  return await db.select({ id: fleetSizes.id, title: fleetSizes.title }).from(fleetSizes).orderBy(
    asc(fleetSizes.id),
  );
}

/** Van groups lookup (organisation-wide reference data). */
export async function listVanGroups(
  db: Queryable,
): Promise<{ id: number; name: string; description: string }[]> {
  return await db.select({ id: vanGroups.id, name: vanGroups.name, description: vanGroups.description })
    .from(vanGroups).orderBy(asc(vanGroups.name));
}
