// Every rule of 02 section 5 "Schedule", pure, so the editor shows what the API enforces: the mutations
// call `reportRefusal` and the island calls the same functions to disable what would be refused.
import { addDays, type IsoDate } from "../dates/calendar.ts";
import { hoursEditable } from "./calc.ts";
import {
  DEFAULT_SHIFT_START,
  HELPABLE_ROLES,
  HOURS_REQUIRED_ROLES,
  SCHEDULE_ROLES,
  ScheduleRole,
  type ScheduleRoleId,
  UNIQUE_STAFF_ROLES,
} from "./roles.ts";
import { SCHEDULE, type ScheduleCode } from "./errors.ts";

/** The helper's schedule role (13), for the editor (islands load policy.ts, not roles.ts). */
export const HELPER_ROLE: number = ScheduleRole.Helper;

/** The user role of drivers (DAs): the only people a helper can help. */
export const DRIVER_USER_ROLE = 5;

/**
 * "For one named role the day before today is allowed": the Owner (user role 4). The spec's other
 * exceptions for past data belong to role 4 too (it grants old-shift access; payroll, which reads these
 * hours, is the Owner's), so the one who answers for yesterday's pay may correct yesterday's schedule.
 */
export const YESTERDAY_ROLE = 4;

/** One person's entry on a day at the station, as the rules need it. */
export interface DayEntry {
  userId: number;
  /** The person's account role (5 = driver). */
  userRole: number;
  role: number | null;
  isAvailable: boolean;
  helperOfId: number | null;
}

/** What the editor sends (the fields of create_or_update_report the rules read). */
export interface ReportDraft {
  date: IsoDate;
  user_id: number;
  is_available: boolean;
  role: number | null;
  role_hours: number | null;
  helper_of: number | null;
  shift_start_time: string | null;
}

/** Whether a cell of `date` may be changed today by a viewer of `viewerRole`. */
export function dayEditable(date: IsoDate, today: IsoDate, viewerRole: number): boolean {
  if (date >= today) return true;
  return viewerRole === YESTERDAY_ROLE && date === addDays(today, -1);
}

/** Roles that cannot be saved without hours; No Show (1) is not flexible, so its base 0 is its hours. */
export function hoursRequired(role: number | null): boolean {
  return role !== null && (HOURS_REQUIRED_ROLES as readonly number[]).includes(role) && hoursEditable(role);
}

/** Staff roles (02 section 5) other people already hold that day at the station. */
export function takenStaffRoles(day: readonly DayEntry[], userId: number): Set<number> {
  return new Set(
    day.filter((e) => e.userId !== userId && e.role !== null && isUniqueRole(e.role)).map((e) => e.role!),
  );
}

export const isUniqueRole = (role: number) => (UNIQUE_STAFF_ROLES as readonly number[]).includes(role);

/**
 * Helper-of candidates: drivers with a Standard or Flex day, not already helped by someone else, and not
 * the helper themself.
 */
export function helperCandidates(day: readonly DayEntry[], userId: number): DayEntry[] {
  const helpedByOthers = new Set(
    day.filter((e) => e.userId !== userId && e.helperOfId !== null).map((e) => e.helperOfId),
  );
  return day.filter((e) =>
    e.userId !== userId && e.userRole === DRIVER_USER_ROLE && e.isAvailable && e.role !== null &&
    (HELPABLE_ROLES as readonly number[]).includes(e.role) && !helpedByOthers.has(e.userId)
  );
}

/**
 * Choosing any role other than 13 clears helper_of; hours of a fixed role are its base hours (entered ones
 * are dropped); an unavailable day has no start time. A role on an unavailable day is refused, not
 * dropped (reportRefusal): the editor never sends one, so a caller that does has made a mistake.
 */
export function normaliseDraft<T extends ReportDraft>(d: T): T {
  return {
    ...d,
    helper_of: d.role === ScheduleRole.Helper ? d.helper_of : null,
    role_hours: hoursEditable(d.role) ? d.role_hours : null,
    shift_start_time: d.is_available ? d.shift_start_time : null,
  };
}

/** The role options of the editor, each with why it cannot be picked (null = it can). */
export function roleOptions(
  day: readonly DayEntry[],
  userId: number,
  helperOf: number | null,
): { id: ScheduleRoleId; name: string; refusal: ScheduleCode | null }[] {
  const taken = takenStaffRoles(day, userId);
  const helped = helperOf === null ? undefined : day.find((e) => e.userId === helperOf);
  return SCHEDULE_ROLES.map((r) => ({
    id: r.id,
    name: r.name,
    refusal: taken.has(r.id)
      ? SCHEDULE.roleTaken
      : helped && helped.role === r.id
      ? SCHEDULE.helperSameRole
      : null,
  }));
}

/**
 * The first rule a draft breaks, or null. `day` holds the station's entries of that date (the person's own
 * may be among them); the draft is taken as normalised (see normaliseDraft).
 */
export function reportRefusal(
  d: ReportDraft,
  ctx: { today: IsoDate; viewerRole: number; day: readonly DayEntry[] },
): ScheduleCode | null {
  if (!dayEditable(d.date, ctx.today, ctx.viewerRole)) return SCHEDULE.pastDay;
  if (d.role !== null && !d.is_available) return SCHEDULE.roleNeedsAvailable;
  if (d.is_available && !d.shift_start_time) return SCHEDULE.startTimeRequired;
  if (hoursRequired(d.role) && !(d.role_hours && d.role_hours > 0)) return SCHEDULE.hoursRequired;
  if (d.role === null) return null;
  if (takenStaffRoles(ctx.day, d.user_id).has(d.role)) return SCHEDULE.roleTaken;
  if (d.role === ScheduleRole.Helper) {
    if (d.helper_of === null) return SCHEDULE.helperOfRequired;
    const helped = helperCandidates(ctx.day, d.user_id).find((e) => e.userId === d.helper_of);
    if (!helped) return SCHEDULE.helperOfNotCandidate;
    if (helped.role === d.role) return SCHEDULE.helperSameRole;
  }
  return null;
}

/** Copy mode: a helper linked to someone cannot be copied (the link belongs to that one day and person). */
export function canCopy(entry: { role: number | null; helperOfId: number | null } | null): boolean {
  return !!entry && !(entry.role === ScheduleRole.Helper && entry.helperOfId !== null);
}

/** The editor's start time for a cell without one. */
export const startTimeOrDefault = (t: string | null | undefined) => (t ? t.slice(0, 5) : DEFAULT_SHIFT_START);

/** Availability requests: future weeks only (after the week holding today), and someone to ask. */
export function requestRefusal(weekStart: IsoDate, today: IsoDate, people: number): ScheduleCode | null {
  if (weekStart <= today) return SCHEDULE.requestWeekNotFuture;
  return people > 0 ? null : SCHEDULE.noPeople;
}

/**
 * Publishing: not for a past week, not without entries that have a role, not when all of them are past.
 * `dates` are the dates of the week's available entries with a role.
 */
export function publishRefusal(
  weekEnd: IsoDate,
  today: IsoDate,
  dates: readonly IsoDate[],
): ScheduleCode | null {
  if (weekEnd < today) return SCHEDULE.publishPastWeek;
  if (dates.length === 0) return SCHEDULE.publishNoData;
  return dates.every((d) => d < today) ? SCHEDULE.publishAllPast : null;
}
