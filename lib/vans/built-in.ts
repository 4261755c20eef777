import type { Queryable } from "../db/client.ts";
import { fleetSizes } from "../org/schema.ts";
import { FLEET_SIZES } from "./policy.ts";

/**
 * The fleet sizes every database needs, production included (their ids are meaningful: 02 section 6).
 * Safe on every start: existing rows, renamed or not, are kept.
 */
export async function ensureBuiltInFleetSizes(db: Queryable): Promise<void> {
  await db.insert(fleetSizes).values([...FLEET_SIZES]).onConflictDoNothing({ target: fleetSizes.id });
}
