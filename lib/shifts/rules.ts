import {
  BASE_HOURS_ROLES,
  baseHours,
  DaStatus,
  EDITABLE_HOURS_ROLES,
  isShiftRole,
  TRACKER_FLEET_SIZE_ORDER,
} from "./roles.ts";
import { RuleError, SHIFT_RULE } from "./errors.ts";
import { isReleasedRow } from "./calc.ts";

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
  /** Read, never written here: a status the DA gave by SMS is not undone on an empty row. */
  statusAssignedBySms?: boolean;
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

const isCancelRole = (role: number) => role === 7 || role === 9;

/**
 * An empty row may not take a role or status (issue 10 point 2), but one that was cancelled or rejected
 * before that rule (or lost its DA since) may be set back, unless the status came from the DA by SMS.
 */
const isUndo = (s: RowState, nextRole: number, nextStatus: number) =>
  isReleasedRow(s) && !isReleasedRow({ role: nextRole, daStatus: nextStatus }) && !s.statusAssignedBySms;

/**
 * The rules of 02 section 4 ("Rules on change") and the field checks of section 5, as one pure step.
 * The API and the tracker both call it, so a screen rule is always a server rule too. The steps run in
 * this order because each reads what the one before it left (a new DA resets the status, a status
 * picks the role, the role decides whether hours may change).
 */
export function applyChange(current: RowState, change: RowChange): Outcome {
  let s = applyDriver(current, change);
  s = applySecondDriver(s, change);
  s = applyRole(s, change);
  s = applyDaStatus(s, change, current);
  s = applySecondDaStatus(s, change);
  s = applyRoleHours(s, change);
  s = applyFleetNumber(s, change);
  const sized = applyFleetSize(s, change);
  return { next: applyRescue(sized.next, change), van: sized.van ?? vanAfterDriver(current, change) };
}

/** Choosing a DA resets their status; removing the DA clears the second DA with it. */
function applyDriver(s: RowState, change: RowChange): RowState {
  if (!("driverId" in change) || change.driverId === s.driverId) return s;
  if (!change.driverId) {
    return {
      ...s,
      driverId: null,
      secondDriverId: null,
      secondDaStatus: 0,
      isSecondStatusPublished: false,
      daStatus: 0,
      isStatusPublished: false,
    };
  }
  return { ...s, driverId: change.driverId, daStatus: DaStatus.Pending, isStatusPublished: false };
}

/** Removing the DA of a row with a van clears the van too. */
function vanAfterDriver(current: RowState, change: RowChange): VanAction {
  const removed = "driverId" in change && change.driverId !== current.driverId && !change.driverId;
  return removed && current.vanId ? { kind: "clear" } : { kind: "none" };
}

function applySecondDriver(s: RowState, change: RowChange): RowState {
  if (!("secondDriverId" in change) || change.secondDriverId === s.secondDriverId) return s;
  if (change.secondDriverId && !s.driverId) {
    throw new RuleError(
      "second_driver",
      SHIFT_RULE.secondDriverBeforeDriver,
      "Choose the first DA before a second DA.",
    );
  }
  if (change.secondDriverId && change.secondDriverId === s.driverId) {
    throw new RuleError(
      "second_driver",
      SHIFT_RULE.secondDriverSame,
      "The second DA must be another person than the first DA.",
    );
  }
  return {
    ...s,
    secondDriverId: change.secondDriverId ?? null,
    secondDaStatus: 0,
    isSecondStatusPublished: false,
  };
}

/** A role sets its hours; cancel roles cancel both DAs, role 10 rejects, others reset an unconfirmed status. */
function applyRole(current: RowState, change: RowChange): RowState {
  if (change.role === undefined || change.role === current.role) return current;
  if (!isShiftRole(change.role)) {
    throw new RuleError("role", SHIFT_RULE.unknownRole, `Unknown role ${change.role}.`);
  }
  const role = change.role;
  if (!current.driverId && !isUndo(current, role, DaStatus.Pending)) {
    throw new RuleError("role", SHIFT_RULE.roleBeforeDriver, "Choose a DA before setting a role.");
  }
  let s: RowState = { ...current, role, roleHours: withRoleHours(current, role) };
  if (isCancelRole(role)) {
    s = { ...s, daStatus: DaStatus.Cancelled, isStatusPublished: false };
    if (s.secondDriverId) s = { ...s, secondDaStatus: DaStatus.Cancelled, isSecondStatusPublished: false };
  } else if (role === 10) {
    s = { ...s, daStatus: DaStatus.Rejected, isStatusPublished: false };
  } else {
    if (s.daStatus !== DaStatus.Confirmed) s = { ...s, daStatus: DaStatus.Pending, isStatusPublished: false };
    if (s.secondDaStatus !== DaStatus.Confirmed) {
      s = { ...s, secondDaStatus: DaStatus.Pending, isSecondStatusPublished: false };
    }
  }
  return s;
}

