// Writes of the fleet register: each call is one transaction, and every status change leaves a history row.
import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import { HttpError, notFound } from "../web/errors.ts";
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
import { rowsOf } from "../db/rows.ts";

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


/**
 * Sets the new status on the vans that change and writes one history row each (from, to, reason, who, when),
 * in one statement. The time is the database's, taken after the rows were locked, so concurrent changes
 * of one van are stamped in commit order.
 */
async function applyStatus(
  tx: Queryable,
  viewer: Editor,
  current: Current[],
  status: number,
  reason: number | null,
): Promise<{ changed: number; at: Date }> {
  const changing = current.filter((v) => isChange(v, { status, reason }));
  if (!changing.length) return { changed: 0, at: new Date() };
  const result = await tx.execute(sql`
    with old as (
      select ${vans.id} as id, ${vans.status} as from_status from ${vans} where ${
    idIn(changing.map((v) => v.id))
  }
    ), upd as (
      update ${vans} set
        status = ${status},
        status_change_reason = ${reason}::int,
        last_status_change = date_trunc('milliseconds', statement_timestamp()),
        last_status_changed_by_id = ${viewer.id}
      from old where ${vans.id} = old.id
      returning ${vans.id} as id, old.from_status, ${vans.lastStatusChange} as at
    ), ins as (
      insert into ${statusChanges} (entity, entity_id, from_status, to_status, reason, changed_by_id, changed_at)
      select 'van', id, from_status, ${status}, ${reason}::int, ${viewer.id}, at from upd
      returning 1
    )
    select (select count(*) from ins)::int as changed,
      (select round(extract(epoch from max(at)) * 1000)::float8 from upd) as at_ms`);
  const [row] = rowsOf(result);
  return { changed: Number(row.changed), at: new Date(Number(row.at_ms)) };
}

function refuseFor(viewer: Editor, status: number, current: Current[]): void {
  const offBoarded = current.filter((v) => statusChangeRefusal(viewer.role, status, v.status));
  if (!offBoarded.length) return;
  const why = statusChangeRefusal(viewer.role, status, offBoarded[0].status)!;
  const which = offBoarded.map((v) => v.number).slice(0, 10).join(", ");
  throw new HttpError(403, { detail: `${why} Van${offBoarded.length > 1 ? "s" : ""}: ${which}.` });
}

/** updateFleetStatus: the ticked vans get the status; a batch with any van the viewer may not touch is refused whole. */
export async function changeVanStatuses(
  db: Db,
  viewer: Editor,
  input: BulkStatusInput,
): Promise<StatusChangeResult> {
  const refusal = statusChangeRefusal(viewer.role, input.status);
  if (refusal) throw new HttpError(403, { detail: refusal });
  const reason = reasonFor(input.status, input.status_change_reason);
  const { changed, at } = await db.transaction(async (tx) => {
    const current = await lockVans(tx, viewer, input.id_list);
    if (current.length !== input.id_list.length) {
      const found = new Set(current.map((v) => v.id));
      const missing = input.id_list.filter((id) => !found.has(id));
      const msg = `Not in your stations or no such van: id ${missing.slice(0, 10).join(", ")}${
        missing.length > 10 ? ", …" : ""
      }`;
      throw new HttpError(400, { id_list: [msg], detail: `Nothing was changed. ${msg}.` });
    }
    refuseFor(viewer, input.status, current);
    return await applyStatus(tx, viewer, current, input.status, reason);
  });
  return { date: at.toISOString(), editor: editorRef(viewer), changed };
}

/** patchVan: status (+reason), the reason alone, station (management only, to one of the viewer's), pick-up date. */
export async function patchVan(db: Db, viewer: Editor, id: number, input: VanPatchInput): Promise<VanDto> {
  await db.transaction(async (tx) => {
    const [van] = await lockVans(tx, viewer, [id]);
    if (!van) throw notFound("Van not found.");
    const set: Partial<typeof vans.$inferInsert> = {};

    if (input.station !== undefined && input.station !== van.stationId) {
      if (!canChangeStation(viewer.role)) {
        throw new HttpError(403, { detail: "Dispatchers cannot change a van's station." });
      }
      if (!viewer.stationIds.includes(input.station)) {
        const msg = "Not one of your stations";
        throw new HttpError(400, { station: [msg], detail: `station: ${msg}.` });
      }
      set.stationId = input.station;
    }
    if (input.pick_up_date !== undefined) set.pickUpDate = input.pick_up_date;

    let status: number | undefined;
    let reason: number | null = null;
    if (input.status !== undefined) {
      refuseFor(viewer, input.status, [van]);
      status = input.status;
      reason = reasonFor(status, input.status_change_reason);
    } else if (input.status_change_reason !== undefined) {
      if (van.status !== VanStatus.OutOfService || input.status_change_reason === null) {
        const msg = van.status !== VanStatus.OutOfService
          ? `Only an Out of Service (2) van has a reason; this van is ${statusLabel(van.status)}`
          : "Required for an Out of Service (2) van";
        throw new HttpError(400, { status_change_reason: [msg], detail: `status_change_reason: ${msg}.` });
      }
      status = van.status;
      reason = input.status_change_reason;
    }

    if (Object.keys(set).length) await tx.update(vans).set(set).where(eq(vans.id, van.id));
    if (status !== undefined) await applyStatus(tx, viewer, [van], status, reason);
  });
  // The van stays in the viewer's stations: a new station must be one of theirs.
  return (await getVan(db, viewer.stationIds, id))!;
}
