// Hours of the schedule (02 section 2 "Schedule"): base hours from the role table, entered hours for
// flexible roles, and a helper takes the hours of the person helped. Pure; the page and payroll share it.
// Hours are kept in hundredths (integers) while adding, so a week of 7.25 + 7.25 ... never drifts.
import { ScheduleRole, scheduleRole } from "./roles.ts";

/** The hours a day counts, given the role, the hours entered and (for a helper) the helped person's hours. */
export function entryHours(
  role: number | null | undefined,
  entered: number | null | undefined,
  helpedHours: number | null = null,
): number {
  const info = scheduleRole(role);
  if (!info) return 0;
  if (info.id === ScheduleRole.Helper) return helpedHours ?? 0;
  if (!info.flexible) return info.baseHours;
  return entered ?? info.baseHours;
}

/** Whether the hours field may be typed into: flexible roles except the helper (its hours are the helped's). */
export function hoursEditable(role: number | null | undefined): boolean {
  const info = scheduleRole(role);
  return !!info && info.flexible && info.id !== ScheduleRole.Helper;
}

/** The sum of a person's hours over the week, to two decimals. */
export function totalHours(hours: readonly number[]): number {
  return hours.reduce((sum, h) => sum + Math.round(h * 100), 0) / 100;
}

/** Hours as the grid and the API show them: "10.00", "7.50". */
export function hoursText(h: number): string {
  return (Math.round(h * 100) / 100).toFixed(2);
}
