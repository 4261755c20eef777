// The one module that writes station spots (who works at which station, for which agency, cleared for which
// fleet groups): the DA register's spot editor, the staff screens, staff creation and new stations all
// write through it. Callers open the transaction; every function here runs inside it.
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import {
  agencies,
  fleetGroups,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
} from "../org/schema.ts";
import {
  accessStationsNotYours,
  accessUnknownAgencies,
  accessUnknownFleetGroups,
  lastSpot,
  spotListedTwice,
  spotsNotOwn,
  spotsOutOfReach,
  spotsSavedAndDeleted,
  spotStationsNotYours,
  spotStationTaken,
  spotSwap,
  spotUnknownAgencies,
  spotUnknownFleetGroups,
} from "./errors.ts";
import { duplicateStations } from "./policy.ts";

/** One spot as written: the station, an optional agency and the fleet groups. */
export interface SpotWrite {
  station: number;
  agency: number | null;
  fleet_groups: readonly number[];
}

/** Whose spots: the person, named in messages. */
export interface SpotHolder {
  id: number;
  first_name: string;
  last_name: string;
}

/** Which screen is asking: the DA spot editor and the staff form word the same refusals differently. */
export type SpotWording = "spot_editor" | "staff_form";

async function missing(q: Queryable, table: typeof agencies | typeof fleetGroups, ids: number[]) {
  if (!ids.length) return [];
  const found = new Set(
    (await q.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id),
  );
  return ids.filter((id) => !found.has(id));
}

/** Station tags for messages, in the order of the ids ("#id" for a station that does not exist). */
export async function stationTags(q: Queryable, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q.select({ id: stations.id, tag: stations.tag }).from(stations).where(
    inArray(stations.id, [...ids]),
  );
  return ids.map((id) => rows.find((r) => r.id === id)?.tag ?? `#${id}`);
}

/**
 * Refuses spots at stations outside `reach` (the editor's stations: 403) and spots naming an agency or a
 * fleet group that does not exist (400), in that order.
 */
export async function checkSpotReferences(
  q: Queryable,
  reach: readonly number[],
  spots: readonly SpotWrite[],
  wording: SpotWording,
): Promise<void> {
  const outside = [...new Set(spots.map((s) => s.station))].filter((s) => !reach.includes(s));
  if (outside.length) {
    throw wording === "spot_editor"
      ? spotStationsNotYours(outside)
      : accessStationsNotYours(await stationTags(q, outside));
  }
  const agencyIds = await missing(q, agencies, [
    ...new Set(spots.flatMap((s) => (s.agency ? [s.agency] : []))),
  ]);
  if (agencyIds.length) {
    throw wording === "spot_editor" ? spotUnknownAgencies(agencyIds) : accessUnknownAgencies(agencyIds);
  }
  const groupIds = await missing(q, fleetGroups, [...new Set(spots.flatMap((s) => s.fleet_groups))]);
  if (groupIds.length) {
    throw wording === "spot_editor" ? spotUnknownFleetGroups(groupIds) : accessUnknownFleetGroups(groupIds);
  }
}

async function setFleetGroups(tx: Queryable, spotId: number, groupIds: readonly number[], replace: boolean) {
  if (replace) await tx.delete(stationSpotFleetGroups).where(eq(stationSpotFleetGroups.spotId, spotId));
  if (groupIds.length) {
    await tx.insert(stationSpotFleetGroups).values(
      groupIds.map((fleetGroupId) => ({ spotId, fleetGroupId })),
    );
  }
}

/** A new spot with its fleet groups; returns its id. */
export async function addSpot(tx: Queryable, userId: number, spot: SpotWrite): Promise<number> {
  const [row] = await tx.insert(stationSpots).values({
    userId,
    stationId: spot.station,
    agencyId: spot.agency,
  })
    .returning({ id: stationSpots.id });
  await setFleetGroups(tx, row.id, spot.fleet_groups, false);
  return row.id;
}

/** Moves a spot and replaces its agency and fleet groups; the spot keeps its id. */
async function changeSpot(tx: Queryable, spotId: number, spot: SpotWrite): Promise<void> {
  await tx.update(stationSpots).set({ stationId: spot.station, agencyId: spot.agency }).where(
    eq(stationSpots.id, spotId),
  );
  await setFleetGroups(tx, spotId, spot.fleet_groups, true);
}

/** Locks the user's row, so that two editors of one person's spots take turns. */
export async function lockSpotHolder(tx: Queryable, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * Makes the user's spots at the `reach` stations exactly `spots` (one per station; a kept station keeps its
 * spot id); spots at other stations are neither seen nor touched.
 */
export async function setSpotsAt(
  tx: Queryable,
  userId: number,
  reach: readonly number[],
  spots: readonly SpotWrite[],
): Promise<void> {
  const existing = await tx.select({ id: stationSpots.id, stationId: stationSpots.stationId }).from(
    stationSpots,
  )
    .where(
      and(eq(stationSpots.userId, userId), inArray(stationSpots.stationId, reach.length ? [...reach] : [-1])),
    );
  const gone = existing.filter((e) => !spots.some((s) => s.station === e.stationId)).map((e) => e.id);
  if (gone.length) await tx.delete(stationSpots).where(inArray(stationSpots.id, gone));
  for (const spot of spots) {
    const kept = existing.find((e) => e.stationId === spot.station);
    if (kept) await changeSpot(tx, kept.id, spot);
    else await addSpot(tx, userId, spot);
  }
}

