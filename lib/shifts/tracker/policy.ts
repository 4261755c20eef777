// Pure rules of a tracker write: why a row or a report refuses changes, which fields a PATCH conflicts on,
// and how the API's snake_case input maps onto the row. No database here: the tests call these directly.
import { daysAgo } from "../../dates/periods.ts";
import { EDIT_WINDOW_DAYS, type Editor, isReportClosed, isRowLocked } from "../locks.ts";
import type { RowChange } from "../rules.ts";
import type { RecordPatchInput } from "../inputs.ts";

/** 'This row is locked: ...' with the reason, or null when the editor may change the row. */
export function rowLockRefusal(
  row: { daStatus: number; statusAssignedBySms: boolean; driverId: number | null },
  reportDate: string,
  today: string,
  editor: Editor,
): string | null {
  if (!isRowLocked(row, reportDate, today, editor)) return null;
  if (daysAgo(reportDate, today) > EDIT_WINDOW_DAYS) {
    return `This row is locked: the shift date is more than ${EDIT_WINDOW_DAYS} days ago and you have no access to old shifts.`;
  }
  const what = row.daStatus === 2 ? "rejected (status 2)" : "cancelled (status 3)";
  return `This row is locked: the DA's shift is ${what}. Only a user with access to old shifts can change it.`;
}

/** 'This report is closed: ...' (adding rows, upload, DA 2, notify), or null while it is open. */
export function reportClosedRefusal(reportDate: string, today: string, editor: Editor): string | null {
  if (!isReportClosed(reportDate, today, editor)) return null;
  return `This report is closed: the shift date is more than ${EDIT_WINDOW_DAYS} days ago and you have no access to old shifts.`;
}

/** Input fields written as they come (no transition rule), and their column on the row. */
export const PLAIN_FIELDS = {
  route: "route",
  wave_time: "waveTime",
  returned_rabbit: "returnedRabbit",
  returned_dolly: "returnedDolly",
  ontime_attendance: "ontimeAttendance",
  launchpad_support: "launchpadSupport",
  morning_checklist: "morningChecklist",
  violation: "violation",
  number_of_stops: "numberOfStops",
  number_of_packages: "numberOfPackages",
  actual_end_time: "actualEndTime",
  first_stop_time: "firstStopTime",
  planned_end_time: "plannedEndTime",
  rescue_taken: "rescueTaken",
  uta: "uta",
  utl: "utl",
  nsl: "nsl",
  bc: "bc",
  missing: "missing",
  damage: "damage",
  fdd: "fdd",
  missort: "missort",
  oc: "oc",
  others: "others",
  actual_DA: "actualDa",
} as const;
export type PlainField = keyof typeof PLAIN_FIELDS;

/**
 * The key under which field_versions records each column: the API's field name, so a conflict names
 * what the person edited. Side effects (a role change resetting the status) bump their own keys.
 */
export const VERSION_KEYS: Record<string, string> = {
  driverId: "driver",
  secondDriverId: "second_driver",
  daStatus: "da_status",
  secondDaStatus: "second_da_status",
  isStatusPublished: "is_status_published",
  isSecondStatusPublished: "is_second_status_published",
  role: "role",
  roleHours: "role_hours",
  vanId: "van",
  fleetNumber: "fleet_number",
  cancelledFleetSizeId: "cancelled_fleet_size",
  rescueGiven: "rescue_given",
  rescue: "rescue",
  rabbitId: "rabbit_number",
  secondRabbitId: "second_rabbit_number",
  dollyId: "dolly_number",
  secondDollyId: "second_dolly_number",
  ...Object.fromEntries(Object.entries(PLAIN_FIELDS).map(([k, col]) => [col, k])),
};

/** Which version keys an input field reads: fleet_size stands for the van (or the cancelled size). */
export function watchedKeys(field: string): string[] {
  return field === "fleet_size" ? ["van", "cancelled_fleet_size"] : [field];
}

/** ids: 0 and null both mean "none". */
const normal = (v: unknown) => (v === 0 || v === undefined ? null : v);

/**
 * The first field the client sends that someone else changed after the version the client saw, to a
 * value other than the one the client sends (sending what is already there is never a conflict).
 * `current` holds each field's present value in input terms (ids, fleet size id).
 */
export function conflictingField(
  sent: Record<string, unknown>,
  current: Record<string, unknown>,
  fieldVersions: Record<string, number>,
  seenVersion: number,
): string | null {
  for (const [field, value] of Object.entries(sent)) {
    if (field === "version" || field === "record_id" || value === undefined) continue;
    const changedAfter = watchedKeys(field).some((k) => (fieldVersions[k] ?? 0) > seenVersion);
    if (changedAfter && normal(current[field]) !== normal(value)) return field;
  }
  return null;
}

const id = (v: number | null | undefined) => (v ? v : null);

/** The rule-bearing part of a PATCH as the transition rules read it (0 and null clear). */
export function toRowChange(input: RecordPatchInput): RowChange {
  const c: RowChange = {};
  if (input.driver !== undefined) c.driverId = id(input.driver);
  if (input.second_driver !== undefined) c.secondDriverId = id(input.second_driver);
  if (input.da_status !== undefined) c.daStatus = input.da_status;
  if (input.second_da_status !== undefined) c.secondDaStatus = input.second_da_status;
  if (input.role !== undefined) c.role = input.role;
  if (input.role_hours !== undefined) c.roleHours = input.role_hours;
  if (input.fleet_number !== undefined) c.fleetNumber = input.fleet_number;
  if (input.fleet_size !== undefined) c.fleetSizeId = id(input.fleet_size);
  if (input.rescue_given !== undefined) c.rescueGiven = input.rescue_given;
  return c;
}

/** The plain fields of a PATCH as column values (null stores empty: the API stores what it is sent). */
export function plainChanges(input: RecordPatchInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(PLAIN_FIELDS)) {
    const v = (input as Record<string, unknown>)[field];
    if (v !== undefined) out[col] = v;
  }
  return out;
}

/** field_versions after a write: every changed column's key at the new version. */
export function bumpVersions(
  before: Record<string, number>,
  changedColumns: string[],
  newVersion: number,
): Record<string, number> {
  const out = { ...before };
  for (const col of changedColumns) out[VERSION_KEYS[col] ?? col] = newVersion;
  return out;
}
