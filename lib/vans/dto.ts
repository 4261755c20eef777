// The fleet item as the API returns it (03 section 3 "Fleet item (van)"), mapped field by field from a row.
import { isAvailable } from "./policy.ts";
import { type PersonRef, personRef } from "../users/person-ref.ts";

export interface VanDto {
  id: number;
  number: string;
  van_group: { id: number; name: string; description: string } | null;
  fleet_size: { id: number; title: string } | null;
  plate_number: string;
  status: number;
  available: boolean;
  status_change_reason: number | null;
  /** 'YYYY-MM-DD' or null. */
  pick_up_date: string | null;
  station: number | null;
  station_title: string | null;
  station_tag: string | null;
  /** ISO instant or null. */
  last_status_change: string | null;
  last_status_changed_by: PersonRef | null;
}

/** The flat row queries.ts selects. */
export interface VanRow {
  id: number;
  number: string;
  plateNumber: string;
  status: number;
  statusChangeReason: number | null;
  pickUpDate: string | null;
  stationId: number | null;
  stationTitle: string | null;
  stationTag: string | null;
  vanGroupId: number | null;
  vanGroupName: string | null;
  vanGroupDescription: string | null;
  fleetSizeId: number | null;
  fleetSizeTitle: string | null;
  lastStatusChange: Date | string | null;
  changedById: number | null;
  changedByFirstName: string | null;
  changedByLastName: string | null;
}

const iso = (v: Date | string | null): string | null => (v == null ? null : new Date(v).toISOString());

export function toVanDto(r: VanRow): VanDto {
  return {
    id: r.id,
    number: r.number,
    van_group: r.vanGroupId == null
      ? null
      : { id: r.vanGroupId, name: r.vanGroupName ?? "", description: r.vanGroupDescription ?? "" },
    fleet_size: r.fleetSizeId == null ? null : { id: r.fleetSizeId, title: r.fleetSizeTitle ?? "" },
    plate_number: r.plateNumber,
    status: r.status,
    available: isAvailable(r.status),
    status_change_reason: r.statusChangeReason,
    pick_up_date: r.pickUpDate,
    station: r.stationId,
    station_title: r.stationTitle,
    station_tag: r.stationTag,
    last_status_change: iso(r.lastStatusChange),
    last_status_changed_by: personRef(r.changedById, r.changedByFirstName, r.changedByLastName),
  };
}

/** One row of a van's status history (who, when, from, to, reason). */
export interface VanHistoryDto {
  id: number;
  from_status: number | null;
  to_status: number;
  reason: number | null;
  changed_at: string;
  changed_by: PersonRef | null;
}

export interface VanHistoryRow {
  id: number;
  fromStatus: number | null;
  toStatus: number;
  reason: number | null;
  changedAt: Date | string;
  changedById: number | null;
  changedByFirstName: string | null;
  changedByLastName: string | null;
}

export function toVanHistoryDto(r: VanHistoryRow): VanHistoryDto {
  return {
    id: r.id,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    reason: r.reason,
    changed_at: new Date(r.changedAt).toISOString(),
    changed_by: personRef(r.changedById, r.changedByFirstName, r.changedByLastName),
  };
}
