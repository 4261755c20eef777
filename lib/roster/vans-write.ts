// The writes of a van roster plan: one insert, one update and one history insert, each fed the whole batch
// as one JSON parameter. Call inside the import's transaction.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { VanPlan, VanValues } from "./vans.ts";

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

const columns = (v: VanValues) => ({
  number: v.number,
  plate_number: v.plateNumber,
  vin: v.vin,
  fleet_size_id: v.fleetSizeId,
  van_group_id: v.vanGroupId,
  station_id: v.stationId,
  ownership: v.ownership,
  monthly_rate_cents: v.monthlyRateCents,
  company: v.company,
  model: v.model,
  status: v.status,
  status_change_reason: v.statusChangeReason,
});

const RECORD = sql.raw(
  `number text, plate_number text, vin text, fleet_size_id int, van_group_id int, station_id int,
  ownership int, monthly_rate_cents int, company text, model text, status int, status_change_reason int`,
);

export async function applyVans(
  tx: Queryable,
  plan: VanPlan,
  byId: number,
  at: Date,
  note: string,
): Promise<void> {
  const when = at.toISOString();
  if (plan.create.length) {
    await tx.execute(sql`
      insert into vans (number, plate_number, vin, fleet_size_id, van_group_id, station_id, ownership,
        monthly_rate_cents, company, model, status, status_change_reason, created_at)
      select r.number, r.plate_number, r.vin, r.fleet_size_id, r.van_group_id, r.station_id, r.ownership,
        r.monthly_rate_cents, r.company, r.model, r.status, r.status_change_reason, ${when}::timestamptz
      from jsonb_to_recordset(${json(plan.create.map((c) => columns(c.values)))}) as r(${RECORD})`);
  }
  if (plan.update.length) {
    const rows = plan.update.map((u) => ({
      id: u.id,
      status_changed: u.statusChanged,
      ...columns(u.values),
    }));
    await tx.execute(sql`
      update vans v set plate_number = r.plate_number, vin = r.vin, fleet_size_id = r.fleet_size_id,
        van_group_id = r.van_group_id, station_id = r.station_id, ownership = r.ownership,
        monthly_rate_cents = r.monthly_rate_cents, company = r.company, model = r.model, status = r.status,
        status_change_reason = r.status_change_reason,
        last_status_change = case when r.status_changed then ${when}::timestamptz else v.last_status_change end,
        last_status_changed_by_id = case when r.status_changed then ${byId}::int else v.last_status_changed_by_id end
      from jsonb_to_recordset(${json(rows)}) as r(id int, status_changed boolean, ${RECORD})
      where v.id = r.id`);
  }
  const history = plan.update.filter((u) => u.statusChanged)
    .map((u) => ({
      id: u.id,
      from_status: u.statusFrom,
      to_status: u.statusTo,
      reason: u.values.statusChangeReason,
    }));
  if (history.length) {
    await tx.execute(sql`
      insert into status_changes (entity, entity_id, from_status, to_status, reason, note, changed_by_id, changed_at)
      select 'van', r.id, r.from_status, r.to_status, r.reason, ${note}, ${byId}::int, ${when}::timestamptz
      from jsonb_to_recordset(${json(history)}) as r(id int, from_status int, to_status int, reason int)`);
  }
}
