// Picker options the Setup and Staff pages hand to their islands: all scoped like the lists they feed.
import type { Queryable } from "../db/client.ts";
import { staffOptions } from "../staff/queries.ts";
import type { RefViewer } from "./helpers.ts";
import { viewerStations } from "../stations/queries.ts";
import { listAgencies, listFleetGroups } from "../stations/agencies-fleet-groups.ts";
import { vanGroupOptions } from "../vans/van-groups.ts";
import { fleetSizeOptions } from "../vans/fleet-sizes.ts";

export interface ReferenceOptions {
  stations: { id: number; title: string; tag: string }[];
  agencies: { id: number; name: string }[];
  fleetGroups: { id: number; name: string }[];
  vanGroups: { id: number; name: string }[];
  fleetSizes: { id: number; title: string }[];
  staff: { id: number; name: string; role_name: string }[];
}

export async function referenceOptions(
  db: Queryable,
  v: RefViewer & { role: number },
): Promise<ReferenceOptions> {
  const [stations, agencies, fleetGroups, vanGroups, fleetSizes, staff] = await Promise.all([
    viewerStations(db, v, "tag"),
    listAgencies(db),
    listFleetGroups(db),
    vanGroupOptions(db),
    fleetSizeOptions(db),
    staffOptions(db, { id: v.id, role: v.role, stationIds: v.stationIds }),
  ]);
  return {
    stations,
    agencies: agencies.map(({ id, name }) => ({ id, name })),
    fleetGroups: fleetGroups.map(({ id, name }) => ({ id, name })),
    vanGroups,
    fleetSizes,
    staff,
  };
}
