import type { Queryable } from "../db/client.ts";
import { fleetSizes } from "../db/schema.ts";

/**
 * Fleet sizes. The ids carry meaning (02: 1 and 5 cargo, 2 large, 3 cube, 6 medium; the tracker's size picker
 * leaves out 4 and 5 and orders 1, 6, 3, 2), so they are fixed here rather than left to a sequence.
 */
export const FLEET_SIZES = [
  { id: 1, title: "Cargo Van" },
  { id: 2, title: "Large Van" },
  { id: 3, title: "Cube Van" },
  { id: 4, title: "Electric (EDV)" },
  { id: 5, title: "Cargo Van (Rental)" },
  { id: 6, title: "Medium Van" },
] as const;

/** Rows every database needs, production included. Safe to run on every start: existing rows are kept. */
export async function ensureReferenceData(db: Queryable): Promise<void> {
  await db.insert(fleetSizes).values([...FLEET_SIZES]).onConflictDoNothing({ target: fleetSizes.id });
}
