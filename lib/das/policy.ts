// Who may do what in the DA register beyond the permission table (03 sections 2.9 and 6). Pure
// functions: the page, the islands and the mutations all call these, so the API enforces what the
// screen shows.
import { can } from "../auth/permissions.ts";
import { effectiveRole } from "../auth/roles.ts";
import { DA_STATUSES, type DaStatus, statusLabel } from "./inputs.ts";

/** Statuses a dispatcher (role 1) may set: Active and Inactive. */
export const DISPATCHER_STATUSES: readonly DaStatus[] = [1, 6];
/** Statuses a dispatcher may not filter by: Rehired and Blacklisted. */
export const DISPATCHER_HIDDEN_FILTER_STATUSES: readonly number[] = [2, 3];

/** 03 section 4: value 1 makes the DA active, any other value inactive. */
export function isActiveStatus(status: number): boolean {
  return status === 1;
}

/** The statuses this role may set, in display order. */
export function settableStatuses(role: number | null | undefined): { id: DaStatus; label: string }[] {
  const r = effectiveRole(role);
  if (!can(r, "das.changeStatus")) return [];
  return DA_STATUSES.filter((s) => r !== 1 || DISPATCHER_STATUSES.includes(s.id)).map((s) => ({ ...s }));
}

export function canSetStatus(role: number | null | undefined, status: number): boolean {
  return settableStatuses(role).some((s) => s.id === status);
}

/** Why this role may not set this status, or null when it may. */
export function statusRefusal(role: number | null | undefined, status: number): string | null {
  if (canSetStatus(role, status)) return null;
  if (!can(role, "das.changeStatus")) return "You haven't permissions";
  return `Dispatchers may set only Active or Inactive, not ${statusLabel(status)}.`;
}

/**
 * Dispatchers change only DAs who are Active or Inactive: a Rehired, Blacklisted or Off Boarded DA is a
 * management decision that a dispatcher must not undo by setting Active (a product choice; 03 is silent).
 */
export function canChangeFrom(role: number | null | undefined, currentStatus: number): boolean {
  return effectiveRole(role) !== 1 || (DISPATCHER_STATUSES as readonly number[]).includes(currentStatus);
}

/** The statuses offered in this role's status filter. */
export function filterStatuses(role: number | null | undefined): { id: DaStatus; label: string }[] {
  const r = effectiveRole(role);
  return DA_STATUSES.filter((s) => r !== 1 || !DISPATCHER_HIDDEN_FILTER_STATUSES.includes(s.id)).map((s) => ({
    ...s,
  }));
}

/** Why this role may not filter by these statuses, or null when it may. */
export function filterRefusal(role: number | null | undefined, statuses: readonly number[]): string | null {
  const allowed = new Set(filterStatuses(role).map((s) => s.id as number));
  const bad = statuses.filter((s) => !allowed.has(s));
  if (bad.length === 0) return null;
  return `Dispatchers cannot filter by status ${bad.map(statusLabel).join(" or ")}.`;
}

export function canEditTransporterId(role: number | null | undefined): boolean {
  return can(role, "das.editTransporterId");
}

export function canEditSpots(role: number | null | undefined): boolean {
  return can(role, "das.editSpots");
}

/** The licence placeholder "license" means none is on file (03 section 2.9). */
export const LICENCE_PLACEHOLDER = "license";
export function licenceLabel(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return "";
  return value.trim().toLowerCase() === LICENCE_PLACEHOLDER ? "No Licence" : value;
}

/**
 * The stations a spot row of the editor may choose: the viewer's stations, with those used by the
 * user's other spots disabled (03 section 2.9).
 */
export function stationChoices(
  stations: readonly { id: number; title: string; tag: string }[],
  spots: readonly { station: number | null }[],
  index: number,
): { id: number; title: string; tag: string; disabled: boolean }[] {
  const usedElsewhere = new Set(
    spots.filter((_, i) => i !== index).map((s) => s.station).filter((s) => s !== null),
  );
  return stations.map((s) => ({ ...s, disabled: usedElsewhere.has(s.id) }));
}
