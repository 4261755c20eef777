// Writes of the fleet register: each call is one transaction, and every status change leaves a history row
// (writers.ts writeVanStatuses).
import { and, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { vans } from "../org/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import type { BulkStatusInput, VanPatchInput } from "./inputs.ts";
import {
  canChangeStation,
  isChange,
  reasonFor,
  statusChangeRefusal,
  statusLabel,
  VanStatus,
} from "./policy.ts";
import { getVan, vanInStations } from "./queries.ts";
import type { VanDto } from "./dto.ts";
import type { PersonRef } from "../users/person-ref.ts";
import { updateVans, type VanEdit, writeVanStatuses } from "./writers.ts";
import {
  vanNotFound,
  vanReasonNotAllowed,
  vanReasonRequired,
  vansNotInStations,
  vanStationChangeNotAllowed,
  vanStationNotYours,
  vanStatusNotAllowed,
} from "./errors.ts";

type Editor = Pick<Viewer, "id" | "first_name" | "last_name" | "role" | "stationIds">;

export interface StatusChangeResult {
  /** When the change was made (ISO instant). */
  date: string;
  editor: PersonRef;
  /** Vans whose status (or reason) actually changed; the others already had it. */
  changed: number;
}

const editorRef = (v: Editor): PersonRef => ({ id: v.id, first_name: v.first_name, last_name: v.last_name });

interface Current {
  id: number;
  number: string;
  status: number;
  reason: number | null;
  stationId: number | null;
}

/** `id = any($1::int[])` with the ids as ONE parameter: 500 ids cost one bind, not 500. */
function idIn(ids: number[]) {
  return sql`${vans.id} = any(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[])`;
}

/** The vans, locked for this transaction, that the viewer may touch. */
async function lockVans(tx: Queryable, viewer: Editor, ids: number[]): Promise<Current[]> {
  return await tx.select({
    id: vans.id,
    number: vans.number,
    status: vans.status,
    reason: vans.statusChangeReason,
    stationId: vans.stationId,
  }).from(vans).where(and(idIn(ids), vanInStations(viewer.stationIds))).orderBy(vans.id).for("update");
}

/** The new status on the vans that change; the others already have it. */
async function applyStatus(
  tx: Queryable,
  viewer: Editor,
  current: Current[],
  status: number,
  reason: number | null,
) {
  const changing = current.filter((v) => isChange(v, { status, reason }));
  return await writeVanStatuses(tx, viewer.id, changing.map((v) => ({ id: v.id, status, reason })));
}

function refuseFor(viewer: Editor, status: number, current: Current[]): void {
  const offBoarded = current.filter((v) => statusChangeRefusal(viewer.role, status, v.status));
  if (!offBoarded.length) return;
  const why = statusChangeRefusal(viewer.role, status, offBoarded[0].status)!;
  const which = offBoarded.map((v) => v.number).slice(0, 10).join(", ");
  throw vanStatusNotAllowed(`${why} Van${offBoarded.length > 1 ? "s" : ""}: ${which}.`);
}

/** updateFleetStatus: the ticked vans get the status; a batch with any van the viewer may not touch is refused whole. */
export async function changeVanStatuses(
  db: Db,
  viewer: Editor,
  input: BulkStatusInput,
): Promise<StatusChangeResult> {
  const refusal = statusChangeRefusal(viewer.role, input.status);
  if (refusal) throw vanStatusNotAllowed(refusal);
  const reason = reasonFor(input.status, input.status_change_reason);
  const { changed, at } = await db.transaction(async (tx) => {
    const current = await lockVans(tx, viewer, input.id_list);
    if (current.length !== input.id_list.length) {
      const found = new Set(current.map((v) => v.id));
      throw vansNotInStations(input.id_list.filter((id) => !found.has(id)));
    }
    refuseFor(viewer, input.status, current);
    return await applyStatus(tx, viewer, current, input.status, reason);
  });
  return { date: at.toISOString(), editor: editorRef(viewer), changed };
}

/** The station (management only, to one of the viewer's stations) and the pick-up date a patch sets. */
function patchEdit(viewer: Editor, van: Current, input: VanPatchInput): VanEdit {
  const set: VanEdit = {};
  if (input.station !== undefined && input.station !== van.stationId) {
    if (!canChangeStation(viewer.role)) throw vanStationChangeNotAllowed();
    if (!viewer.stationIds.includes(input.station)) {
      const msg = "Not one of your stations";
      throw vanStationNotYours(msg, `station: ${msg}.`);
    }
    set.stationId = input.station;
  }
  if (input.pick_up_date !== undefined) set.pickUpDate = input.pick_up_date;
  return set;
}

/** The status and reason a patch gives the van, or null when it leaves them alone. */
function patchStatus(
  viewer: Editor,
  van: Current,
  input: VanPatchInput,
): { status: number; reason: number | null } | null {
  if (input.status !== undefined) {
    refuseFor(viewer, input.status, [van]);
    return { status: input.status, reason: reasonFor(input.status, input.status_change_reason) };
  }
  if (input.status_change_reason === undefined) return null;
  if (van.status !== VanStatus.OutOfService) throw vanReasonNotAllowed(statusLabel(van.status));
  if (input.status_change_reason === null) throw vanReasonRequired();
  return { status: van.status, reason: input.status_change_reason };
}

/** patchVan: status (+reason), the reason alone, station, pick-up date. */
export async function patchVan(db: Db, viewer: Editor, id: number, input: VanPatchInput): Promise<VanDto> {
  await db.transaction(async (tx) => {
    const [van] = await lockVans(tx, viewer, [id]);
    if (!van) throw vanNotFound();
    const set = patchEdit(viewer, van, input);
    const next = patchStatus(viewer, van, input);
    await updateVans(tx, [{ id: van.id, set }]);
    if (next) await applyStatus(tx, viewer, [van], next.status, next.reason);
  });
  // The van stays in the viewer's stations: a new station must be one of theirs.
  return (await getVan(db, viewer.stationIds, id))!;
}
