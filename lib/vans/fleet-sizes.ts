// Fleet sizes in Setup and the pickers. The id is meaningful (policy.ts FLEET_SIZES): a new size is created
// with an explicit id; only the title of an existing one changes; the built-in six are never deleted (every
// start re-creates them, and route tables mean them by id).
import { eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { fleetSizes } from "../org/schema.ts";
import { orgCached } from "../cache/epochs.ts";
import type { Paged } from "../paging/query.ts";
import {
  countOf,
  deleteUnreferenced,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  uniqueOr,
} from "../reference/helpers.ts";
import type { fleetSizeInput, fleetSizePatch } from "./inputs.ts";
import { isBuiltInFleetSize } from "./policy.ts";
import { type FleetSizeDto, type FleetSizeOption, toFleetSizeDto } from "./dto.ts";
import { fleetSizeBuiltIn, fleetSizeIdTaken, fleetSizeNotFound } from "./errors.ts";

async function find(db: Queryable, id: number): Promise<FleetSizeOption> {
  const [row] = await db.select().from(fleetSizes).where(eq(fleetSizes.id, id));
  if (!row) throw fleetSizeNotFound();
  return row;
}

/** Setup's page of fleet sizes, searched by title. */
export async function listFleetSizes(db: Queryable, q: ReferenceListQuery): Promise<Paged<FleetSizeDto>> {
  const where = q.search ? ilike(fleetSizes.title, like(q.search)) : undefined;
  const order = ordering(
    q,
    { id: fleetSizes.id, title: sql`lower(${fleetSizes.title})` },
    "id",
    fleetSizes.id,
  );
  return await paged(
    db.select({ count: countOf }).from(fleetSizes).where(where),
    (limit, off) => db.select().from(fleetSizes).where(where).orderBy(...order).limit(limit).offset(off),
    q,
    toFleetSizeDto,
  );
}

/** Every size by id: the pickers and the getFleetSizes lookup. */
export async function fleetSizeOptions(db: Queryable): Promise<FleetSizeOption[]> {
  const sizes = await orgCached(
    "fleet-sizes",
    () => db.select({ id: fleetSizes.id, title: fleetSizes.title }).from(fleetSizes).orderBy(fleetSizes.id),
  );
  return sizes.map((s) => ({ ...s }));
}

export async function createFleetSize(
  db: Queryable,
  input: z.infer<typeof fleetSizeInput>,
): Promise<FleetSizeDto> {
  const [hit] = await db.select({ id: fleetSizes.id }).from(fleetSizes).where(eq(fleetSizes.id, input.id));
  if (hit) throw fleetSizeIdTaken(input.id);
  const [row] = await uniqueOr(
    () => db.insert(fleetSizes).values(input).returning(),
    () => fleetSizeIdTaken(input.id),
  );
  return toFleetSizeDto(row);
}

export async function updateFleetSize(
  db: Queryable,
  id: number,
  input: z.infer<typeof fleetSizePatch>,
): Promise<FleetSizeDto> {
  await find(db, id);
  const [row] = await db.update(fleetSizes).set({ title: input.title }).where(eq(fleetSizes.id, id))
    .returning();
  return toFleetSizeDto(row);
}

/** Refused for a built-in size and while any van or record uses it. */
export async function deleteFleetSize(db: Queryable, id: number): Promise<{ detail: string }> {
  const row = await find(db, id);
  if (isBuiltInFleetSize(id)) throw fleetSizeBuiltIn(id, row.title);
  return await deleteUnreferenced({
    db,
    table: fleetSizes,
    tableName: "fleet_sizes",
    idColumn: fleetSizes.id,
    id,
    what: `fleet size ${id} (${row.title})`,
  });
}
