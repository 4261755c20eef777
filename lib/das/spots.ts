// The station-spot editor's writes (createStationSpot, editStationSpot): management only, for a DA in
// the viewer's stations, on the viewer's stations only, one spot per station, and a DA keeps at least
// one spot. Each call is one transaction.
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { agencies, fleetGroups, stations, stationSpotFleetGroups, stationSpots, users } from "../org/schema.ts";
import { badRequest, HttpError, notFound } from "../web/errors.ts";
import type { SpotCreateInput, SpotEditInput, SpotInput } from "./inputs.ts";
import { canEditSpots, duplicateStations } from "./policy.ts";
import { type DaViewer, getDa, spotsOf } from "./queries.ts";
import type { SpotDto } from "./dto.ts";

function refuseUnlessEditor(viewer: DaViewer): void {
  if (!canEditSpots(viewer.role)) {
    throw new HttpError(403, { detail: "Dispatchers cannot edit station spots." });
  }
}

const bad = (field: string, msg: string) => badRequest({ [field]: [msg], detail: msg });

/** Stations, agencies and fleet groups named by the spots exist, and the stations are the viewer's. */
async function checkReferences(tx: Queryable, viewer: DaViewer, spots: readonly Omit<SpotInput, "id">[]) {
  const foreign = [...new Set(spots.map((s) => s.station))].filter((s) => !viewer.stationIds.includes(s));
  if (foreign.length) {
    throw new HttpError(403, {
      station: [`Station ${foreign.join(", ")} is not one of your stations.`],
      detail: `Station ${foreign.join(", ")} is not one of your stations.`,
    });
  }
  const agencyIds = [...new Set(spots.map((s) => s.agency))];
  const groupIds = [...new Set(spots.flatMap((s) => s.fleet_groups))];
  const knownAgencies = agencyIds.length
    ? new Set(
      (await tx.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, agencyIds))).map((r) =>
        r.id
      ),
    )
    : new Set<number>();
  const unknownAgency = agencyIds.filter((id) => !knownAgencies.has(id));
  if (unknownAgency.length) throw bad("agency", `Unknown agency ${unknownAgency.join(", ")}.`);
  const knownGroups = groupIds.length
    ? new Set(
      (await tx.select({ id: fleetGroups.id }).from(fleetGroups).where(inArray(fleetGroups.id, groupIds)))
        .map((r) => r.id),
    )
    : new Set<number>();
  const unknownGroup = groupIds.filter((id) => !knownGroups.has(id));
  if (unknownGroup.length) throw bad("fleet_groups", `Unknown fleet group ${unknownGroup.join(", ")}.`);
}

async function tagsOf(tx: Queryable, ids: number[]): Promise<string> {
  const rows = await tx.select({ tag: stations.tag }).from(stations).where(inArray(stations.id, ids));
  return rows.map((r) => r.tag).join(", ");
}

async function setFleetGroups(tx: Queryable, spotId: number, groupIds: number[], replace: boolean) {
  if (replace) await tx.delete(stationSpotFleetGroups).where(eq(stationSpotFleetGroups.spotId, spotId));
  if (groupIds.length) {
    await tx.insert(stationSpotFleetGroups).values(
      groupIds.map((fleetGroupId) => ({ spotId, fleetGroupId })),
    );
  }
}

