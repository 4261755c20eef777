// Reads behind the DA roster plan: the DAs the file names (by transporter id, with their spots), the users
// owning the file's e-mail addresses, and where an updated DA's station spot goes.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import type { DaUpdateValues, DaValues } from "./das-row.ts";
import { jsonList } from "./plan.ts";
import { rowsOf } from "../db/rows.ts";

export interface ExistingDa extends DaValues {
  id: number;
  role: number;
  spots: { id: number; stationId: number; agencyId: number | null }[];
}

/**
 * The users holding these transporter ids, each with its spots: one statement (this is the hot read of a
 * large update), plain SQL so that 5,000 rows are not mapped column by column.
 */
export async function loadExisting(
  db: Queryable,
  tids: string[],
  lock: boolean,
): Promise<Map<string, ExistingDa>> {
  if (!tids.length) return new Map();
  const result = await db.execute(sql`
    select u.id, u.role, u.first_name, u.last_name, u.email, u.mobile_number, u.transporter_id, u.badge,
      u.driver_license, u.driver_license_expiry::text as driver_license_expiry, u.status, u.agency_id,
      coalesce((select json_agg(json_build_array(s.id, s.station_id, s.agency_id) order by s.id)
        from station_spots s where s.user_id = u.id)::text, '[]') as spots
    from users u where upper(u.transporter_id) in ${jsonList(tids)}
    order by u.id ${lock ? sql`for update of u` : sql``}`);
  const out = new Map<string, ExistingDa>();
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const tid = r.transporter_id as string;
    out.set(tid.toUpperCase(), {
      id: Number(r.id),
      role: Number(r.role),
      firstName: r.first_name as string,
      lastName: r.last_name as string,
      email: r.email as string,
      mobileNumber: (r.mobile_number as string | null) ?? null,
      transporterId: tid,
      badge: (r.badge as string | null) ?? null,
      driverLicense: (r.driver_license as string | null) ?? null,
      driverLicenseExpiry: (r.driver_license_expiry as string | null) ?? null,
      status: Number(r.status),
      agencyId: r.agency_id == null ? null : Number(r.agency_id),
      stationId: null,
      spots: (JSON.parse(r.spots as string) as [number, number, number | null][])
        .map(([id, stationId, agencyId]) => ({ id, stationId, agencyId })),
    });
  }
  return out;
}

export async function loadEmailOwners(db: Queryable, emails: string[]) {
  if (!emails.length) return new Map<string, { id: number; role: number; transporterId: string | null }>();
  const rows = await db.select({
    id: users.id,
    email: users.email,
    role: users.role,
    transporterId: users.transporterId,
  })
    .from(users).where(sql`lower(${users.email}) in ${jsonList(emails)}`);
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

/**
 * The spot write an update needs: the DA's spot at the row's station gets the row's agency; without one, the
 * DA's spot in the viewer's stations moves there (a roster names one station per DA); without any spot, one
 * is added. Null when nothing changes.
 */
export function spotFor(
  da: ExistingDa,
  stationId: number | null,
  agencyId: number | null | undefined,
  mine: (id: number) => boolean,
):
  | { spot: NonNullable<DaUpdateValues["spot"]>; fromStation: number | null; fromAgency: number | null }
  | null
  | "no-station" {
  const first = da.spots.find((s) => mine(s.stationId)) ?? null;
  if (stationId === null) {
    if (agencyId === undefined || (first && first.agencyId === agencyId)) return null;
    if (!first) return "no-station";
    return {
      spot: { id: first.id, stationId: first.stationId, agencyId },
      fromStation: first.stationId,
      fromAgency: first.agencyId,
    };
  }
  const at = da.spots.find((s) => s.stationId === stationId) ?? first;
  const nextAgency = agencyId === undefined ? at?.agencyId ?? null : agencyId;
  if (at && at.stationId === stationId && at.agencyId === nextAgency) return null;
  return {
    spot: { id: at?.id ?? null, stationId, agencyId: nextAgency },
    fromStation: at?.stationId ?? null,
    fromAgency: at?.agencyId ?? null,
  };
}
