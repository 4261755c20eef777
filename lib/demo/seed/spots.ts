// Station spots: every account at each of its stations, every DA at theirs, with the DAs' fleet groups.
import { stationSpotFleetGroups, stationSpots } from "../../db/schema.ts";
import type { Tx } from "../../db/client.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { DemoDriver } from "./drivers.ts";
import type { DemoStaff } from "./staff.ts";

interface SpotPlan {
  userId: number;
  stationId: number;
  agencyId: number;
  fleetGroupIds: number[];
}

export async function insertDemoSpots(
  tx: Tx,
  people: { staff: DemoStaff; directAgencyId: number; drivers: DemoDriver[]; driverIds: Map<string, number> },
): Promise<void> {
  const plans: SpotPlan[] = [];
  for (const a of DEMO_ACCOUNTS) {
    for (const stationId of a.stationIds) {
      plans.push({
        userId: people.staff.idOf(a.email),
        stationId,
        agencyId: people.directAgencyId,
        fleetGroupIds: [],
      });
    }
  }
  for (const d of people.drivers) {
    plans.push({
      userId: people.driverIds.get(d.row.email)!,
      stationId: d.stationId,
      agencyId: d.agencyId,
      fleetGroupIds: d.fleetGroupIds,
    });
  }
  const spots = await tx.insert(stationSpots).values(
    plans.map(({ userId, stationId, agencyId }) => ({ userId, stationId, agencyId })),
  ).returning({ id: stationSpots.id, userId: stationSpots.userId, stationId: stationSpots.stationId });
  const spotId = new Map(spots.map((s) => [`${s.userId}:${s.stationId}`, s.id]));
  const links = plans.flatMap((p) =>
    p.fleetGroupIds.map((fleetGroupId) => ({
      spotId: spotId.get(`${p.userId}:${p.stationId}`)!,
      fleetGroupId,
    }))
  );
  await tx.insert(stationSpotFleetGroups).values(links);
}
