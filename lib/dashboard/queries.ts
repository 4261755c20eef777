// The dashboard's figures (01 sections 3 and 4), every statement limited to the stations passed in
// (already checked against the viewer by policy.ts). Which shift records count for what:
//  - routes: records of SHIFT role Standard (0) or Flex (8), the actual routes (03 2.8);
//  - training 4, client cancelled 7, MYCU cancelled 9; other = every other role but No Show 1, Rejected 10;
//  - packages, returns (the ten reason columns) and missing: summed over the routes;
//    deliveries = packages - returns;
//  - plans: each month's budget spread evenly over its days (budget / days in month), summed over the period.
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { ShiftRole } from "../shifts/roles.ts";
import { reasonLabel } from "../vans/policy.ts";
import { percent } from "./calc.ts";
import type { Period } from "./calc.ts";
import type {
  BudgetDto,
  DaStatusesDto,
  DeliveriesStatsDto,
  FleetStatusesDto,
  MissingByDriverDto,
  RoleCountDto,
  RoutesStatsDto,
  SerialNumberStatsDto,
} from "./dto.ts";
import { shiftRoleName } from "../shifts/roles.ts";

const REASONS = ["uta", "utl", "nsl", "bc", "missing", "damage", "fdd", "missort", "oc", "others"] as const;
const ROUTE_ROLES = [ShiftRole.Standard, ShiftRole.Flex];
const NOT_OTHER = [0, 8, 4, 7, 9, 1, 10];
const ids = (stations: readonly number[]) => sql.param(stations.length ? [...stations] : [-1]);

type Figures = Record<string, number>;
const num = (r: Record<string, unknown>): Figures =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v ?? 0)]));

/** Summed per report and role (shift_report_totals, kept by triggers on shift_records): ~6 rows a report,
 * so a year with the year before at 50 stations reads ~210k rows instead of ~2M records, found by their own
 * station and date index (each row carries its report's), with no join. */
const TOTALS = sql`shift_report_totals t`;

/** One pass over the period and the one before: route counts, packages, returns, scanners. */
export async function shiftFigures(db: Queryable, stations: readonly number[], p: Period) {
  const cur = sql`t.report_date >= ${p.from}::date`;
  const route = sql`t.role = any(${sql.param(ROUTE_ROLES)}::int[])`;
  const reasonSums = sql.join(
    REASONS.map((k) =>
      sql`coalesce(sum(t.${sql.raw(k)}) filter (where ${cur} and ${route}), 0)::int as ${sql.raw(k)}`
    ),
    sql`, `,
  );
  const total = sql.raw(REASONS.map((k) => `t.${k}`).join(" + "));
  const n = (where: SQL) => sql`coalesce(sum(t.records) filter (where ${cur} and ${where}), 0)::int`;
  const result = await db.execute(sql`
    select
      ${n(route)} as routes,
      ${n(sql`t.role = ${ShiftRole.Training}`)} as training,
      ${n(sql`t.role = ${ShiftRole.ClientCancelled}`)} as cancelled,
      ${n(sql`t.role = ${ShiftRole.MycuCancelled}`)} as mycu,
      ${n(sql`t.role <> all(${sql.param(NOT_OTHER)}::int[])`)} as other,
      coalesce(sum(t.packages) filter (where ${cur} and ${route}), 0)::int as packages,
      coalesce(sum(t.packages) filter (where not ${cur} and ${route}), 0)::int as prev_packages,
      coalesce(sum(${total}) filter (where ${cur} and ${route}), 0)::int as returns,
      coalesce(sum(${total}) filter (where not ${cur} and ${route}), 0)::int as prev_returns,
      coalesce(sum(t.missing) filter (where not ${cur} and ${route}), 0)::int as prev_missing,
      ${reasonSums},
      coalesce(sum(t.rabbits) filter (where ${cur}), 0)::int as rabbits,
      coalesce(sum(t.rabbits_back) filter (where ${cur}), 0)::int as rabbits_back,
      coalesce(sum(t.dollies) filter (where ${cur}), 0)::int as dollies,
      coalesce(sum(t.dollies_back) filter (where ${cur}), 0)::int as dollies_back
    from ${TOTALS}
    where t.station_id = any(${ids(stations)}::int[])
      and t.report_date between ${p.prevFrom}::date and ${p.to}::date`);
  return num(rowsOf(result)[0] ?? {});
}

