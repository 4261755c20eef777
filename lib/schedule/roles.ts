/**
 * SCHEDULE roles (02 section 6). Not the shift-record roles (lib/shifts/roles.ts) and never compared with
 * them: ids 9 and 10 mean Dispatcher and Supervisor here, cancelled types there.
 */
export const ScheduleRole = {
  Standard: 0,
  NoShow: 1,
  Rescue: 2,
  Standby: 3,
  Training: 4,
  Quality: 5,
  Special: 6,
  ClientCancelled: 7,
  Flex: 8,
  Dispatcher: 9,
  Supervisor: 10,
  FleetCoordinator: 11,
  LeadDriver: 12,
  Helper: 13,
  SupportDispatcher: 14,
  MycuCancelled: 15,
  Rejected: 16,
  PerformanceCoordinator: 17,
} as const;
export type ScheduleRoleId = (typeof ScheduleRole)[keyof typeof ScheduleRole];

export interface ScheduleRoleInfo {
  id: ScheduleRoleId;
  name: string;
  /** Hours a day in this role unless it is flexible and hours were entered. */
  baseHours: number;
  /** Flexible roles take the hours entered for the day (02 section 2 "Schedule"). */
  flexible: boolean;
}

export const SCHEDULE_ROLES: readonly ScheduleRoleInfo[] = [
  { id: 0, name: "Standard", baseHours: 10, flexible: false },
  { id: 1, name: "No Show", baseHours: 0, flexible: false },
  { id: 2, name: "Rescue", baseHours: 6, flexible: true },
  { id: 3, name: "Standby", baseHours: 3, flexible: false },
  { id: 4, name: "Training", baseHours: 3, flexible: false },
  { id: 5, name: "Quality", baseHours: 6, flexible: true },
  { id: 6, name: "Special", baseHours: 0, flexible: true },
  { id: 7, name: "Client Cancelled", baseHours: 0, flexible: false },
  { id: 8, name: "Flex", baseHours: 0, flexible: true },
  { id: 9, name: "Dispatcher", baseHours: 12, flexible: true },
  { id: 10, name: "Supervisor", baseHours: 8, flexible: true },
  { id: 11, name: "Fleet Coordinator", baseHours: 8, flexible: true },
  { id: 12, name: "Lead Driver", baseHours: 6, flexible: true },
  { id: 13, name: "Helper", baseHours: 0, flexible: true },
  { id: 14, name: "Support Dispatcher", baseHours: 6, flexible: true },
  { id: 15, name: "MYCU Cancelled", baseHours: 0, flexible: false },
  { id: 16, name: "Rejected", baseHours: 0, flexible: false },
  { id: 17, name: "Performance Coordinator", baseHours: 8, flexible: true },
];

const BY_ID = new Map<number, ScheduleRoleInfo>(SCHEDULE_ROLES.map((r) => [r.id, r]));

export function scheduleRole(id: number | null | undefined): ScheduleRoleInfo | undefined {
  return id === null || id === undefined ? undefined : BY_ID.get(id);
}

export function isScheduleRole(id: number): id is ScheduleRoleId {
  return BY_ID.has(id);
}

export function scheduleRoleName(id: number | null | undefined): string {
  return scheduleRole(id)?.name ?? "";
}

/** 02 section 5: these roles cannot be saved without hours ("Save disabled ... hours are empty"). */
export const HOURS_REQUIRED_ROLES: readonly ScheduleRoleId[] = [1, 6, 8, 10, 14];

/** 02 section 5: at most one person per date and station in each of these staff roles. */
export const UNIQUE_STAFF_ROLES: readonly ScheduleRoleId[] = [
  ScheduleRole.Dispatcher,
  ScheduleRole.SupportDispatcher,
  ScheduleRole.Supervisor,
  ScheduleRole.FleetCoordinator,
  ScheduleRole.LeadDriver,
];

/** 02 section 5: a helper helps a driver whose day is Standard or Flex. */
export const HELPABLE_ROLES: readonly ScheduleRoleId[] = [ScheduleRole.Standard, ScheduleRole.Flex];

/** Default shift start (02 section 9). */
export const DEFAULT_SHIFT_START = "09:00";
