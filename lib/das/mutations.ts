// Writes of the DA register: status changes (one or many, with history) and the transporter id. Each
// call is one transaction; a refused call writes nothing.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { userInStations } from "../stations/queries.ts";
import { Role } from "../auth/roles.ts";
import { isUniqueViolation } from "../db/errors.ts";
import {
  dasNotFound,
  statusLocked,
  statusNotAllowed,
  transporterIdNotAllowed,
  transporterIdTaken,
} from "./errors.ts";
import { type DaPatchInput, type DaStatus, type StatusChangeInput, statusLabel } from "./inputs.ts";
import { canChangeFrom, canEditTransporterId, statusRefusal } from "./policy.ts";
import { type DaChange, writeDaChanges } from "./history.ts";
import { anyId, type DaViewer } from "./queries.ts";
import type { PersonRef } from "../users/person-ref.ts";

export interface StatusChangeResult {
  /** When the change was made (ISO instant), and by whom: what the row shows afterwards. */
  date: string;
  editor: PersonRef;
  /** Ids whose status actually changed (a DA already in the status is left as it was). */
  changed: number[];
}

function refuseStatus(role: number, status: number): void {
  const why = statusRefusal(role, status);
  if (why) throw statusNotAllowed(why);
}

const editorOf = (viewer: DaViewer): PersonRef => ({
  id: viewer.id,
  first_name: viewer.first_name,
  last_name: viewer.last_name,
});

/**
 * Locks the DAs and checks they are all in the viewer's stations. A batch with any DA the viewer may not
 * touch is refused whole (404, naming the ids), so nothing is half-written.
 */
async function lockDas(tx: Queryable, viewer: DaViewer, ids: number[]) {
  const found = await tx.select({ id: users.id, status: users.status }).from(users)
    .where(and(anyId(users.id, ids), eq(users.role, Role.Driver), userInStations(viewer.stationIds)))
    .orderBy(users.id).for("update");
  const have = new Set(found.map((f) => f.id));
  const missing = ids.filter((id) => !have.has(id));
  if (missing.length) throw dasNotFound(missing);
  return found;
}

async function applyStatus(
  tx: Queryable,
  viewer: DaViewer,
  ids: number[],
  status: DaStatus,
  reason: string | null,
  at: Date,
): Promise<number[]> {
  const found = await lockDas(tx, viewer, ids);
  const locked = found.filter((f) => !canChangeFrom(viewer.role, f.status));
  if (locked.length) throw statusLocked(statusLabel(locked[0].status), locked.map((f) => f.id));
  const changes: DaChange[] = found.filter((f) => f.status !== status).map((f) => ({
    daId: f.id,
    from: f.status,
    to: status,
  }));
  await writeDaChanges(tx, changes, status, viewer.id, at, reason);
  return changes.map((c) => c.daId);
}

/** updateUserStatus (one DA or a batch): 03 sections 2.9 and 4. */
export async function changeStatuses(
  db: Db,
  viewer: DaViewer,
  input: StatusChangeInput,
): Promise<StatusChangeResult> {
  refuseStatus(viewer.role, input.status);
  const at = new Date();
  return await db.transaction(async (tx) => {
    const changed = await applyStatus(tx, viewer, input.ids, input.status, input.reason, at);
    return { date: at.toISOString(), editor: editorOf(viewer), changed };
  });
}

/** The DA who holds this transporter id, other than `exceptId`. */
async function holderOf(tx: Queryable, transporterId: string, exceptId: number) {
  const [other] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users).where(and(eq(users.transporterId, transporterId), ne(users.id, exceptId)));
  return other;
}

function takenError(
  transporterId: string,
  other: { id: number; firstName: string; lastName: string } | undefined,
) {
  const who = other ? `${other.firstName} ${other.lastName} (id ${other.id})`.trim() : "another user";
  return transporterIdTaken(transporterId, who);
}

/** updateUser: the transporter id (management only) and/or the status, in one transaction. */
export async function patchDa(
  db: Db,
  viewer: DaViewer,
  id: number,
  input: DaPatchInput,
): Promise<StatusChangeResult | null> {
  if (input.transporter_id !== undefined && !canEditTransporterId(viewer.role)) {
    throw transporterIdNotAllowed();
  }
  if (input.status !== undefined) refuseStatus(viewer.role, input.status);
  const at = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [da] = await lockDas(tx, viewer, [id]);
      if (input.transporter_id !== undefined) {
        const tid = input.transporter_id;
        const other = await holderOf(tx, tid, da.id);
        if (other) throw takenError(tid, other);
        await tx.update(users).set({ transporterId: tid, updatedAt: sql`now()` }).where(eq(users.id, da.id));
      }
      if (input.language !== undefined) {
        await tx.update(users).set({ language: input.language, updatedAt: sql`now()` }).where(
          eq(users.id, da.id),
        );
      }
      if (input.status === undefined) return null;
      const changed = await applyStatus(tx, viewer, [da.id], input.status as DaStatus, input.reason, at);
      return { date: at.toISOString(), editor: editorOf(viewer), changed };
    });
  } catch (e) {
    // Two editors saving the same id at once: the unique index is the last word.
    if (isUniqueViolation(e) && input.transporter_id) throw takenError(input.transporter_id, undefined);
    throw e;
  }
}
