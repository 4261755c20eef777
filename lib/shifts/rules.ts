import { BASE_HOURS_ROLES, baseHours, DaStatus, EDITABLE_HOURS_ROLES, isShiftRole, TRACKER_FLEET_SIZE_ORDER } from "./roles.ts";

/** The part of a shift row the transition rules read and write (names as the database columns). */
export interface RowState {
  driverId: number | null;
  secondDriverId: number | null;
  daStatus: number;
  secondDaStatus: number;
  isStatusPublished: boolean;
  isSecondStatusPublished: boolean;
  role: number;
  roleHours: string | null;
  vanId: number | null;
  fleetNumber: string | null;
  cancelledFleetSizeId: number | null;
  rescueGiven: number | null;
  rescue: boolean;
}

/** What a PATCH asks for, already typed; `null` clears a field. */
export interface RowChange {
  driverId?: number | null;
  secondDriverId?: number | null;
  daStatus?: number;
  secondDaStatus?: number;
  role?: number;
  roleHours?: string | null;
  fleetNumber?: string | null;
  fleetSizeId?: number | null;
  rescueGiven?: number | null;
}

export class RuleError extends Error {
  constructor(public field: string, message: string) {
    super(message);
    this.name = "RuleError";
  }
}

/** What the database layer must do about the van after the rules ran. */
export type VanAction = { kind: "none" } | { kind: "clear" } | { kind: "assign"; fleetSizeId: number };

export interface Outcome {
  next: RowState;
  van: VanAction;
}

const withRoleHours = (s: RowState, role: number): string | null => {
  if (BASE_HOURS_ROLES.includes(role)) return baseHours(role).toFixed(2);
  return s.roleHours ?? baseHours(role).toFixed(2);
};

/**
 * The rules of 02 section 4 ("Rules on change") and the field checks of section 5, as one pure step.
 * The API and the tracker both call it, so a screen rule is always a server rule too.
 */
export function applyChange(current: RowState, change: RowChange): Outcome {
  let s: RowState = { ...current };
  let van: VanAction = { kind: "none" };

  if ("driverId" in change && change.driverId !== s.driverId) {
    if (!change.driverId) {
      // Removing the driver clears the van and the second driver with it.
      s = { ...s, driverId: null, secondDriverId: null, secondDaStatus: 0, isSecondStatusPublished: false, daStatus: 0, isStatusPublished: false };
      if (s.vanId) van = { kind: "clear" };
    } else {
      s = { ...s, driverId: change.driverId, daStatus: DaStatus.Pending, isStatusPublished: false };
    }
  }

  if ("secondDriverId" in change && change.secondDriverId !== s.secondDriverId) {
    if (change.secondDriverId && !s.driverId) throw new RuleError("second_driver", "Choose the first DA before a second DA.");
    if (change.secondDriverId && change.secondDriverId === s.driverId) {
      throw new RuleError("second_driver", "The second DA must be another person than the first DA.");
    }
    s = { ...s, secondDriverId: change.secondDriverId ?? null, secondDaStatus: 0, isSecondStatusPublished: false };
  }

  if (change.role !== undefined && change.role !== s.role) {
    if (!isShiftRole(change.role)) throw new RuleError("role", `Unknown role ${change.role}.`);
    const role = change.role;
    s = { ...s, role, roleHours: withRoleHours(s, role) };
    if (role === 7 || role === 9) {
      s = { ...s, daStatus: DaStatus.Cancelled, isStatusPublished: false };
      if (s.secondDriverId) s = { ...s, secondDaStatus: DaStatus.Cancelled, isSecondStatusPublished: false };
    } else if (role === 10) {
      s = { ...s, daStatus: DaStatus.Rejected, isStatusPublished: false };
    } else {
      if (s.daStatus !== DaStatus.Confirmed) s = { ...s, daStatus: DaStatus.Pending, isStatusPublished: false };
      if (s.secondDaStatus !== DaStatus.Confirmed) s = { ...s, secondDaStatus: DaStatus.Pending, isSecondStatusPublished: false };
    }
  }

  if (change.daStatus !== undefined && change.daStatus !== s.daStatus) {
    if (!s.driverId) throw new RuleError("da_status", "Choose a DA before setting a status.");
    const st = change.daStatus;
    if (![0, 1, 2].includes(st) && !(st === 3 && current.daStatus === 3)) {
      throw new RuleError("da_status", "Status must be 0 (pending), 1 (confirmed) or 2 (rejected).");
    }
    s = { ...s, daStatus: st, isStatusPublished: false };
    if (st === 3) {
      s = { ...s, role: 9, roleHours: withRoleHours(s, 9), secondDaStatus: s.secondDriverId ? 3 : 0, isSecondStatusPublished: false };
    } else if (st === 2) {
      s = { ...s, role: 10, roleHours: withRoleHours(s, 10) };
    }
  }

  if (change.secondDaStatus !== undefined && change.secondDaStatus !== s.secondDaStatus) {
    if (!s.secondDriverId) throw new RuleError("second_da_status", "Choose a second DA before setting their status.");
    if (![0, 1, 2, 3].includes(change.secondDaStatus)) throw new RuleError("second_da_status", "Unknown status.");
    s = { ...s, secondDaStatus: change.secondDaStatus, isSecondStatusPublished: false };
  }

  if ("roleHours" in change && change.roleHours !== s.roleHours) {
    if (!EDITABLE_HOURS_ROLES.includes(s.role)) {
      throw new RuleError("role_hours", "Hours can be changed only for Rescue, Quality, Special and Flex roles.");
    }
    const h = change.roleHours === null ? null : Number(change.roleHours);
    if (h !== null && (!Number.isFinite(h) || h < 0 || h > 24)) throw new RuleError("role_hours", "Hours must be between 0 and 24.");
    s = { ...s, roleHours: h === null ? null : h.toFixed(2) };
  }

  if ("fleetNumber" in change && change.fleetNumber !== s.fleetNumber) {
    if (s.vanId) throw new RuleError("fleet_number", "The fleet number comes from the assigned van; clear the van first.");
    s = { ...s, fleetNumber: change.fleetNumber?.trim() || null };
  }

  if ("fleetSizeId" in change) {
    const size = change.fleetSizeId;
    const cancelled = s.role === 7 || s.role === 9;
    if (size !== null && size !== undefined && !TRACKER_FLEET_SIZE_ORDER.includes(size)) {
      throw new RuleError("fleet_size", "This van size is not offered on the tracker.");
    }
    if (cancelled) {
      s = { ...s, cancelledFleetSizeId: size ?? null };
    } else if (!s.driverId) {
      throw new RuleError("fleet_size", "Choose a DA before a van size.");
    } else if (size) {
      van = { kind: "assign", fleetSizeId: size };
    } else if (s.vanId) {
      van = { kind: "clear" };
    }
  }

  if ("rescueGiven" in change && change.rescueGiven !== s.rescueGiven) {
    const v = change.rescueGiven ?? null;
    s = { ...s, rescueGiven: v, rescue: v !== null && v !== 0 };
  }

  return { next: s, van };
}

/** Names of the fields whose value differs: what a PATCH actually changed, for versions and events. */
export function changedFields<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((k) => before[k] !== after[k]);
}
