// Reads of vans, for the fleet register and the Setup section (one list, two views), the roster import and
// the tracker. Every read for a screen is scoped to the viewer's stations inside the SQL.
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import { fleetSizes, stations, users, vanGroups, vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { offset, type Paged } from "../paging/query.ts";
import { orderBy } from "../paging/order.ts";
import { like, ordering, type ReferenceListQuery } from "../reference/helpers.ts";
import type { VanFilters, VanListQuery } from "./inputs.ts";
import {
  toVanDto,
  toVanHistoryDto,
  toVanSetupDto,
  type VanDto,
  type VanHistoryDto,
  type VanRow,
  type VanSetupDto,
} from "./dto.ts";
import type { StoredVan } from "./writers.ts";

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
  vin: vans.vin,
  ownership: vans.ownership,
  monthlyRateCents: vans.monthlyRateCents,
  company: vans.company,
  model: vans.model,
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

/** The register's orderings (its zod query accepts only these names). */
const REGISTER_ORDER = {
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

/** Setup's table columns (an unknown name is refused with the list of these). */
const SETUP_ORDER = {
  number: sql`lower(${vans.number})`,
  plate_number: vans.plateNumber,
  station: stations.tag,
  fleet_size: vans.fleetSizeId,
  company: sql`lower(${vans.company})`,
  monthly_rate: vans.monthlyRateCents,
  id: vans.id,
};

/** The filters of both screens: the register's fields, Setup's free-text search. */
type VanWhere = Omit<Partial<VanFilters>, "ordering"> & { search?: string };

function where(stationIds: readonly number[], f: VanWhere): SQL {
  const w: SQL[] = [vanInStations(stationIds)];
  if (f.station !== undefined) w.push(eq(vans.stationId, f.station));
  if (f.status !== undefined) w.push(eq(vans.status, f.status));
  if (f.plate_number) w.push(ilike(vans.plateNumber, like(f.plate_number)));
  if (f.van_number) w.push(ilike(vans.number, like(f.van_number)));
  if (f.search) {
    const s = like(f.search);
    const fields = [vans.number, vans.plateNumber, vans.vin, vans.company, vans.model];
    w.push(or(...fields.map((c) => ilike(c, s)))!);
  }
  return and(...w)!;
}

function selectVans(db: Queryable) {
  return db.select(columns).from(vans)
    .leftJoin(stations, eq(stations.id, vans.stationId))
    .leftJoin(vanGroups, eq(vanGroups.id, vans.vanGroupId))
    .leftJoin(fleetSizes, eq(fleetSizes.id, vans.fleetSizeId))
    .leftJoin(changer, eq(changer.id, vans.lastStatusChangedById));
}

/**
 * One page of vans with the total count: the fleet register's items (getAllVans), or with "setup" the Setup
 * section's vans (searched, ordered by its columns).
 */
export function listVans(
  db: Queryable,
  stationIds: readonly number[],
  q: VanListQuery,
): Promise<Paged<VanDto>>;
export function listVans(
  db: Queryable,
  stationIds: readonly number[],
  q: ReferenceListQuery,
  view: "setup",
): Promise<Paged<VanSetupDto>>;
export async function listVans(
  db: Queryable,
  stationIds: readonly number[],
  q: VanListQuery | ReferenceListQuery,
  view: "register" | "setup" = "register",
): Promise<Paged<VanDto | VanSetupDto>> {
  const cond = where(stationIds, q);
  const order = view === "setup"
    ? ordering(q as ReferenceListQuery, SETUP_ORDER, "number", vans.id)
    : orderBy((q as VanListQuery).ordering, REGISTER_ORDER, vans.id);
  const toDto: (r: VanRow) => VanDto | VanSetupDto = view === "setup" ? toVanSetupDto : toVanDto;
  const [rows, [{ count }]] = await Promise.all([
    selectVans(db).where(cond).orderBy(...order).limit(q.page_size).offset(offset(q)),
    db.select({ count: sql<number>`count(*)::int` }).from(vans).where(cond),
  ]);
  return { count: Number(count), results: (rows as VanRow[]).map(toDto) };
}

/** Every van matching the filters, in the list's order (the export). */
export async function allVans(
  db: Queryable,
  stationIds: readonly number[],
  f: VanFilters,
): Promise<VanDto[]> {
  const rows = await selectVans(db).where(where(stationIds, f))
    .orderBy(...orderBy(f.ordering, REGISTER_ORDER, vans.id));
  return (rows as VanRow[]).map(toVanDto);
}

/** One van in the viewer's stations, or undefined (a van elsewhere is indistinguishable from none). */
export function getVan(db: Queryable, stationIds: readonly number[], id: number): Promise<VanDto | undefined>;
export function getVan(
  db: Queryable,
  stationIds: readonly number[],
  id: number,
  view: "setup",
): Promise<VanSetupDto | undefined>;
export async function getVan(
  db: Queryable,
  stationIds: readonly number[],
  id: number,
  view: "register" | "setup" = "register",
): Promise<VanDto | VanSetupDto | undefined> {
  const [row] = await selectVans(db).where(and(eq(vans.id, id), vanInStations(stationIds)));
  if (!row) return undefined;
  return view === "setup" ? toVanSetupDto(row as VanRow) : toVanDto(row as VanRow);
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

/**
 * Vans by number, whatever the case, anywhere (numbers are unique across stations), oldest first; `lock`
 * holds them for the caller's transaction. The roster import matches its rows by number, Setup keeps
 * numbers unique, the tracker checks a typed fleet number.
 */
export async function vansByNumber(
  db: Queryable,
  numbers: readonly string[],
  opts: { lock?: boolean } = {},
): Promise<StoredVan[]> {
  if (!numbers.length) return [];
  const upper = JSON.stringify(numbers.map((n) => n.toUpperCase()));
  const q = db.select({
    id: vans.id,
    number: vans.number,
    plateNumber: vans.plateNumber,
    vin: vans.vin,
    fleetSizeId: vans.fleetSizeId,
    vanGroupId: vans.vanGroupId,
    stationId: vans.stationId,
    ownership: vans.ownership,
    monthlyRateCents: vans.monthlyRateCents,
    company: vans.company,
    model: vans.model,
    status: vans.status,
    statusChangeReason: vans.statusChangeReason,
  }).from(vans)
    .where(sql`upper(${vans.number}) in (select jsonb_array_elements_text(${upper}::jsonb))`)
    .orderBy(vans.id);
  return opts.lock ? await q.for("update") : await q;
}
