import type { Queryable } from "../db/client.ts";
import { fleetSizes } from "../db/schema.ts";
import { FLEET_SIZES } from "../vans/policy.ts";

/** Rows every database needs, production included. Safe to run on every start: existing rows are kept. */
export async function ensureReferenceData(db: Queryable): Promise<void> {
  await db.insert(fleetSizes).values([...FLEET_SIZES]).onConflictDoNothing({ target: fleetSizes.id });
}