/** Planned routes and deliveries: each month's budget spread over its days, for the days from..to. */
export async function plannedFigures(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<{ routes: number; deliveries: number }> {
  const result = await db.execute(sql`
    select coalesce(sum(b.budget_no_of_routes::numeric * m.n / m.days), 0)::float8 as routes,
           coalesce(sum(b.budget_no_of_deliveries::numeric * m.n / m.days), 0)::float8 as deliveries
    from (
      select extract(year from d)::int as y, extract(month from d)::int as mo, count(*)::int as n,
        extract(day from date_trunc('month', min(d)) + interval '1 month - 1 day')::int as days
      from generate_series(${from}::date, ${to}::date, interval '1 day') d group by 1, 2
    ) m
    join budgets b on b.year = m.y and b.month = m.mo and b.station_id = any(${ids(stations)}::int[])`);
  const r = num(rowsOf(result)[0] ?? {});
  return { routes: Math.round(r.routes), deliveries: Math.round(r.deliveries) };
}

export function routesStats(f: Figures, plannedRoutes: number): RoutesStatsDto {
  return {
    total_routes: f.routes,
    total_plans: plannedRoutes,
    completion: percent(f.routes, plannedRoutes),
    training_routes: f.training,
    cancelled_routes: f.cancelled,
    mycu_cancelled_routes: f.mycu,
    other_routes: f.other,
  };
}

export function deliveriesStats(
  f: Figures,
  plannedDeliveries: number,
  missingByDriver: MissingByDriverDto[],
): DeliveriesStatsDto {
  const deliveries = f.packages - f.returns;
  const returned = Object.fromEntries(REASONS.map((k) => [k, f[k]])) as Record<
    (typeof REASONS)[number],
    number
  >;
  return {
    total_deliveries: deliveries,
    prev_total_deliveries: f.prev_packages - f.prev_returns,
    total_returns: f.returns,
    total_plans: plannedDeliveries,
    from_actual: percent(deliveries, plannedDeliveries),
    returned_stats: {
      ...returned,
      total: f.returns,
      of_returns: percent(f.missing, f.returns),
      of_deliveries: percent(f.returns, f.packages),
    },
    returns: { actual: { missing: f.missing }, prev: { missing: f.prev_missing } },
    missing_data_by_driver: missingByDriver,
  };
}

export function serialNumberStats(f: Figures): SerialNumberStatsDto {
  return {
    rabbit_returns: f.rabbits_back,
    total_rabbits: f.rabbits,
    difference_rabbit: f.rabbits - f.rabbits_back,
    rabbit_non_returned: percent(f.rabbits_back, f.rabbits),
    dolly_returns: f.dollies_back,
    total_dollies: f.dollies,
    difference_dolly: f.dollies - f.dollies_back,
    dolly_non_returned: percent(f.dollies_back, f.dollies),
  };
}

/** Records with missing packages in the period, newest first (at most 200). */
export async function missingByDriver(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<MissingByDriverDto[]> {
  const result = await db.execute(sql`
    select r.report_date::text as date, u.first_name, u.last_name, s.title, r.missing::int as missing
    from shift_records r join shift_reports rep on rep.id = r.report_id
    join stations s on s.id = rep.station_id
    left join users u on u.id = r.driver_id
    where rep.station_id = any(${
    ids(stations)
  }::int[]) and r.report_date between ${from}::date and ${to}::date
      and r.missing > 0
    order by r.report_date desc, r.missing desc, r.id limit 200`);
  return rowsOf<
    { date: string; first_name: string | null; last_name: string | null; title: string; missing: number }
  >(
    result,
  ).map((r) => ({
    date: r.date,
    driver: r.first_name === null ? null : { first_name: r.first_name, last_name: r.last_name ?? "" },
    station: { title: r.title },
    missing: Number(r.missing),
  }));
}

/** DAs (role 5) holding a spot at any of the stations, by status (01 section 3 enumeration). */
export async function daStatuses(db: Queryable, stations: readonly number[]): Promise<DaStatusesDto> {
  const result = await db.execute(sql`
    select count(*)::int as assigned,
      count(*) filter (where u.status in (1, 2))::int as active,
      count(*) filter (where u.status = 5)::int as off_boarded,
      count(*) filter (where u.status = 6)::int as inactive
    from users u
    where u.role = 5 and exists (select 1 from station_spots sp where sp.user_id = u.id
      and sp.station_id = any(${ids(stations)}::int[]))`);
  const r = num(rowsOf(result)[0] ?? {});
  return {
    assigned_drivers: r.assigned,
    active_drivers: r.active,
    off_boarded_drivers: r.off_boarded,
    inactive_drivers: r.inactive,
    active_from_total: percent(r.active, r.assigned),
  };
}

/** Vans of the stations that are not Off Boarded: Available and Out of Service, with the reasons. */
export async function fleetStatuses(db: Queryable, stations: readonly number[]): Promise<FleetStatusesDto> {
  const result = await db.execute(sql`
    select v.plate_number, v.number, v.status, v.status_change_reason, s.title, g.name as group_name
    from vans v left join stations s on s.id = v.station_id left join van_groups g on g.id = v.van_group_id
    where v.station_id = any(${ids(stations)}::int[]) and v.status <> 3
    order by v.number`);
  const rows = rowsOf<{
    plate_number: string;
    number: string;
    status: number;
    status_change_reason: number | null;
    title: string | null;
    group_name: string | null;
  }>(result);
  const available = rows.filter((r) => Number(r.status) === 1).length;
  const oos = rows.filter((r) => Number(r.status) === 2);
  return {
    assigned_fleets: rows.length,
    available_fleets: available,
    out_of_service_fleets: oos.length,
    active_from_total: percent(available, rows.length),
    out_of_service_list: oos.map((r) => ({
      plate_number: r.plate_number,
      station: r.title === null ? null : { title: r.title },
      number: r.number,
      van_group: r.group_name === null ? null : { name: r.group_name },
      status_change_reason: r.status_change_reason === null
        ? null
        : reasonLabel(Number(r.status_change_reason)),
    })),
  };
}

/** Shift records of the period by SHIFT role, most first. */
export async function roleCounts(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<RoleCountDto[]> {
  const result = await db.execute(sql`
    select t.role, sum(t.records)::int as counter
    from ${TOTALS}
    where t.station_id = any(${ids(stations)}::int[]) and t.report_date between ${from}::date and ${to}::date
    group by t.role having sum(t.records) > 0 order by counter desc, t.role`);
  return rowsOf<{ role: number; counter: number }>(result).map((r) => ({
    role: shiftRoleName(Number(r.role)),
    role_id: Number(r.role),
    counter: Number(r.counter),
  }));
}

/** The budgets of the months the period lies in (all twelve for a year), summed; null when none exist. */
export async function periodBudget(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<BudgetDto | null> {
  const result = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(budget_no_of_routes), 0)::int as routes,
      coalesce(sum(budget_no_of_deliveries), 0)::int as deliveries,
      coalesce(sum(budget_no_of_da), 0)::int as das, coalesce(sum(budget_no_of_fleet), 0)::int as fleet,
      count(distinct (year, month))::int as months
    from budgets
    where station_id = any(${ids(stations)}::int[])
      and make_date(year, month, 1) between date_trunc('month', ${from}::date)::date and ${to}::date`);
  const r = num(rowsOf(result)[0] ?? {});
  if (!r.n) return null;
  return { routes: r.routes, deliveries: r.deliveries, das: r.das, fleet: r.fleet, months: r.months };
}
