// The demo organisation's frame: stations, agencies, fleet groups and van groups.
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { agencies, fleetGroups, stations, vanGroups } from "../../db/schema.ts";
import { DEMO_STATIONS } from "./accounts.ts";

/** Stations, with explicit ids; the sequence then continues after them. */
export async function insertDemoStations(tx: Tx): Promise<void> {
  await tx.insert(stations).values(DEMO_STATIONS.map((s) => ({ ...s })));
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('stations', 'id'), (select max(id) from stations))`,
  );
}

export interface DemoAgencies {
  directId: number;
  staffingId: number;
}

export async function insertDemoAgencies(tx: Tx): Promise<DemoAgencies> {
  const [direct, staffing] = await tx.insert(agencies).values([
    { name: "Direct Hire", description: "Employed directly by Demo Delivery Co." },
    { name: "Summit Staffing", description: "Staffing agency; DAs billed weekly at the agency rate" },
  ]).returning();
  return { directId: direct.id, staffingId: staffing.id };
}

export interface DemoFleetGroups {
  cargoId: number;
  stepId: number;
  edvId: number;
}

export async function insertDemoFleetGroups(tx: Tx): Promise<DemoFleetGroups> {
  const [cargo, step, edv] = await tx.insert(fleetGroups).values([
    { name: "Standard Cargo", description: "Cargo, medium and large vans" },
    { name: "Step Van Certified", description: "Cleared to drive cube and step vans" },
    { name: "EDV Certified", description: "Completed Rivian EDV training" },
  ]).returning();
  return { cargoId: cargo.id, stepId: step.id, edvId: edv.id };
}

export interface DemoVanGroups {
  alphaId: number;
  bravoId: number;
  charlieId: number;
}

export async function insertDemoVanGroups(
  tx: Tx,
  leads: { supervisorId: number; managerId: number },
): Promise<DemoVanGroups> {
  const [alpha, bravo, charlie] = await tx.insert(vanGroups).values([
    { name: "Team Alpha", description: "Cargo vans, early waves", supervisorId: leads.supervisorId },
    { name: "Team Bravo", description: "Cargo vans, late waves", supervisorId: leads.supervisorId },
    { name: "Team Charlie", description: "Step vans and EDVs", supervisorId: leads.managerId },
  ]).returning();
  return { alphaId: alpha.id, bravoId: bravo.id, charlieId: charlie.id };
}
