// The dashboard's answers (01 section 3 "Dashboard data"), field names as the spec writes them.

export interface RoutesStatsDto {
  total_routes: number;
  /** The month budgets' routes, spread evenly over each month's days, for the period's days. */
  total_plans: number;
  /** total_routes against total_plans, %; null without a plan. */
  completion: number | null;
  training_routes: number;
  cancelled_routes: number;
  mycu_cancelled_routes: number;
  other_routes: number;
}

export interface ReturnedStatsDto {
  uta: number;
  utl: number;
  nsl: number;
  bc: number;
  missing: number;
  damage: number;
  fdd: number;
  missort: number;
  oc: number;
  others: number;
  total: number;
  /** Missing among the returns, %. */
  of_returns: number | null;
  /** Returns among the packages, % (the Returns card's "actual share"). */
  of_deliveries: number | null;
}

export interface MissingByDriverDto {
  date: string;
  driver: { first_name: string; last_name: string } | null;
  station: { title: string };
  missing: number;
}

export interface DeliveriesStatsDto {
  total_deliveries: number;
  prev_total_deliveries: number;
  total_returns: number;
  total_plans: number;
  /** total_deliveries against the delivery plan, %; null without a plan. */
  from_actual: number | null;
  returned_stats: ReturnedStatsDto;
  returns: { actual: { missing: number }; prev: { missing: number } };
  missing_data_by_driver: MissingByDriverDto[];
}

export interface SerialNumberStatsDto {
  rabbit_returns: number;
  total_rabbits: number;
  difference_rabbit: number;
  /** Returned share, %; null when no rabbit went out. */
  rabbit_non_returned: number | null;
  dolly_returns: number;
  total_dollies: number;
  difference_dolly: number;
  dolly_non_returned: number | null;
}

export interface DaStatusesDto {
  assigned_drivers: number;
  active_drivers: number;
  off_boarded_drivers: number;
  inactive_drivers: number;
  active_from_total: number | null;
}

export interface OutOfServiceVanDto {
  plate_number: string;
  station: { title: string } | null;
  number: string;
  van_group: { name: string } | null;
  status_change_reason: string | null;
}

export interface FleetStatusesDto {
  assigned_fleets: number;
  available_fleets: number;
  out_of_service_fleets: number;
  active_from_total: number | null;
  out_of_service_list: OutOfServiceVanDto[];
}

export interface RoleCountDto {
  role: string;
  role_id: number;
  counter: number;
}

export interface BudgetDto {
  routes: number;
  deliveries: number;
  das: number;
  fleet: number;
  /** The month(s) it covers: the period's month, or every month of the year for an annual view. */
  months: number;
}

export interface PeriodDto {
  type: "annual" | "month" | "week" | "day";
  from: string;
  to: string;
  prev_from: string;
  prev_to: string;
}

export interface DashboardDto {
  period: PeriodDto;
  stations: number[];
  routes: RoutesStatsDto;
  deliveries: DeliveriesStatsDto;
  serial_numbers: SerialNumberStatsDto;
  da_statuses: DaStatusesDto;
  fleet_statuses: FleetStatusesDto;
  roles: RoleCountDto[];
  budget: BudgetDto | null;
}

export interface TrendItemDto {
  label: string;
  date: string | null;
  week: number | null;
  month: number | null;
  year: number;
  route_plan: number;
  routes: number;
  delivery_plan: number;
  deliveries: number;
  returns: number;
  missing: number;
}
