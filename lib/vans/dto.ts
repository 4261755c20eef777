// The van as the API returns it, mapped field by field from one joined row: the fleet register's item
// (03 section 3 "Fleet item (van)") and the Setup section's van (its details: VIN, ownership, rate, ...);
// then the fleet sizes and van groups of Setup and the pickers.
import { isAvailable, isBuiltInFleetSize, OWNERSHIP } from "./policy.ts";
import { centsToDollars } from "../money.ts";
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

/** The van as the Setup section lists and edits it. */
export interface VanSetupDto {
  id: number;
  number: string;
  plate_number: string;
  vin: string;
  fleet_size: { id: number; title: string } | null;
  van_group: { id: number; name: string } | null;
  station: { id: number; title: string; tag: string } | null;
  status: number;
  ownership: 1 | 2 | null;
  ownership_name: string | null;
  /** Dollars as a decimal string ("1250.00"). */
  monthly_rate: string | null;
  company: string;
  model: string;
}

/** The flat row queries.ts selects (the van, its station, group, size and last editor). */
export interface VanRow {
  id: number;
  number: string;
  plateNumber: string;
  vin: string;
  ownership: number | null;
  monthlyRateCents: number | null;
  company: string;
  model: string;
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

export function toVanSetupDto(r: VanRow): VanSetupDto {
  const ownership = r.ownership === 1 || r.ownership === 2 ? r.ownership : null;
  return {
    id: r.id,
    number: r.number,
    plate_number: r.plateNumber,
    vin: r.vin,
    fleet_size: r.fleetSizeId == null ? null : { id: r.fleetSizeId, title: r.fleetSizeTitle ?? "" },
    van_group: r.vanGroupId == null ? null : { id: r.vanGroupId, name: r.vanGroupName ?? "" },
    station: r.stationId == null
      ? null
      : { id: r.stationId, title: r.stationTitle ?? "", tag: r.stationTag ?? "" },
    status: r.status,
    ownership,
    ownership_name: ownership ? OWNERSHIP[ownership] : null,
    monthly_rate: centsToDollars(r.monthlyRateCents),
    company: r.company,
    model: r.model,
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

/** A fleet size in pickers and the /api/fleet-sizes lookup. */
export interface FleetSizeOption {
  id: number;
  title: string;
}

/** A fleet size in Setup. */
export interface FleetSizeDto extends FleetSizeOption {
  /** One of the six sizes the product's rules mean by id; it can be renamed, not deleted. */
  built_in: boolean;
}

export const toFleetSizeDto = (r: FleetSizeOption): FleetSizeDto => ({
  id: r.id,
  title: r.title,
  built_in: isBuiltInFleetSize(r.id),
});

/** A van group in pickers and the /api/van-groups lookup. */
export interface VanGroupOption {
  id: number;
  name: string;
  description: string;
}

/** A van group in Setup, with its supervisor. */
export interface VanGroupDto extends VanGroupOption {
  supervisor: number | null;
  supervisor_name: string | null;
}
