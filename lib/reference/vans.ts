// Vans in Setup: number (unique), plate, VIN, size, group, station, ownership, monthly rate (cents), company,
// model. Scoped to the viewer's stations in every read and write; the status is the fleet-status register's.
import { and, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { fleetSizes, stations, vanGroups, vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { notFound } from "../web/errors.ts";
import type { Paged } from "../web/list-query.ts";
import { centsToDollars } from "./calc.ts";
import { OWNERSHIP, type vanInput, type vanPatch } from "./inputs.ts";
import {
  countOf,
  deleteUnreferenced,
  fieldError,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  type RefViewer,
  uniqueOr,
} from "./helpers.ts";

export interface VanDto {
  id: number;
  number: string;
  plate_number: string;
  vin: string;
  fleet_size: { id: number; title: string } | null;
  van_group: { id: number; name: string } | null;
  station: { id: number; title: string; tag: string } | null;
  status: number;
  ownership: 1 | 2 | null;
  ownership_name: string | null;
  /** Dollars as a decimal string ("1250.00"). */
  monthly_rate: string | null;
  company: string;
  model: string;
}

const inMine = (v: RefViewer) => inArray(vans.stationId, v.stationIds.length ? [...v.stationIds] : [-1]);

const columns = {
  van: vans,
  sizeTitle: fleetSizes.title,
  groupName: vanGroups.name,
  stationTitle: stations.title,
  stationTag: stations.tag,
};
function select(db: Queryable) {
  return db.select(columns).from(vans)
    .leftJoin(fleetSizes, eq(fleetSizes.id, vans.fleetSizeId))
    .leftJoin(vanGroups, eq(vanGroups.id, vans.vanGroupId))
    .leftJoin(stations, eq(stations.id, vans.stationId));
}
type Row = {
  van: typeof vans.$inferSelect;
  sizeTitle: string | null;
  groupName: string | null;
  stationTitle: string | null;
  stationTag: string | null;
};

function dto(r: Row): VanDto {
  const v = r.van;
  const ownership = v.ownership === 1 || v.ownership === 2 ? v.ownership : null;
  return {
    id: v.id,
    number: v.number,
    plate_number: v.plateNumber,
    vin: v.vin,
    fleet_size: v.fleetSizeId === null ? null : { id: v.fleetSizeId, title: r.sizeTitle ?? "" },
    van_group: v.vanGroupId === null ? null : { id: v.vanGroupId, name: r.groupName ?? "" },
    station: v.stationId === null
      ? null
      : { id: v.stationId, title: r.stationTitle ?? "", tag: r.stationTag ?? "" },
    status: v.status,
    ownership,
    ownership_name: ownership ? OWNERSHIP[ownership] : null,
    monthly_rate: centsToDollars(v.monthlyRateCents),
    company: v.company,
    model: v.model,
  };
}

async function find(db: Queryable, v: RefViewer, id: number): Promise<Row> {
  const [row] = await select(db).where(and(eq(vans.id, id), inMine(v)));
  if (!row) throw notFound("Van not found.");
  return row;
}

export async function listVans(db: Queryable, v: RefViewer, q: ReferenceListQuery): Promise<Paged<VanDto>> {
  const where: SQL[] = [inMine(v)];
  if (q.station) where.push(eq(vans.stationId, q.station));
  if (q.search) {
    const s = like(q.search);
    where.push(
      or(
        ilike(vans.number, s),
        ilike(vans.plateNumber, s),
        ilike(vans.vin, s),
        ilike(vans.company, s),
        ilike(vans.model, s),
      )!,
    );
  }
  const cond = and(...where);
  const order = ordering(
    q,
    {
      number: sql`lower(${vans.number})`,
      plate_number: vans.plateNumber,
      station: stations.tag,
      fleet_size: vans.fleetSizeId,
      company: sql`lower(${vans.company})`,
      monthly_rate: vans.monthlyRateCents,
      id: vans.id,
    },
    "number",
    vans.id,
  );
  return await paged(
    db.select({ count: countOf }).from(vans).where(cond),
    (limit, off) => select(db).where(cond).orderBy(...order).limit(limit).offset(off),
    q,
    dto,
  );
}

const numberTaken = (n: string) => fieldError("number", `A van numbered ${n} already exists.`);

async function assertNumberFree(db: Queryable, number: string, exceptId: number | null) {
  const hit = await db.select({ id: vans.id }).from(vans)
    .where(
      and(eq(sql`lower(${vans.number})`, number.toLowerCase()), exceptId ? ne(vans.id, exceptId) : undefined),
    );
  if (hit.length) throw numberTaken(number);
}

/** The station among the viewer's, and the size and group (when given) exist. */
async function checkRefs(db: Queryable, v: RefViewer, input: z.infer<typeof vanPatch>) {
  if (input.station !== undefined && !v.stationIds.includes(input.station)) {
    throw fieldError("station", "Not valid: choose one of your stations.");
  }
  if (input.fleet_size) {
    const [hit] = await db.select({ id: fleetSizes.id }).from(fleetSizes).where(
      eq(fleetSizes.id, input.fleet_size),
    );
    if (!hit) throw fieldError("fleet_size", `Not valid: there is no fleet size ${input.fleet_size}.`);
  }
  if (input.van_group) {
    const [hit] = await db.select({ id: vanGroups.id }).from(vanGroups).where(
      eq(vanGroups.id, input.van_group),
    );
    if (!hit) throw fieldError("van_group", "Not valid: that van group does not exist.");
  }
}

function toRow(input: z.infer<typeof vanPatch>): Partial<typeof vans.$inferInsert> {
  const set: Partial<typeof vans.$inferInsert> = {};
  if (input.number !== undefined) set.number = input.number;
  if (input.plate_number !== undefined) set.plateNumber = input.plate_number;
  if (input.vin !== undefined) set.vin = input.vin;
  if (input.fleet_size !== undefined) set.fleetSizeId = input.fleet_size;
  if (input.van_group !== undefined) set.vanGroupId = input.van_group;
  if (input.station !== undefined) set.stationId = input.station;
  if (input.ownership !== undefined) set.ownership = input.ownership;
  if (input.monthly_rate !== undefined) set.monthlyRateCents = input.monthly_rate;
  if (input.company !== undefined) set.company = input.company;
  if (input.model !== undefined) set.model = input.model;
  return set;
}

export async function createVan(db: Db, v: RefViewer, input: z.infer<typeof vanInput>): Promise<VanDto> {
  await checkRefs(db, v, input);
  await assertNumberFree(db, input.number, null);
  const [row] = await uniqueOr(
    () =>
      db.insert(vans).values({ ...toRow(input), number: input.number, status: 1 }).returning({ id: vans.id }),
    () => numberTaken(input.number),
  );
  return dto(await find(db, v, row.id));
}

export async function updateVan(
  db: Db,
  v: RefViewer,
  id: number,
  input: z.infer<typeof vanPatch>,
): Promise<VanDto> {
  await find(db, v, id);
  await checkRefs(db, v, input);
  if (input.number !== undefined) await assertNumberFree(db, input.number, id);
  const set = toRow(input);
  if (Object.keys(set).length) {
    await uniqueOr(
      () => db.update(vans).set(set).where(eq(vans.id, id)),
      () => numberTaken(input.number ?? ""),
    );
  }
  return dto(await find(db, v, id));
}

/** Refused while anything references the van, its status history included. */
export async function deleteVan(db: Db, v: RefViewer, id: number): Promise<{ detail: string }> {
  const row = await find(db, v, id);
  return await deleteUnreferenced({
    db,
    table: vans,
    tableName: "vans",
    idColumn: vans.id,
    id,
    what: `van ${row.van.number}`,
    count: {
      extra: [{
        label: ["status history entry", "status history entries"],
        query:
          sql`select 1 from ${statusChanges} where ${statusChanges.entity} = 'van' and ${statusChanges.entityId} = ${id}`,
      }],
    },
  });
}
