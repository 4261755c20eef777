// Stations (title, tag): the list is the viewer's own stations; creating one gives its creator a spot on
// it, so they can see what they made. Deleting takes the staff spots with it; DAs, vans, scanners and any
// other data on the station refuse the delete.
import { and, asc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { stations, stationSpots, users } from "../org/schema.ts";
import { notFound } from "../web/errors.ts";
import type { Paged } from "../web/list-query.ts";
import type { stationInput, stationPatch } from "./inputs.ts";
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

export interface StationDto {
  id: number;
  title: string;
  tag: string;
}

const mine = (v: RefViewer) => inArray(stations.id, v.stationIds.length ? [...v.stationIds] : [-1]);
const dto = (r: typeof stations.$inferSelect): StationDto => ({ id: r.id, title: r.title, tag: r.tag });
const tagTaken = (tag: string) => fieldError("tag", `A station with the tag ${tag} already exists.`);

export async function listStations(
  db: Queryable,
  v: RefViewer,
  q: ReferenceListQuery,
): Promise<Paged<StationDto>> {
  const where = and(
    mine(v),
    q.search ? or(ilike(stations.title, like(q.search)), ilike(stations.tag, like(q.search))) : undefined,
  );
  const order = ordering(
    q,
    { tag: stations.tag, title: sql`lower(${stations.title})`, id: stations.id },
    "tag",
    stations.id,
  );
  return await paged(
    db.select({ count: countOf }).from(stations).where(where),
    (limit, off) => db.select().from(stations).where(where).orderBy(...order).limit(limit).offset(off),
    q,
    dto,
  );
}

/** The viewer's stations for pickers, by tag. */
export async function stationOptions(db: Queryable, v: RefViewer): Promise<StationDto[]> {
  return (await db.select().from(stations).where(mine(v)).orderBy(asc(stations.tag))).map(dto);
}

async function assertTagFree(db: Queryable, tag: string, exceptId: number | null) {
  const hit = await db.select({ id: stations.id }).from(stations)
    .where(and(eq(sql`upper(${stations.tag})`, tag), exceptId ? ne(stations.id, exceptId) : undefined));
  if (hit.length) throw tagTaken(tag);
}

export async function createStation(
  db: Db,
  v: RefViewer,
  input: z.infer<typeof stationInput>,
): Promise<StationDto> {
  await assertTagFree(db, input.tag, null);
  return await uniqueOr(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(stations).values({ title: input.title, tag: input.tag }).returning();
      await tx.insert(stationSpots).values({ userId: v.id, stationId: row.id });
      return dto(row);
    }), () => tagTaken(input.tag));
}

async function findMine(db: Queryable, v: RefViewer, id: number) {
  const [row] = await db.select().from(stations).where(and(eq(stations.id, id), mine(v)));
  if (!row) throw notFound("Station not found.");
  return row;
}

export async function updateStation(
  db: Db,
  v: RefViewer,
  id: number,
  input: z.infer<typeof stationPatch>,
): Promise<StationDto> {
  await findMine(db, v, id);
  if (input.tag !== undefined) await assertTagFree(db, input.tag, id);
  if (input.title === undefined && input.tag === undefined) return dto(await findMine(db, v, id));
  const [row] = await uniqueOr(
    () => db.update(stations).set(input).where(eq(stations.id, id)).returning(),
    () => tagTaken(input.tag ?? ""),
  );
  return dto(row);
}

export async function deleteStation(db: Db, v: RefViewer, id: number): Promise<{ detail: string }> {
  const row = await findMine(db, v, id);
  return await deleteUnreferenced({
    db,
    table: stations,
    tableName: "stations",
    idColumn: stations.id,
    id,
    what: `station ${row.tag}`,
    count: { staffDoNotBlock: true },
    // Only staff spots are left here (a DA's spot refuses the delete): their access goes with the station.
    before: async (tx) => {
      await tx.delete(stationSpots).where(and(
        eq(stationSpots.stationId, id),
        inArray(stationSpots.userId, tx.select({ id: users.id }).from(users).where(ne(users.role, 5))),
      ));
    },
  });
}
