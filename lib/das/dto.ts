// What the DA register's API returns (03 section 3 "DA (user)" and "Station spot"). The mapping from
// rows is explicit: no raw row leaves lib.
import { type PersonRef, personRef } from "../users/person-ref.ts";

export interface SpotDto {
  id: number;
  station: { id: number; title: string; tag: string };
  agency: { id: number; name: string } | null;
  fleet_groups: { id: number; name: string }[];
}

export interface DaDto {
  id: number;
  first_name: string;
  last_name: string;
  transporter_id: string | null;
  driver_license: string | null;
  badge: string | null;
  email: string;
  status: number;
  is_active: boolean;
  /** Onboarded: when the DA's account was created (ISO instant). */
  created: string;
  station_spots: SpotDto[];
  last_status_change: string | null;
  last_status_changed_by: PersonRef | null;
  role: number;
  /** the language of coaching messages: 'en' | 'es' */
  language: "en" | "es";
}

export interface StatusChangeDto {
  id: number;
  from_status: number | null;
  to_status: number;
  reason: string | null;
  changed_at: string;
  changed_by: PersonRef | null;
}

/** The columns queries select for a DA (drizzle field names), before the spots are attached. */
export interface DaRow {
  id: number;
  firstName: string;
  lastName: string;
  transporterId: string | null;
  driverLicense: string | null;
  badge: string | null;
  email: string;
  status: number;
  isActive: boolean;
  dateJoined: Date | string;
  language: string;
  lastStatusChange: Date | string | null;
  changerId: number | null;
  changerFirstName: string | null;
  changerLastName: string | null;
  role: number;
}

export interface SpotRow {
  id: number;
  userId: number;
  stationId: number;
  stationTitle: string;
  stationTag: string;
  agencyId: number | null;
  agencyName: string | null;
  fleetGroupId: number | null;
  fleetGroupName: string | null;
}

export const iso = (
  v: Date | string | null,
): string | null => (v === null ? null : new Date(v).toISOString());

/** Spot rows (one per spot and fleet group, ordered) grouped per user, then per spot. */
export function groupSpots(rows: readonly SpotRow[]): Map<number, SpotDto[]> {
  const byUser = new Map<number, SpotDto[]>();
  const byId = new Map<number, SpotDto>();
  for (const r of rows) {
    let spot = byId.get(r.id);
    if (!spot) {
      spot = {
        id: r.id,
        station: { id: r.stationId, title: r.stationTitle, tag: r.stationTag },
        agency: r.agencyId === null ? null : { id: r.agencyId, name: r.agencyName ?? "" },
        fleet_groups: [],
      };
      byId.set(r.id, spot);
      const list = byUser.get(r.userId) ?? [];
      list.push(spot);
      byUser.set(r.userId, list);
    }
    if (r.fleetGroupId !== null) spot.fleet_groups.push({ id: r.fleetGroupId, name: r.fleetGroupName ?? "" });
  }
  return byUser;
}

export function daDto(r: DaRow, spots: SpotDto[]): DaDto {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    transporter_id: r.transporterId,
    driver_license: r.driverLicense,
    badge: r.badge,
    email: r.email,
    status: r.status,
    is_active: r.isActive,
    created: iso(r.dateJoined)!,
    station_spots: spots,
    last_status_change: iso(r.lastStatusChange),
    last_status_changed_by: personRef(r.changerId, r.changerFirstName, r.changerLastName),
    role: r.role,
    language: r.language === "es" ? "es" : "en",
  };
}
