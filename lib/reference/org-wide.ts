// Who may change the reference data every station shares (stations, agencies, fleet groups, van groups,
// fleet sizes). The permission table says which roles ("reference.org.edit"); a manager qualifies only
// while holding a spot on every station, since a change here reaches stations they do not run.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { Role } from "../auth/roles.ts";
import { can } from "../auth/permissions.ts";
import { stations, stationSpots } from "../org/schema.ts";
import { rowsOf } from "../db/rows.ts";
import { orgWideOwnerOnly } from "./errors.ts";

export interface OrgEditor {
  id: number;
  role?: number | null;
}

/** True for an owner, or a manager with a spot on every station of the organisation. */
export async function mayEditOrgWide(db: Queryable, v: OrgEditor): Promise<boolean> {
  if (!can(v.role, "reference.org.edit")) return false;
  if (v.role === Role.Owner) return true;
  // Read in the caller's transaction: the stations are share-locked, so none is deleted under the write.
  const missing = await db.execute(sql`
    select 1 from ${stations} s
    where not exists (
      select 1 from ${stationSpots} sp where sp.station_id = s.id and sp.user_id = ${v.id}
    )
    limit 1 for share of s`);
  return rowsOf(missing).length === 0;
}

/** Refuses (403, `reference.org_wide_owner_only`) anyone who may not change org-wide reference data. */
export async function assertMayEditOrgWide(db: Queryable, v: OrgEditor): Promise<void> {
  if (!(await mayEditOrgWide(db, v))) throw orgWideOwnerOnly();
}
