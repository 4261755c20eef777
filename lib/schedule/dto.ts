// Response shapes of the schedule's calls (02 section 3 "Schedule report"; "Schedule data returns date_list
// and data_list"). Fields past the spec's are additions a client may ignore.
import { hoursText } from "./calc.ts";
import { scheduleRoleName } from "./roles.ts";

/** One person's day (02 "Schedule report"). role_hours are the hours the day counts (base, entered or helped). */
export interface ScheduleEntryDto {
  id: number;
  schedule_date: string;
  assigned_to: number;
  role: number | null;
  role_name: string;
  role_hours: string;
  is_available: boolean;
  is_published: boolean;
  /** HH:MM, null when unavailable. */
  shift_start_time: string | null;
  helper_of: number | null;
  helper_of_name: string | null;
  station: number;
  station__title: string;
}

/** A row of the grid: the person and their seven days (null = empty cell), Sunday first. */
export interface SchedulePersonDto {
  id: number;
  first_name: string;
  last_name: string;
  /** The account role: 5 driver, 2 supervisor, 1 dispatcher. */
  role: number;
  status: number;
  badge: string | null;
  has_mobile: boolean;
  total_hours: string;
  reports: (ScheduleEntryDto | null)[];
}

/** Every entry of the station that week, whatever the filters: what the editor's role rules need. */
export interface DayEntryDto {
  user_id: number;
  user_role: number;
  name: string;
  schedule_date: string;
  role: number | null;
  is_available: boolean;
  helper_of: number | null;
}

export interface ScheduleWeekDto {
  year: number;
  /** zero-based, as asked */
  week: number;
  station: { id: number; title: string; tag: string };
  /** The organisation's today: the grid greys out days before it. */
  today: string;
  date_list: string[];
  data_list: SchedulePersonDto[];
  day_entries: DayEntryDto[];
}

export interface EntryRow {
  id: number;
  scheduleDate: string;
  userId: number;
  role: number | null;
  roleHours: string | number;
  isAvailable: boolean;
  isPublished: boolean;
  shiftStartTime: string | null;
  helperOfId: number | null;
  helperFirstName: string | null;
  helperLastName: string | null;
  stationId: number;
  stationTitle: string;
}

export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(" ").trim();

export function toEntryDto(r: EntryRow): ScheduleEntryDto {
  return {
    id: r.id,
    schedule_date: r.scheduleDate,
    assigned_to: r.userId,
    role: r.role,
    role_name: scheduleRoleName(r.role),
    role_hours: hoursText(Number(r.roleHours)),
    is_available: r.isAvailable,
    is_published: r.isPublished,
    shift_start_time: r.shiftStartTime ? r.shiftStartTime.slice(0, 5) : null,
    helper_of: r.helperOfId,
    helper_of_name: r.helperOfId === null ? null : fullName(r.helperFirstName, r.helperLastName),
    station: r.stationId,
    station__title: r.stationTitle,
  };
}

/** The answer of create_or_update_report: the spec's created flag plus the entry. */
export interface SaveReportDto {
  created: boolean;
  data: ScheduleEntryDto;
}

/** The answer of both sends. */
export interface SendResultDto {
  detail: string;
  sent: number;
  skipped_no_mobile: number;
  skipped_blocked: number;
  /** Publish only: entries marked published. */
  published?: number;
}
