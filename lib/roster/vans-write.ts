// The writes of a van roster plan, inside the import's transaction: through the fleet's own writers (one
// statement each for the new vans, the edits and the status changes with their history rows).
import type { Queryable } from "../db/client.ts";
import { insertVans, updateVans, writeVanStatuses } from "../vans/writers.ts";
import type { VanPlan } from "./vans.ts";

export async function applyVans(
  tx: Queryable,
  plan: VanPlan,
  byId: number,
  at: Date,
  note: string,
): Promise<void> {
  await insertVans(tx, plan.create.map((c) => c.values), at);
  await updateVans(
    tx,
    plan.update.map(({ id, values: { status: _s, statusChangeReason: _r, ...set } }) => ({ id, set })),
  );
  const changes = plan.update.filter((u) => u.statusChanged)
    .map((u) => ({ id: u.id, status: u.values.status, reason: u.values.statusChangeReason }));
  await writeVanStatuses(tx, byId, changes, { at, note });
}
