import { daysAgo } from "../dates/periods.ts";

/** Past-edit window: a report can be changed until two days after its date (02 section 9). */
export const EDIT_WINDOW_DAYS = 2;

export interface Editor {
  canCreateOldShifts: boolean;
}

/** Today is after report date + 2 days and the user lacks old-shift access: the report is read-only. */
export function isReportClosed(reportDate: string, today: string, editor: Editor): boolean {
  return !editor.canCreateOldShifts && daysAgo(reportDate, today) > EDIT_WINDOW_DAYS;
}

/**
 * A row is locked (02 "Row locking") unless the user has old-shift access, when its status is 2 or 3
 * (for rows whose status was not assigned by SMS) or the report is outside the edit window. The status
 * rule protects a DA's cancelled shift; a row without a DA has none, so a dispatcher can set it back
 * (issue 10 point 2: such rows were left behind before roles and statuses needed a DA).
 */
export function isRowLocked(
  row: { daStatus: number; statusAssignedBySms: boolean; driverId: number | null },
  reportDate: string,
  today: string,
  editor: Editor,
): boolean {
  return rowLockReason(row, reportDate, today, editor) !== null;
}

/** Why a row is locked, for the reason's words; null when it is not. */
export type LockReason = "status" | "closed";

/** The same rule as isRowLocked, naming which part holds: a released DA status first, then the window. */
export function rowLockReason(
  row: { daStatus: number; statusAssignedBySms: boolean; driverId: number | null },
  reportDate: string,
  today: string,
  editor: Editor,
): LockReason | null {
  if (editor.canCreateOldShifts) return null;
  const cancelled = row.daStatus === 2 || row.daStatus === 3;
  if (cancelled && !row.statusAssignedBySms && row.driverId !== null) return "status";
  return daysAgo(reportDate, today) > EDIT_WINDOW_DAYS ? "closed" : null;
}

/** The words a locked row shows on hover (the tracker's lock mark and every cell of the row). */
export const LOCK_REASON_TEXT: Record<LockReason, string> = {
  status: "Locked: the DA's status is Rejected or Cancelled, so the row is kept as it was. " +
    "A user with access to old shifts can still change it.",
  closed: `Locked: this shift report is closed (more than ${EDIT_WINDOW_DAYS} days old). ` +
    "A user with access to old shifts can still change it.",
};

/** Delete is hidden, and refused, for rows whose status was assigned by SMS. */
export function canDeleteRow(row: { statusAssignedBySms: boolean }): boolean {
  return !row.statusAssignedBySms;
}

/** Creating a report for a date before today needs old-shift access (02 section 5). */
export function canCreateForDate(reportDate: string, today: string, editor: Editor): boolean {
  return editor.canCreateOldShifts || reportDate >= today;
}
