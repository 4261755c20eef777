// The writes of a DA roster plan: one statement per kind of write (new DAs with their spots, updated DAs,
// added and moved spots, status history), each fed the whole batch as one JSON parameter, so 5,000 rows
// cost a handful of round trips. Call inside the import's transaction.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { Role } from "../auth/roles.ts";
import { isActiveStatus } from "../das/policy.ts";
import type { DaPlan } from "./das-row.ts";

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** The users and their spots in one statement: the insert's RETURNING feeds the spots. */
async function insertDas(tx: Queryable, plan: DaPlan, when: string) {
  if (!plan.create.length) return;
  const rows = plan.create.map(({ values: v }) => ({
    email: v.email,
    first_name: v.firstName,
    last_name: v.lastName,
    status: v.status,
    is_active: isActiveStatus(v.status),
    mobile_number: v.mobileNumber,
    transporter_id: v.transporterId,
    badge: v.badge,
    driver_license: v.driverLicense,
    driver_license_expiry: v.driverLicenseExpiry,
    agency_id: v.agencyId,
    station_id: v.stationId,
  }));
  await tx.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${
    json(rows)
  }) as r(email text, first_name text, last_name text, status int,
        is_active boolean, mobile_number text, transporter_id text, badge text, driver_license text,
        driver_license_expiry date, agency_id int, station_id int)
    ), created as (
      insert into users (email, first_name, last_name, role, status, is_active, is_staff, mobile_number,
        transporter_id, badge, driver_license, driver_license_expiry, agency_id, date_joined, updated_at)
      select r.email, r.first_name, r.last_name, ${Role.Driver}, r.status, r.is_active, false, r.mobile_number,
        r.transporter_id, r.badge, r.driver_license, r.driver_license_expiry, r.agency_id, ${when}::timestamptz, ${when}::timestamptz
      from r
      returning id, transporter_id
    )
    insert into station_spots (user_id, station_id, agency_id)
    select created.id, r.station_id, r.agency_id from created join r on r.transporter_id = created.transporter_id`);
}

/** Updated DAs; the status bookkeeping moves only where the status changed. */
async function updateDas(tx: Queryable, plan: DaPlan, byId: number, when: string) {
  if (!plan.update.length) return;
  const rows = plan.update.map(({ id, values: v, statusChanged }) => ({
    id,
    email: v.email,
    first_name: v.firstName,
    last_name: v.lastName,
    status: v.status,
    status_changed: statusChanged,
    is_active: isActiveStatus(v.status),
    mobile_number: v.mobileNumber,
    badge: v.badge,
    driver_license: v.driverLicense,
    driver_license_expiry: v.driverLicenseExpiry,
    agency_id: v.agencyId,
  }));
  await tx.execute(sql`
    update users u set email = r.email, first_name = r.first_name, last_name = r.last_name, status = r.status,
      mobile_number = r.mobile_number, badge = r.badge, driver_license = r.driver_license,
      driver_license_expiry = r.driver_license_expiry, agency_id = r.agency_id,
      is_active = case when r.status_changed then r.is_active else u.is_active end,
      last_status_change = case when r.status_changed then ${when}::timestamptz else u.last_status_change end,
      last_status_changed_by_id = case when r.status_changed then ${byId}::int else u.last_status_changed_by_id end,
      updated_at = ${when}::timestamptz
    from jsonb_to_recordset(${
    json(rows)
  }) as r(id int, email text, first_name text, last_name text, status int,
      status_changed boolean, is_active boolean, mobile_number text, badge text, driver_license text,
      driver_license_expiry date, agency_id int)
    where u.id = r.id`);
}

/** Spots of updated DAs: added where the DA had none, moved or re-agencied where it had one. */
async function writeSpots(tx: Queryable, plan: DaPlan) {
  const newSpots = plan.update.filter((u) => u.values.spot && u.values.spot.id === null)
    .map((u) => ({
      user_id: u.id,
      station_id: u.values.spot!.stationId,
      agency_id: u.values.spot!.agencyId,
    }));
  if (newSpots.length) {
    await tx.execute(sql`
      insert into station_spots (user_id, station_id, agency_id)
      select r.user_id, r.station_id, r.agency_id
      from jsonb_to_recordset(${json(newSpots)}) as r(user_id int, station_id int, agency_id int)`);
  }
  const movedSpots = plan.update.filter((u) => u.values.spot && u.values.spot.id !== null)
    .map((u) => ({
      id: u.values.spot!.id,
      station_id: u.values.spot!.stationId,
      agency_id: u.values.spot!.agencyId,
    }));
  if (movedSpots.length) {
    await tx.execute(sql`
      update station_spots s set station_id = r.station_id, agency_id = r.agency_id
      from jsonb_to_recordset(${json(movedSpots)}) as r(id int, station_id int, agency_id int)
      where s.id = r.id`);
  }
}

/** History: every status the import changed, like the register's own changes. */
async function writeStatusHistory(tx: Queryable, plan: DaPlan, byId: number, when: string, note: string) {
  const history = plan.update.filter((u) => u.statusChanged)
    .map((u) => ({ id: u.id, from_status: u.statusFrom, to_status: u.statusTo }));
  if (!history.length) return;
  await tx.execute(sql`
    insert into status_changes (entity, entity_id, from_status, to_status, note, changed_by_id, changed_at)
    select 'da', r.id, r.from_status, r.to_status, ${note}, ${byId}::int, ${when}::timestamptz
    from jsonb_to_recordset(${json(history)}) as r(id int, from_status int, to_status int)`);
}

export async function applyDas(
  tx: Queryable,
  plan: DaPlan,
  byId: number,
  at: Date,
  note: string,
): Promise<void> {
  const when = at.toISOString();
  await insertDas(tx, plan, when);
  await updateDas(tx, plan, byId, when);
  await writeSpots(tx, plan);
  await writeStatusHistory(tx, plan, byId, when, note);
}
