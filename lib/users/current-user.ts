import { type SQL, sql } from "drizzle-orm";
import { versionColumns, versionOf, type ViewerVersion } from "../cache/epochs.ts";
import type { Queryable } from "../db/client.ts";
import { effectiveRole, type RoleId, roleName } from "../auth/roles.ts";
import { rowsOf } from "../db/rows.ts";
import { centsToDollars } from "../money.ts";
import type { StationSpotDto } from "../stations/dto.ts";
import { stationSpotsJson } from "../stations/queries.ts";

/** The spec's "Current user" (01 section 3), as the API returns it and the pages read it. */
export interface CurrentUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: RoleId;
  role_name: string;
  badge: string | null;
  date_joined: string;
  last_login: string | null;
  date_of_birth: string | null;
  knet_user: string | null;
  transporter_id: string | null;
  training_delivered: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  personal_email: string | null;
  mobile_number: string | null;
  whatsapp_mobile_number: string | null;
  driver_license: string | null;
  driver_license_expiry: string | null;
  van_group: { id: number; name: string; description: string; supervisor: number | null } | null;
  agency_name: { id: number; name: string; description: string } | null;
  can_create_old_shifts: boolean;
  /** Decimal string of dollars per hour ("21.50"); stored as integer cents. */
  rate_per_hour: string | null;
  station_spots: StationSpotDto[];
}

export interface Viewer extends CurrentUser {
  /** Station ids of the user's spots: what every station-scoped query filters by. */
  stationIds: number[];
  /** Menu keys the user switched off in Settings. */
  hiddenMenu: string[];
  sessionId: string | null;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * One round trip for the user, their spots and their menu settings: the middleware runs it on every
 * request, so it is a single statement rather than four. With `liveSession` the same statement also
 * requires the session to be live and the user active (null otherwise), so identifying a request costs
 * one round trip, not two.
 */
export async function loadViewer(
  db: Queryable,
  userId: number,
  sessionId: string | null,
  opts: { liveSession?: boolean } = {},
): Promise<Viewer | null> {
  const r = await viewerRow(db, userId, sessionId, !!opts.liveSession);
  return r ? viewerFromRow(r, sessionId) : null;
}

/**
 * The viewer of a live session and the versions it was read at, in one statement (one snapshot): what
 * lib/auth/session-cache.ts keeps, and compares with a light check on later requests.
 */
export async function loadViewerVersioned(
  db: Queryable,
  userId: number,
  sessionId: string,
): Promise<{ viewer: Viewer; version: ViewerVersion } | null> {
  const r = await viewerRow(db, userId, sessionId, true, versionColumns());
  return r ? { viewer: viewerFromRow(r, sessionId), version: versionOf(r) } : null;
}

async function viewerRow(
  db: Queryable,
  userId: number,
  sessionId: string | null,
  liveSession: boolean,
  extra?: SQL,
): Promise<Record<string, unknown> | undefined> {
  const live = liveSession && sessionId
    ? sql`and u.is_active and exists (select 1 from sessions s where s.id = ${sessionId}::uuid
        and s.user_id = u.id and s.revoked_at is null and s.expires_at > now())`
    : sql``;
  const result = await db.execute(sql`
    select u.*,
      vg.id as vg_id, vg.name as vg_name, vg.description as vg_description, vg.supervisor_id as vg_supervisor,
      ag.id as ag_id, ag.name as ag_name, ag.description as ag_description,
      coalesce(ns.hidden, '{}') as nav_hidden,
      ${stationSpotsJson(sql`u.id`, "id")} as spots${extra ? sql`, ${extra}` : sql``}
    from users u
    left join van_groups vg on vg.id = u.van_group_id
    left join agencies ag on ag.id = u.agency_id
    left join nav_settings ns on ns.user_id = u.id
    where u.id = ${userId} ${live}`);
  return rowsOf(result)[0];
}

function viewerFromRow(r: Record<string, unknown>, sessionId: string | null): Viewer {
  const spots = (typeof r.spots === "string" ? JSON.parse(r.spots) : r.spots) as StationSpotDto[];
  return {
    id: r.id as number,
    first_name: r.first_name as string,
    last_name: r.last_name as string,
    email: r.email as string,
    role: effectiveRole(r.role as number),
    role_name: roleName(r.role as number),
    badge: (r.badge as string) ?? null,
    date_joined: iso(r.date_joined)!,
    last_login: iso(r.last_login),
    date_of_birth: (r.date_of_birth as string) ?? null,
    knet_user: (r.knet_user as string) ?? null,
    transporter_id: (r.transporter_id as string) ?? null,
    training_delivered: !!r.training_delivered,
    is_staff: !!r.is_staff,
    is_superuser: !!r.is_superuser,
    personal_email: (r.personal_email as string) ?? null,
    mobile_number: (r.mobile_number as string) ?? null,
    whatsapp_mobile_number: (r.whatsapp_mobile_number as string) ?? null,
    driver_license: (r.driver_license as string) ?? null,
    driver_license_expiry: (r.driver_license_expiry as string) ?? null,
    van_group: r.vg_id == null ? null : {
      id: r.vg_id as number,
      name: r.vg_name as string,
      description: r.vg_description as string,
      supervisor: (r.vg_supervisor as number) ?? null,
    },
    agency_name: r.ag_id == null
      ? null
      : { id: r.ag_id as number, name: r.ag_name as string, description: r.ag_description as string },
    can_create_old_shifts: !!r.can_create_old_shifts,
    rate_per_hour: centsToDollars((r.rate_per_hour_cents as number) ?? null),
    station_spots: spots,
    stationIds: spots.map((s) => s.station.id),
    hiddenMenu: (r.nav_hidden as string[]) ?? [],
    sessionId,
  };
}

/** The DTO the API returns: the viewer without server-only fields. */
export function currentUserDto(v: Viewer): CurrentUser {
  const { stationIds: _s, hiddenMenu: _h, sessionId: _id, ...dto } = v;
  return dto;
}

/** Station 1 when the user has it, otherwise their first spot (decisions.md "Stations"). */
export function defaultStationId(v: Pick<Viewer, "stationIds">): number | null {
  return v.stationIds.includes(1) ? 1 : v.stationIds[0] ?? null;
}
