// The shapes the tracker API returns and the tracker island reads (02 section 3, field names as the spec).

import type { DriverRef } from "../users/person-ref.ts";
export interface SerialRef {
  id: number;
  serial_number: string;
}
export interface VanRef {
  id: number;
  number: string;
  van_group: { id: number; name: string } | null;
  van_group_name: string | null;
  fleet_size: { id: number; title: string } | null;
}

export interface ShiftRecordDto {
  id: number;
  report: number;
  van: VanRef | null;
  fleet_number: string | null;
  cancelled_fleet_size: number | null;
  role: number;
  role_hours: string | null;
  route: string | null;
  wave_time: string | null;
  driver: DriverRef | null;
  second_driver: DriverRef | null;
  da_status: number;
  second_da_status: number;
  is_status_published: boolean;
  is_second_status_published: boolean;
  status_assigned_by_sms: boolean;
  rabbit_number: SerialRef | null;
  second_rabbit_number: SerialRef | null;
  dolly_number: SerialRef | null;
  second_dolly_number: SerialRef | null;
  returned_rabbit: boolean;
  returned_dolly: boolean;
  ontime_attendance: boolean;
  launchpad_support: boolean;
  morning_checklist: boolean;
  rescue: boolean;
  violation: boolean;
  number_of_stops: number | null;
  number_of_packages: number | null;
  actual_end_time: string | null;
  rescue_given: number | null;
  rescue_taken: number | null;
  uta: number | null;
  utl: number | null;
  nsl: number | null;
  bc: number | null;
  missing: number | null;
  damage: number | null;
  fdd: number | null;
  missort: number | null;
  oc: number | null;
  others: number | null;
  actual_DA: string | null;
  first_stop_time: string | null;
  planned_end_time: string | null;
  created: string;
  /** Send this back with a PATCH: a field changed by someone else since then is a conflict. */
  version: number;
  /** For the caller: the row is read-only (status 2/3, or outside the edit window). */
  locked: boolean;
  /** Why the row is locked, in the words the screen shows on hover; null when it is not. */
  lock_reason: string | null;
  can_delete: boolean;
}

export interface ShiftReportDto {
  id: number;
  report_date: string;
  get_week_day: string;
  /** Zero-based as stored; the board shows it +1. */
  week_number: number;
  station: { id: number; title: string; tag: string };
  has_second_driver: boolean;
  dispatcher: DriverRef | null;
  support_dispatcher: DriverRef | null;
  supervisor: DriverRef | null;
  special_supervisor: DriverRef | null;
  lead_driver: DriverRef | null;
  fleet_coordinator: DriverRef | null;
  created_by: { id: number; first_name: string; last_name: string } | null;
  edited_by: { id: number; first_name: string; last_name: string } | null;
  created: string;
  modified: string;
  /** For the caller: adding rows, uploading, DA 2 and notify are closed (outside the edit window). */
  closed: boolean;
  /** Rows with a driver whose status is not yet published, counting first and second drivers. */
  unpublished_count: number;
}