/** Locks the DA row, so that two editors of one DA's spots take turns. */
async function lockUser(tx: Queryable, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** createStationSpot: a new spot for a DA at one of the viewer's stations not yet used by that DA. */
export async function createSpot(db: Db, viewer: DaViewer, input: SpotCreateInput): Promise<SpotDto> {
  refuseUnlessEditor(viewer);
  return await db.transaction(async (tx) => {
    const da = await getDa(tx, viewer, input.user);
    await lockUser(tx, da.id);
    await checkReferences(tx, viewer, [input]);
    const [taken] = await tx.select({ id: stationSpots.id }).from(stationSpots)
      .where(and(eq(stationSpots.userId, da.id), eq(stationSpots.stationId, input.station)));
    if (taken) {
      throw bad(
        "station",
        `${da.first_name} ${da.last_name} already has a spot at ${await tagsOf(tx, [input.station])}.`,
      );
    }
    const [spot] = await tx.insert(stationSpots).values({
      userId: da.id,
      stationId: input.station,
      agencyId: input.agency,
    })
      .returning({ id: stationSpots.id });
    await setFleetGroups(tx, spot.id, input.fleet_groups, false);
    const mine = await spotsOf(tx, [da.id], viewer.stationIds);
    return mine.get(da.id)!.find((s) => s.id === spot.id)!;
  });
}

/**
 * editStationSpot: updates the listed spots (with an id), adds the new ones (without), deletes
 * spotsToDelete; spots not named are left alone. Returns the DA's spots as the viewer sees them.
 */
export async function editSpots(db: Db, viewer: DaViewer, input: SpotEditInput): Promise<SpotDto[]> {
  refuseUnlessEditor(viewer);
  return await db.transaction(async (tx) => {
    const da = await getDa(tx, viewer, input.user);
    await lockUser(tx, da.id);
    const current = await tx.select({ id: stationSpots.id, station: stationSpots.stationId }).from(
      stationSpots,
    )
      .where(eq(stationSpots.userId, da.id));
    const byId = new Map(current.map((s) => [s.id, s]));

    const named = [...input.stationSpots.flatMap((s) => (s.id ? [s.id] : [])), ...input.spotsToDelete];
    const strangers = [...new Set(named.filter((id) => !byId.has(id)))];
    if (strangers.length) {
      throw notFound(`Not found: station spot ${strangers.join(", ")} is not a spot of this DA.`);
    }
    const outside = [...new Set(named.filter((id) => !viewer.stationIds.includes(byId.get(id)!.station)))];
    if (outside.length) {
      throw new HttpError(403, {
        detail: `Station spot ${outside.join(", ")} is at a station that is not one of yours.`,
      });
    }
    const both = input.stationSpots.filter((s) => s.id && input.spotsToDelete.includes(s.id)).map((s) =>
      s.id
    );
    if (both.length) throw bad("spotsToDelete", `Station spot ${both.join(", ")} is both saved and deleted.`);
    const edits = new Map<number, number>();
    for (const s of input.stationSpots) if (s.id) edits.set(s.id, s.id);
    if (edits.size !== input.stationSpots.filter((s) => s.id).length) {
      throw bad("stationSpots", "A station spot is listed twice.");
    }
    await checkReferences(tx, viewer, input.stationSpots);

    // The spots after the edit: one per station, and at least one.
    const deleted = new Set(input.spotsToDelete);
    const after = [
      ...current.filter((s) => !deleted.has(s.id) && !edits.has(s.id)).map((s) => ({ station: s.station })),
      ...input.stationSpots.map((s) => ({ station: s.station })),
    ];
    const dup = duplicateStations(after);
    if (dup.length) {
      throw bad(
        "station",
        `${da.first_name} ${da.last_name} can have only one spot at ${await tagsOf(tx, dup)}.`,
      );
    }
    if (after.length === 0) throw bad("stationSpots", "A DA needs at least one station spot.");

    if (deleted.size) await tx.delete(stationSpots).where(inArray(stationSpots.id, [...deleted]));
    // Moves are applied in an order that never puts two spots on one station at once.
    const occupied = new Map(current.filter((s) => !deleted.has(s.id)).map((s) => [s.station, s.id]));
    let pending = input.stationSpots.filter((s) => s.id);
    while (pending.length) {
      const ready = pending.filter((s) => {
        const o = occupied.get(s.station);
        return o === undefined || o === s.id;
      });
      if (ready.length === 0) {
        throw bad("stationSpots", "Two spots cannot swap stations in one save; save one move at a time.");
      }
      for (const s of ready) {
        occupied.delete(byId.get(s.id!)!.station);
        occupied.set(s.station, s.id!);
        await tx.update(stationSpots).set({ stationId: s.station, agencyId: s.agency }).where(
          eq(stationSpots.id, s.id!),
        );
        await setFleetGroups(tx, s.id!, s.fleet_groups, true);
      }
      pending = pending.filter((s) => !ready.includes(s));
    }
    for (const s of input.stationSpots.filter((s) => !s.id)) {
      const [spot] = await tx.insert(stationSpots).values({
        userId: da.id,
        stationId: s.station,
        agencyId: s.agency,
      })
        .returning({ id: stationSpots.id });
      await setFleetGroups(tx, spot.id, s.fleet_groups, false);
    }
    return (await spotsOf(tx, [da.id], viewer.stationIds)).get(da.id) ?? [];
  });
}
