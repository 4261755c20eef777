/**
 * SHIFT-RECORD roles (02 sections 4, 6; 03 2.8). Not the schedule roles (lib/schedule) and never
 * compared with them: the two enumerations share some ids with different meanings.
 */
export const ShiftRole = {
  Standard: 0,
  NoShow: 1,
  Rescue: 2,
  Standby: 3,
  Training: 4,
  Quality: 5,
  Special: 6,
  ClientCancelled: 7,
  Flex: 8,
  MycuCancelled: 9,
  Rejected: 10,
  PerformanceCoordinator: 11,
} as const;
export type ShiftRoleId = (typeof ShiftRole)[keyof typeof ShiftRole];

export interface ShiftRoleInfo {
  id: ShiftRoleId;
  name: string;
  baseHours: number;
}

export const SHIFT_ROLES: readonly ShiftRoleInfo[] = [
  { id: 0, name: "Standard", baseHours: 10 },
  { id: 1, name: "No Show", baseHours: 0 },
  { id: 2, name: "Rescue", baseHours: 6 },
  { id: 3, name: "Standby", baseHours: 3 },
  { id: 4, name: "Training", baseHours: 3 },
  { id: 5, name: "Quality", baseHours: 6 },
  { id: 6, name: "Special", baseHours: 0 },
  { id: 7, name: "Client Cancelled", baseHours: 0 },
  { id: 8, name: "Flex", baseHours: 0 },
  { id: 9, name: "MYCU Cancelled", baseHours: 0 },
  { id: 10, name: "Rejected", baseHours: 0 },
  { id: 11, name: "Performance Coordinator", baseHours: 8 },
];

export function isShiftRole(n: unknown): n is ShiftRoleId {
  return typeof n === "number" && SHIFT_ROLES.some((r) => r.id === n);
}
export function shiftRoleName(id: number): string {
  return SHIFT_ROLES.find((r) => r.id === id)?.name ?? `Role ${id}`;
}
export function baseHours(id: number): number {
  return SHIFT_ROLES.find((r) => r.id === id)?.baseHours ?? 0;
}

/** Roles whose hours the user types (02 section 5). */
export const EDITABLE_HOURS_ROLES: readonly number[] = [2, 5, 6, 8];
/** Roles whose hours are reset to the base hours whenever the role is set (02 section 9). */
export const BASE_HOURS_ROLES: readonly number[] = [0, 1, 3, 4, 7, 9, 10];
/** Cancel-type roles (02 section 6): status 3 goes with 7 and 9, status 2 with 10. */
export const CANCEL_ROLES: readonly number[] = [7, 9, 10];

/** DA status on a shift row (02 section 4). 2 and 3 lock the row. */
export const DaStatus = { Pending: 0, Confirmed: 1, Rejected: 2, Cancelled: 3 } as const;

/** Fleet-size choices on the tracker: ids 4 and 5 left out, in this order (02 section 5). */
export const TRACKER_FLEET_SIZE_ORDER: readonly number[] = [1, 6, 3, 2];

export const WAVES: readonly string[] = ["Wave 1", "Wave 2", "Wave 3", "Wave 4", "Wave 5"];
