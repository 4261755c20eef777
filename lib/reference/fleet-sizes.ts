// Fleet sizes: the id is meaningful (02: 1 and 5 cargo, 2 large, 3 cube, 6 medium, 4 EDV). A new size is
// created with an explicit id; only the title of an existing one changes; the built-in six are never deleted
// (every start re-creates them, and route tables mean them by id).
import { eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { fleetSizes } from "../org/schema.ts";
import { HttpError, notFound } from "../web/errors.ts";
import type { Paged } from "../web/list-query.ts";
import { BUILT_IN_FLEET_SIZES, type fleetSizeInput, type fleetSizePatch } from "./inputs.ts";
import {
  countOf,
  deleteUnreferenced,
  fieldError,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  uniqueOr,
} from "./helpers.ts";

export interface FleetSizeDto {
  id: number;
  title: string;
  /** One of the six sizes the product's rules mean by id; it can be renamed, not deleted. */
  built_in: boolean;
}

const dto = (r: { id: number; title: string }): FleetSizeDto => ({
  id: r.id,
  title: r.title,
  built_in: (BUILT_IN_FLEET_SIZES as readonly number[]).includes(r.id),
});
const idTaken = (id: number) => fieldError("id", `Fleet size ${id} already exists; choose another id.`);

async function find(db: Queryable, id: number) {
  const [row] = await db.select().from(fleetSizes).where(eq(fleetSizes.id, id));
  if (!row) throw notFound("Fleet size not found.");
  return row;
}

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
    dto,
  );
}

export async function fleetSizeOptions(db: Queryable): Promise<{ id: number; title: string }[]> {
  return await db.select().from(fleetSizes).orderBy(fleetSizes.id);
}

export async function createFleetSize(db: Db, input: z.infer<typeof fleetSizeInput>): Promise<FleetSizeDto> {
  const [hit] = await db.select({ id: fleetSizes.id }).from(fleetSizes).where(eq(fleetSizes.id, input.id));
  if (hit) throw idTaken(input.id);
  const [row] = await uniqueOr(
    () => db.insert(fleetSizes).values(input).returning(),
    () => idTaken(input.id),
  );
  return dto(row);
}

export async function updateFleetSize(
  db: Db,
  id: number,
  input: z.infer<typeof fleetSizePatch>,
): Promise<FleetSizeDto> {
  await find(db, id);
  const [row] = await db.update(fleetSizes).set({ title: input.title }).where(eq(fleetSizes.id, id))
    .returning();
  return dto(row);
}

export async function deleteFleetSize(db: Db, id: number): Promise<{ detail: string }> {
  const row = await find(db, id);
  if ((BUILT_IN_FLEET_SIZES as readonly number[]).includes(id)) {
    throw new HttpError(409, {
      detail:
        `Cannot delete fleet size ${id} (${row.title}): sizes 1-6 are built in and mean a van type by their id. Rename it instead.`,
    });
  }
  return await deleteUnreferenced({
    db,
    table: fleetSizes,
    tableName: "fleet_sizes",
    idColumn: fleetSizes.id,
    id,
    what: `fleet size ${id} (${row.title})`,
  });
}