/** A status the editor sets (3 only when it already was 3); rejected and cancelled pick their role. */
function applyDaStatus(s: RowState, change: RowChange, before: RowState): RowState {
  if (change.daStatus === undefined || change.daStatus === s.daStatus) return s;
  const st = change.daStatus;
  if (!s.driverId) {
    // Undo on an empty row: back to a pending row, a standard one when its role was a cancel or reject.
    const role = isReleasedRow({ role: s.role, daStatus: 0 }) ? 0 : s.role;
    if (st !== DaStatus.Pending || !isUndo(s, role, st)) {
      throw new RuleError("da_status", SHIFT_RULE.statusBeforeDriver, "Choose a DA before setting a status.");
    }
    return { ...s, daStatus: st, isStatusPublished: false, role, roleHours: withRoleHours(s, role) };
  }
  if (![0, 1, 2].includes(st) && !(st === 3 && before.daStatus === 3)) {
    throw new RuleError(
      "da_status",
      SHIFT_RULE.invalidStatus,
      "Status must be 0 (pending), 1 (confirmed) or 2 (rejected).",
    );
  }
  const next = { ...s, daStatus: st, isStatusPublished: false };
  if (st === 3) {
    return {
      ...next,
      role: 9,
      roleHours: withRoleHours(next, 9),
      secondDaStatus: next.secondDriverId ? 3 : 0,
      isSecondStatusPublished: false,
    };
  }
  if (st === 2) return { ...next, role: 10, roleHours: withRoleHours(next, 10) };
  return next;
}

function applySecondDaStatus(s: RowState, change: RowChange): RowState {
  if (change.secondDaStatus === undefined || change.secondDaStatus === s.secondDaStatus) return s;
  if (!s.secondDriverId) {
    throw new RuleError(
      "second_da_status",
      SHIFT_RULE.secondStatusBeforeDriver,
      "Choose a second DA before setting their status.",
    );
  }
  if (![0, 1, 2, 3].includes(change.secondDaStatus)) {
    throw new RuleError("second_da_status", SHIFT_RULE.invalidSecondStatus, "Unknown status.");
  }
  return { ...s, secondDaStatus: change.secondDaStatus, isSecondStatusPublished: false };
}

function applyRoleHours(s: RowState, change: RowChange): RowState {
  if (!("roleHours" in change) || change.roleHours === s.roleHours) return s;
  if (!EDITABLE_HOURS_ROLES.includes(s.role)) {
    throw new RuleError(
      "role_hours",
      SHIFT_RULE.hoursNotEditable,
      "Hours can be changed only for Rescue, Quality, Special and Flex roles.",
    );
  }
  const h = change.roleHours === null ? null : Number(change.roleHours);
  if (h !== null && (!Number.isFinite(h) || h < 0 || h > 24)) {
    throw new RuleError("role_hours", SHIFT_RULE.hoursOutOfRange, "Hours must be between 0 and 24.");
  }
  return { ...s, roleHours: h === null ? null : h.toFixed(2) };
}

function applyFleetNumber(s: RowState, change: RowChange): RowState {
  if (!("fleetNumber" in change) || change.fleetNumber === s.fleetNumber) return s;
  if (s.vanId) {
    throw new RuleError(
      "fleet_number",
      SHIFT_RULE.fleetNumberFromVan,
      "The fleet number comes from the assigned van; clear the van first.",
    );
  }
  return { ...s, fleetNumber: change.fleetNumber?.trim() || null };
}

/**
 * A van size: on a cancelled row it is only recorded; otherwise it asks for a van of that size (or, empty,
 * clears the van). `van` is null when the size leaves the van as the earlier steps decided.
 */
function applyFleetSize(s: RowState, change: RowChange): { next: RowState; van: VanAction | null } {
  if (!("fleetSizeId" in change)) return { next: s, van: null };
  const size = change.fleetSizeId;
  if (size !== null && size !== undefined && !TRACKER_FLEET_SIZE_ORDER.includes(size)) {
    throw new RuleError(
      "fleet_size",
      SHIFT_RULE.fleetSizeNotOffered,
      "This van size is not offered on the tracker.",
    );
  }
  if (isReleasedRow(s)) return { next: { ...s, cancelledFleetSizeId: size ?? null }, van: null };
  if (!s.driverId) {
    throw new RuleError("fleet_size", SHIFT_RULE.fleetSizeBeforeDriver, "Choose a DA before a van size.");
  }
  if (size) return { next: s, van: { kind: "assign", fleetSizeId: size } };
  return { next: s, van: s.vanId ? { kind: "clear" } : null };
}

function applyRescue(s: RowState, change: RowChange): RowState {
  if (!("rescueGiven" in change) || change.rescueGiven === s.rescueGiven) return s;
  const v = change.rescueGiven ?? null;
  return { ...s, rescueGiven: v, rescue: v !== null && v !== 0 };
}

/**
 * A row that is cancelled or rejected after the change gives its van back for the day (issue 10 point 1):
 * the columns to write, or null when it holds no van. The van's number stays as the row's fleet number
 * and its size as the cancelled size (unless this change named one), as history the tracker greys out.
 */
export function releasedVan(
  before: RowState,
  next: RowState,
  van: { number: string | null; fleetSizeId: number | null },
): Pick<RowState, "vanId" | "fleetNumber" | "cancelledFleetSizeId"> | null {
  if (!isReleasedRow(next) || !next.vanId) return null;
  const sizeNamed = next.cancelledFleetSizeId !== before.cancelledFleetSizeId;
  return {
    vanId: null,
    fleetNumber: van.number ?? next.fleetNumber,
    cancelledFleetSizeId: sizeNamed
      ? next.cancelledFleetSizeId
      : van.fleetSizeId ?? next.cancelledFleetSizeId,
  };
}

/** Names of the fields whose value differs: what a PATCH actually changed, for versions and events. */
export function changedFields<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((k) => before[k] !== after[k]);
}
