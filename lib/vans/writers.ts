// The one writer of each van operation (create, edit, status change), used by the fleet register, the Setup
// section and the roster import alike. Each is one statement fed the whole batch as one JSON parameter, so
// one van from a form and thousands from a spreadsheet cost the same round trip. They run inside the
// caller's transaction; the callers check the viewer and the rules first.
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../db/client.ts";
import { vans } from "../org/schema.ts";
import { statusChanges } from "../history/schema.ts";
import { rowsOf } from "../db/rows.ts";

/** What a van holds, apart from its register bookkeeping (pick-up date, last change): a roster row. */
export interface VanFields {
  number: string;
  plateNumber: string;
  vin: string;
  fleetSizeId: number | null;
  vanGroupId: number | null;
  stationId: number | null;
  ownership: number | null;
  monthlyRateCents: number | null;
  company: string;
  model: string;
  status: number;
  statusChangeReason: number | null;
}

export type StoredVan = VanFields & { id: number };

/** What an edit may change. The status changes only through writeVanStatuses, which leaves history. */
export type VanEdit = Partial<
  Omit<VanFields, "status" | "statusChangeReason"> & { pickUpDate: string | null }
>;

const DETAILS: Record<keyof Omit<VanFields, "status" | "statusChangeReason">, AnyPgColumn> = {
  number: vans.number,
  plateNumber: vans.plateNumber,
  vin: vans.vin,
  fleetSizeId: vans.fleetSizeId,
  vanGroupId: vans.vanGroupId,
  stationId: vans.stationId,
  ownership: vans.ownership,
  monthlyRateCents: vans.monthlyRateCents,
  company: vans.company,
  model: vans.model,
};
const EDITABLE: Record<keyof VanEdit, AnyPgColumn> = { ...DETAILS, pickUpDate: vans.pickUpDate };
const CREATED: Record<keyof VanFields, AnyPgColumn> = {
  ...DETAILS,
  status: vans.status,
  statusChangeReason: vans.statusChangeReason,
};

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** `{plate_number: ...}` from `{plateNumber: ...}`: the JSON a statement reads, keyed by column name. */
function byColumn<K extends string>(columns: Record<K, AnyPgColumn>, values: Partial<Record<K, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key as K];
    if (column && value !== undefined) out[column.name] = value;
  }
  return out;
}

/** New vans; `at` stamps them (an import's time), else now. Returns their ids with their numbers. */
export async function insertVans(
  tx: Queryable,
  rows: VanFields[],
  at?: Date,
): Promise<{ id: number; number: string }[]> {
  if (!rows.length) return [];
  const columns = Object.values(CREATED);
  const names = sql.raw(columns.map((c) => c.name).join(", "));
  const record = sql.raw(columns.map((c) => `${c.name} ${c.getSQLType()}`).join(", "));
  const result = await tx.execute(sql`
    insert into ${vans} (${names}, created_at)
    select ${names}, coalesce(${at?.toISOString() ?? null}::timestamptz, now())
    from jsonb_to_recordset(${json(rows.map((r) => byColumn(CREATED, r)))}) as r(${record})
    returning id, number`);
  return rowsOf<{ id: number; number: string }>(result);
}

/**
 * Edits vans: each changes only the fields its `set` names (a field set to null is cleared). One statement
 * however many vans, each with its own fields.
 */
export async function updateVans(tx: Queryable, edits: { id: number; set: VanEdit }[]): Promise<void> {
  const rows = edits.map((e) => ({ ...byColumn(EDITABLE, e.set), id: e.id }))
    .filter((r) => Object.keys(r).length > 1);
  if (!rows.length) return;
  // A key absent from a van's JSON keeps the column; a JSON null (present) clears it.
  const assignments = Object.values(EDITABLE).map((c) => {
    const [name, key, type] = [sql.raw(c.name), sql.raw(`'${c.name}'`), sql.raw(c.getSQLType())];
    return sql`${name} = case when r.j -> ${key} is not null then (r.j ->> ${key})::${type} else v.${name} end`;
  });
  await tx.execute(sql`
    update ${vans} v set ${sql.join(assignments, sql`, `)}
    from (select (e ->> 'id')::int as id, e as j from jsonb_array_elements(${json(rows)}) e) r
    where v.id = r.id`);
}

export interface VanStatusChange {
  id: number;
  status: number;
  reason: number | null;
}

/**
 * Sets each van's status and reason and writes one history row each (from, to, reason, who, when, note), in
 * one statement. Without `at` the time is the database's, taken after the caller locked the rows, so
 * concurrent changes of one van are stamped in commit order. Pass only vans that change (policy.isChange).
 */
export async function writeVanStatuses(
  tx: Queryable,
  byId: number,
  changes: VanStatusChange[],
  opts: { at?: Date; note?: string } = {},
): Promise<{ changed: number; at: Date }> {
  if (!changes.length) return { changed: 0, at: opts.at ?? new Date() };
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${json(changes)}) as r(id int, status int, reason int)
    ), old as (
      select v.id, v.status as from_status, input.status, input.reason
      from ${vans} v join input on input.id = v.id
    ), upd as (
      update ${vans} set
        status = old.status,
        status_change_reason = old.reason,
        last_status_change = coalesce(${opts.at?.toISOString() ?? null}::timestamptz,
          date_trunc('milliseconds', statement_timestamp())),
        last_status_changed_by_id = ${byId}::int
      from old where ${vans.id} = old.id
      returning ${vans.id} as id, old.from_status, old.status, old.reason, ${vans.lastStatusChange} as at
    ), ins as (
      insert into ${statusChanges} (entity, entity_id, from_status, to_status, reason, note, changed_by_id, changed_at)
      select 'van', id, from_status, status, reason, ${opts.note ?? null}::text, ${byId}::int, at from upd
      returning 1
    )
    select (select count(*) from ins)::int as changed,
      (select round(extract(epoch from max(at)) * 1000)::float8 from upd) as at_ms`);
  const [row] = rowsOf<{ changed: number; at_ms: number }>(result);
  return { changed: Number(row.changed), at: new Date(Number(row.at_ms)) };
}
