// The DA register's station-spot editor (createStationSpot, editStationSpot): management only, for a DA
// in the viewer's stations, on the viewer's stations only. The spot rules and writes are
// lib/stations/spots.ts; this file adds who may edit, which DA, and the DA's spots as the viewer sees them.
// Each call is one transaction.
import type { Db } from "../db/client.ts";
import { spotEditForbidden } from "../stations/errors.ts";
import { addHolderSpot, editHolderSpots, lockSpotHolder } from "../stations/spots.ts";
import type { SpotCreateInput, SpotEditInput } from "./inputs.ts";
import { canEditSpots } from "./policy.ts";
import { type DaViewer, getDa, spotsOf } from "./queries.ts";
import type { SpotDto } from "./dto.ts";

function refuseUnlessEditor(viewer: DaViewer): void {
  if (!canEditSpots(viewer.role)) throw spotEditForbidden();
}

/** createStationSpot: a new spot for a DA at one of the viewer's stations not yet used by that DA. */
export async function createSpot(db: Db, viewer: DaViewer, input: SpotCreateInput): Promise<SpotDto> {
  refuseUnlessEditor(viewer);
  return await db.transaction(async (tx) => {
    const da = await getDa(tx, viewer, input.user);
    await lockSpotHolder(tx, da.id);
    const spotId = await addHolderSpot(tx, da, viewer.stationIds, input);
    const mine = await spotsOf(tx, [da.id], viewer.stationIds);
    return mine.get(da.id)!.find((s) => s.id === spotId)!;
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
    await lockSpotHolder(tx, da.id);
    await editHolderSpots(tx, da, viewer.stationIds, {
      save: input.stationSpots,
      remove: input.spotsToDelete,
    });
    return (await spotsOf(tx, [da.id], viewer.stationIds)).get(da.id) ?? [];
  });
}
