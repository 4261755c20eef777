// Reference look-ups: the viewer's stations, agencies and fleet groups (03 section 7 getAgencies,
// getFleetGroups). Stations are always the viewer's own; agencies and fleet groups are organisation-wide.
import { asc, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { agencies, fleetGroups, stations } from "../org/schema.ts";

export interface StationDto {
  id: number;
  title: string;
  tag: string;
}
export interface AgencyDto {
  id: number;
  name: string;
  description: string;
}
export interface FleetGroupDto {
  id: number;
  name: string;
  description: string;
}

/** The stations of the viewer's spots, by id (station 1 first when the viewer has it). */
export async function viewerStations(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
): Promise<StationDto[]> {
  if (viewer.stationIds.length === 0) return [];
  return await db.select({ id: stations.id, title: stations.title, tag: stations.tag }).from(stations)
    .where(inArray(stations.id, viewer.stationIds)).orderBy(asc(stations.id));
}

export async function listAgencies(db: Queryable): Promise<AgencyDto[]> {
  return await db.select({ id: agencies.id, name: agencies.name, description: agencies.description })
    .from(agencies).orderBy(asc(agencies.name), asc(agencies.id));
}

export async function listFleetGroups(db: Queryable): Promise<FleetGroupDto[]> {
  return await db.select({ id: fleetGroups.id, name: fleetGroups.name, description: fleetGroups.description })
    .from(fleetGroups).orderBy(asc(fleetGroups.name), asc(fleetGroups.id));
}
