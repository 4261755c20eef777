// What the Pulse statistics answer (GET api/statistic/?statistic=<name>; 03 section 2.7, 01 section 7).
// Types only: the island imports them. Per-DA lists are sorted by their figure, largest first.

export interface DaCountDto {
  id: number;
  name: string;
  count: number;
}
/** schedule_availability: days a DA said available (03 "availability list {name, availability_days}"). */
export interface AvailabilityRowDto {
  id: number;
  name: string;
  availability_days: number;
}
export interface ChecklistRowDto {
  id: number;
  name: string;
  done: number;
  missed: number;
}
export interface RescueRowDto {
  id: number;
  name: string;
  given: number;
  taken: number;
}
export interface ReturnsRowDto {
  id: number;
  name: string;
  returns: number;
  packages: number;
}
/** worst_dsb_count: since 2024 Amazon reports DSB instead of DAR (03 2.5); the value is the DSB count. */
export interface DarRowDto {
  transporter_id: string;
  name: string;
  dar_value: number;
}
export interface DayRoutesDto {
  date: string;
  routes: number;
}
export interface DayDeliveredDto {
  date: string;
  delivered: number;
  returned: number;
}
export interface AveragesDto {
  routes: number;
  packages_per_route: number | null;
  stops_per_route: number | null;
  returns_per_route: number | null;
}
export interface StatusesDto {
  pending: number;
  confirmed: number;
  rejected: number;
  cancelled: number;
}
export interface VanRowDto {
  van_id: number;
  number: string;
  plate_number: string | null;
  shifts: number;
  days: number;
}

/** The answer of each Pulse statistic, by name. */
export interface PulseStatDtos {
  schedule_availability: { data: AvailabilityRowDto[] };
  rejected_stats: { data: DaCountDto[] };
  late_attendance: { data: DaCountDto[] };
  launchpad_support: { data: DaCountDto[] };
  morning_checklist: { data: ChecklistRowDto[] };
  rescue: { data: RescueRowDto[] };
  returned_data_by_driver: { data: ReturnsRowDto[] };
  /** No shift field holds cash on delivery (decisions): always empty, `recorded: false`. */
  cash_on_delivery: { data: { name: string; amount: string }[]; recorded: false };
  worst_dsb_count: { data: DarRowDto[]; measure: "dsb_count"; weeks: string[] };
  active_days: { data: DaCountDto[] };
  number_of_routes: { data: DayRoutesDto[] };
  delivered_returned: { data: DayDeliveredDto[] };
  average_and_statuses: { averages: AveragesDto; statuses: StatusesDto };
  vans_table: { data: VanRowDto[] };
}
export type PulseStatName = keyof PulseStatDtos;
