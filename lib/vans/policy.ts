// Pure rules of the fleet (03 sections 2.10, 4, 6): what a status means, which statuses a role may set,
// which reason goes with which status, which fleet sizes are built in. No database here, so the islands
// and the API share it.
import { effectiveRole } from "../auth/roles.ts";
import { can } from "../auth/permissions.ts";

/** Van (fleet) status, 01 section 3. */
export const VanStatus = { Available: 1, OutOfService: 2, OffBoarded: 3 } as const;
export type VanStatusId = (typeof VanStatus)[keyof typeof VanStatus];
export const VAN_STATUSES: readonly VanStatusId[] = [1, 2, 3];
export const VAN_STATUS_LABELS: Record<VanStatusId, string> = {
  1: "Available",
  2: "Out of Service",
  3: "Off Boarded",
};

/** Out-of-service reason, 01 section 3: only a status-2 van has one. */
export const OOS_REASONS = [0, 1, 2, 3] as const;
export type OosReason = (typeof OOS_REASONS)[number];
export const OOS_REASON_LABELS: Record<OosReason, string> = {
  0: "Regular maintenance",
  1: "Accident fixing",
  2: "Malfunction",
  3: "Other",
};

/** How the company holds a van (Setup's Ownership column). */
export const OWNERSHIP = { 1: "Rental", 2: "Owned" } as const;

/**
 * Fleet sizes every database holds, production included. The ids carry meaning (02: 1 and 5 cargo, 2 large,
 * 3 cube, 6 medium, 4 EDV; the tracker's size picker leaves out 4 and 5 and orders 1, 6, 3, 2), so they are
 * fixed here rather than left to a sequence.
 */
export const FLEET_SIZES = [
  { id: 1, title: "Cargo Van" },
  { id: 2, title: "Large Van" },
  { id: 3, title: "Cube Van" },
  { id: 4, title: "Electric (EDV)" },
  { id: 5, title: "Cargo Van (Rental)" },
  { id: 6, title: "Medium Van" },
] as const;

/** One of the sizes the product's rules mean by id: it can be renamed, never deleted. */
export function isBuiltInFleetSize(id: number): boolean {
  return FLEET_SIZES.some((s) => s.id === id);
}

export function statusLabel(status: number | null | undefined): string {
  return VAN_STATUS_LABELS[status as VanStatusId] ?? (status == null ? "" : `Status ${status}`);
}

export function reasonLabel(reason: number | null | undefined): string {
  return reason == null ? "" : OOS_REASON_LABELS[reason as OosReason] ?? `Reason ${reason}`;
}

/** Value 1 means available, every other value not (03 section 4). */
export function isAvailable(status: number): boolean {
  return status === VanStatus.Available;
}

/** The statuses a role may set: dispatchers (role 1) never Off Boarded (03 sections 2.10, 6). */
export function settableStatuses(role: number | null | undefined): VanStatusId[] {
  return effectiveRole(role) === 1 ? [1, 2] : [1, 2, 3];
}

/** Why this role may not set `status` on a van now `current`, or null when it may. */
export function statusChangeRefusal(
  role: number | null | undefined,
  status: number,
  current?: number,
): string | null {
  if (!settableStatuses(role).includes(status as VanStatusId)) {
    return `Dispatchers cannot set a van to ${VAN_STATUS_LABELS[3]} (3).`;
  }
  // Off-boarding is management's decision, so bringing a van back is too.
  if (effectiveRole(role) === 1 && current === VanStatus.OffBoarded && status !== VanStatus.OffBoarded) {
    return `Dispatchers cannot change an ${VAN_STATUS_LABELS[3]} van; ask a supervisor or manager.`;
  }
  return null;
}

/** The reason stored with a status: kept for Out of Service, cleared for every other status. */
export function reasonFor(status: number, reason: number | null | undefined): number | null {
  return status === VanStatus.OutOfService ? reason ?? null : null;
}

/** True when the (status, reason) pair differs from the van's: only then is a history row written. */
export function isChange(
  from: { status: number; reason: number | null },
  to: { status: number; reason: number | null },
): boolean {
  return from.status !== to.status || (from.reason ?? null) !== (to.reason ?? null);
}

/** Only management roles move a van to another station (03 section 2.10). */
export function canChangeStation(role: number | null | undefined): boolean {
  return can(role, "vans.changeStation");
}
