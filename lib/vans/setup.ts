// Vans in Setup: number (unique whatever its case), plate, VIN, size, group, station, ownership, monthly rate
// (cents), company, model. Scoped to the viewer's stations in every read and write; the status is the fleet
// register's (a new van is Available). The list is queries.ts listVans(..., "setup").
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { fleetSizes, vanGroups, vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { deleteUnreferenced, type RefViewer, uniqueOr } from "../reference/helpers.ts";
import type { vanSetupInput, VanSetupPatch } from "./inputs.ts";
import type { VanSetupDto } from "./dto.ts";
import { getVan, vansByNumber } from "./queries.ts";
import { insertVans, updateVans, type VanEdit } from "./writers.ts";
import {
  vanNotFound,
  vanNumberTaken,
  vanStationNotYours,
  vanUnknownFleetSize,
  vanUnknownVanGroup,
} from "./errors.ts";

async function find(db: Queryable, v: RefViewer, id: number): Promise<VanSetupDto> {
  const van = await getVan(db, v.stationIds, id, "setup");
  if (!van) throw vanNotFound();
  return van;
}

async function assertNumberFree(db: Queryable, number: string, exceptId: number | null) {
  const hits = await vansByNumber(db, [number]);
  if (hits.some((h) => h.id !== exceptId)) throw vanNumberTaken(number);
}

/** The station among the viewer's, and the size and group (when given) exist. */
async function checkRefs(db: Queryable, v: RefViewer, input: VanSetupPatch) {
  if (input.station !== undefined && !v.stationIds.includes(input.station)) {
    throw vanStationNotYours("Not valid: choose one of your stations.");
  }
  if (input.fleet_size) {
    const [hit] = await db.select({ id: fleetSizes.id }).from(fleetSizes).where(
      eq(fleetSizes.id, input.fleet_size),
    );
    if (!hit) throw vanUnknownFleetSize(input.fleet_size);
  }
  if (input.van_group) {
    const [hit] = await db.select({ id: vanGroups.id }).from(vanGroups).where(
      eq(vanGroups.id, input.van_group),
    );
    if (!hit) throw vanUnknownVanGroup();
  }
}

function toEdit(input: VanSetupPatch): VanEdit {
  return {
    number: input.number,
    plateNumber: input.plate_number,
    vin: input.vin,
    fleetSizeId: input.fleet_size,
    vanGroupId: input.van_group,
    stationId: input.station,
    ownership: input.ownership,
    monthlyRateCents: input.monthly_rate,
    company: input.company,
    model: input.model,
  };
}

export async function createVan(
  db: Db,
  v: RefViewer,
  input: z.infer<typeof vanSetupInput>,
): Promise<VanSetupDto> {
  await checkRefs(db, v, input);
  await assertNumberFree(db, input.number, null);
  const [row] = await uniqueOr(
    () =>
      insertVans(db, [{
        number: input.number,
        plateNumber: input.plate_number,
        vin: input.vin,
        fleetSizeId: input.fleet_size,
        vanGroupId: input.van_group,
        stationId: input.station,
        ownership: input.ownership,
        monthlyRateCents: input.monthly_rate,
        company: input.company,
        model: input.model,
        status: 1,
        statusChangeReason: null,
      }]),
    () => vanNumberTaken(input.number),
  );
  return await find(db, v, row.id);
}

export async function updateVan(
  db: Db,
  v: RefViewer,
  id: number,
  input: VanSetupPatch,
): Promise<VanSetupDto> {
  await find(db, v, id);
  await checkRefs(db, v, input);
  if (input.number !== undefined) await assertNumberFree(db, input.number, id);
  await uniqueOr(
    () => updateVans(db, [{ id, set: toEdit(input) }]),
    () => vanNumberTaken(input.number ?? ""),
  );
  return await find(db, v, id);
}

/** Refused while anything references the van, its status history included. */
export async function deleteVan(db: Db, v: RefViewer, id: number): Promise<{ detail: string }> {
  const van = await find(db, v, id);
  return await deleteUnreferenced({
    db,
    table: vans,
    tableName: "vans",
    idColumn: vans.id,
    id,
    what: `van ${van.number}`,
    count: {
      extra: [{
        label: ["status history entry", "status history entries"],
        query:
          sql`select 1 from ${statusChanges} where ${statusChanges.entity} = 'van' and ${statusChanges.entityId} = ${id}`,
      }],
    },
  });
}
