// The status history of DAs: every change is a row of status_changes (entity 'da'): who, when, from,
// to and the reason given. Written in the transaction of the change; read for a row's detail.
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import { statusChanges } from "../history/schema.ts";
import { users } from "../org/schema.ts";
import { iso, type StatusChangeDto } from "./dto.ts";
import { personRef } from "../users/person-ref.ts";
import { getDa } from "./queries.ts";
import { isActiveStatus } from "./policy.ts";
import type { Viewer } from "../users/current-user.ts";

const by = alias(users, "changed_by");

export interface DaChange {
  daId: number;
  from: number | null;
  to: number;
}

/**
 * Sets the new status on the changed DAs (status, is_active, last change and editor) and writes one
 * history row each, in one statement; call inside the transaction that locked the rows.
 */
export async function writeDaChanges(
  tx: Queryable,
  changes: readonly DaChange[],
  to: number,
  changedById: number,
  at: Date,
  reason: string | null,
): Promise<void> {
  if (changes.length === 0) return;
  const ids = sql.param(changes.map((c) => c.daId));
  const froms = sql.param(changes.map((c) => c.from));
  const when = at.toISOString();
  const active = isActiveStatus(to);
  await tx.execute(sql`
    with changed as (
      update ${users} set status = ${to}, is_active = ${active}, last_status_change = ${when}::timestamptz,
        last_status_changed_by_id = ${changedById}, updated_at = ${when}::timestamptz
      where id = any(${ids}::int[])
      returning id
    )
    insert into ${statusChanges} (entity, entity_id, from_status, to_status, note, changed_by_id, changed_at)
    select 'da', t.id, t.from_status, ${to}, ${reason}, ${changedById}, ${when}::timestamptz
    from unnest(${ids}::int[], ${froms}::int[]) as t(id, from_status)
    where t.id in (select id from changed)`);
}

/** History rows alone (imports of past changes, tests): one per change. */
export async function recordDaChanges(
  tx: Queryable,
  changes: readonly DaChange[],
  changedById: number,
  at: Date,
  reason: string | null,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(statusChanges).values(changes.map((c) => ({
    entity: "da" as const,
    entityId: c.daId,
    fromStatus: c.from,
    toStatus: c.to,
    note: reason,
    changedById,
    changedAt: at,
  })));
}

/** The full status history of a DA in the viewer's stations, newest first (404 outside them). */
export async function daHistory(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  daId: number,
): Promise<StatusChangeDto[]> {
  await getDa(db, viewer, daId);
  const rows = await db.select({
    id: statusChanges.id,
    fromStatus: statusChanges.fromStatus,
    toStatus: statusChanges.toStatus,
    note: statusChanges.note,
    changedAt: statusChanges.changedAt,
    byId: by.id,
    byFirst: by.firstName,
    byLast: by.lastName,
  }).from(statusChanges).leftJoin(by, eq(by.id, statusChanges.changedById))
    .where(and(eq(statusChanges.entity, "da"), eq(statusChanges.entityId, daId)))
    .orderBy(desc(statusChanges.changedAt), desc(statusChanges.id));
  return rows.map((r) => ({
    id: r.id,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    reason: r.note,
    changed_at: iso(r.changedAt)!,
    changed_by: personRef(r.byId, r.byFirst, r.byLast),
  }));
}