const nameOf = (h: SpotHolder) => `${h.first_name} ${h.last_name}`;

/** A new spot of the DA spot editor: at one of `reach`, at a station the holder does not use yet. */
export async function addHolderSpot(
  tx: Queryable,
  holder: SpotHolder,
  reach: readonly number[],
  spot: SpotWrite,
): Promise<number> {
  await checkSpotReferences(tx, reach, [spot], "spot_editor");
  const [taken] = await tx.select({ id: stationSpots.id }).from(stationSpots)
    .where(and(eq(stationSpots.userId, holder.id), eq(stationSpots.stationId, spot.station)));
  if (taken) throw spotStationTaken(nameOf(holder), (await stationTags(tx, [spot.station])).join(", "), true);
  return await addSpot(tx, holder.id, spot);
}

/** The DA spot editor's save: spots to keep or add (an id means an existing spot) and ids to delete. */
export interface SpotEdit {
  save: readonly (SpotWrite & { id?: number })[];
  remove: readonly number[];
}

type CurrentSpot = { id: number; station: number };

/** The ids an edit names must be the holder's spots, at stations within reach, each named once. */
function checkNamedSpots(edit: SpotEdit, current: Map<number, CurrentSpot>, reach: readonly number[]) {
  const named = [...edit.save.flatMap((s) => (s.id ? [s.id] : [])), ...edit.remove];
  const strangers = [...new Set(named.filter((id) => !current.has(id)))];
  if (strangers.length) throw spotsNotOwn(strangers);
  const outside = [...new Set(named.filter((id) => !reach.includes(current.get(id)!.station)))];
  if (outside.length) throw spotsOutOfReach(outside);
  const both = edit.save.flatMap((s) => (s.id && edit.remove.includes(s.id) ? [s.id] : []));
  if (both.length) throw spotsSavedAndDeleted(both);
  const saved = edit.save.flatMap((s) => (s.id ? [s.id] : []));
  if (new Set(saved).size !== saved.length) throw spotListedTwice();
}

/** Applies moves in an order that never puts two spots on one station at once (a swap cannot be ordered). */
async function applyMoves(tx: Queryable, edit: SpotEdit, current: CurrentSpot[]) {
  const occupied = new Map(current.filter((s) => !edit.remove.includes(s.id)).map((s) => [s.station, s.id]));
  const stationOf = new Map(current.map((s) => [s.id, s.station]));
  let pending = edit.save.filter((s) => s.id);
  while (pending.length) {
    const ready = pending.filter((s) => [undefined, s.id].includes(occupied.get(s.station)));
    if (ready.length === 0) throw spotSwap();
    for (const s of ready) {
      occupied.delete(stationOf.get(s.id!)!);
      occupied.set(s.station, s.id!);
      await changeSpot(tx, s.id!, s);
    }
    pending = pending.filter((s) => !ready.includes(s));
  }
}

/**
 * The DA spot editor's save: updates the listed spots, adds the new ones, deletes `remove`; spots not named
 * are left alone. The holder keeps one spot per station and at least one spot. Refuses the whole save.
 */
export async function editHolderSpots(
  tx: Queryable,
  holder: SpotHolder,
  reach: readonly number[],
  edit: SpotEdit,
): Promise<void> {
  const current = await tx.select({ id: stationSpots.id, station: stationSpots.stationId }).from(stationSpots)
    .where(eq(stationSpots.userId, holder.id));
  checkNamedSpots(edit, new Map(current.map((s) => [s.id, s])), reach);
  await checkSpotReferences(tx, reach, edit.save, "spot_editor");
  const edited = new Set(edit.save.flatMap((s) => (s.id ? [s.id] : [])));
  const after = [
    ...current.filter((s) => !edit.remove.includes(s.id) && !edited.has(s.id)),
    ...edit.save,
  ];
  const dup = duplicateStations(after);
  if (dup.length) throw spotStationTaken(nameOf(holder), (await stationTags(tx, dup)).join(", "), false);
  if (after.length === 0) throw lastSpot();
  if (edit.remove.length) await tx.delete(stationSpots).where(inArray(stationSpots.id, [...edit.remove]));
  await applyMoves(tx, edit, current);
  for (const s of edit.save.filter((s) => !s.id)) await addSpot(tx, holder.id, s);
}

/** A station's staff spots, which go with the station when it is deleted (a DA's spot refuses the delete). */
export async function removeStaffSpotsAt(tx: Queryable, stationId: number): Promise<void> {
  await tx.delete(stationSpots).where(and(
    eq(stationSpots.stationId, stationId),
    inArray(stationSpots.userId, tx.select({ id: users.id }).from(users).where(ne(users.role, 5))),
  ));
}
