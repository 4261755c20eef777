// Writes of stations (the Setup section). Creating one gives its creator a spot on it, so they can see what
// they made. Deleting takes the staff spots with it; DAs, vans, scanners and any other data on the
// station refuse the delete.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations } from "../org/schema.ts";
import { deleteUnreferenced, type RefViewer, uniqueOr } from "../reference/helpers.ts";
import type { StationDto } from "./dto.ts";
import { stationTagTaken } from "./errors.ts";
import type { StationInput, StationPatch } from "./inputs.ts";
import { findViewerStation } from "./queries.ts";
import { addSpot, removeStaffSpotsAt } from "./spots.ts";

async function assertTagFree(db: Queryable, tag: string, exceptId: number | null) {
  const hit = await db.select({ id: stations.id }).from(stations)
    .where(and(eq(sql`upper(${stations.tag})`, tag), exceptId ? ne(stations.id, exceptId) : undefined));
  if (hit.length) throw stationTagTaken(tag);
}

export async function createStation(db: Queryable, v: RefViewer, input: StationInput): Promise<StationDto> {
  await assertTagFree(db, input.tag, null);
  return await uniqueOr(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(stations).values({ title: input.title, tag: input.tag }).returning();
      await addSpot(tx, v.id, { station: row.id, agency: null, fleet_groups: [] });
      return { id: row.id, title: row.title, tag: row.tag };
    }), () => stationTagTaken(input.tag));
}

export async function updateStation(
  db: Queryable,
  v: RefViewer,
  id: number,
  input: StationPatch,
): Promise<StationDto> {
  await findViewerStation(db, v, id);
  if (input.tag !== undefined) await assertTagFree(db, input.tag, id);
  if (input.title === undefined && input.tag === undefined) return await findViewerStation(db, v, id);
  const [row] = await uniqueOr(
    () => db.update(stations).set(input).where(eq(stations.id, id)).returning(),
    () => stationTagTaken(input.tag ?? ""),
  );
  return { id: row.id, title: row.title, tag: row.tag };
}

export async function deleteStation(db: Queryable, v: RefViewer, id: number): Promise<{ detail: string }> {
  const row = await findViewerStation(db, v, id);
  return await deleteUnreferenced({
    db,
    table: stations,
    tableName: "stations",
    idColumn: stations.id,
    id,
    what: `station ${row.tag}`,
    count: { staffDoNotBlock: true },
    before: (tx) => removeStaffSpotsAt(tx, id),
  });
}
