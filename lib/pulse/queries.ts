// The Pulse statistics' reads (03 section 2.7), every statement limited inside the SQL to the stations
// passed in (already checked against the viewer by lib/dashboard/policy.ts). Which records count:
//  - a WORKED record: a shift record whose SHIFT role is not No Show (1) or a cancel type (7, 9, 10);
//  - per-DA figures belong to the record's driver (driver_id); active days count either seat;
//  - rescues: records where the DA gave packages (rescue_given > 0) or had them taken (rescue_taken > 0);
//  - routes: roles Standard (0) and Flex (8); returns = the ten reason columns; delivered = packages - returns.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { ShiftRole } from "../shifts/roles.ts";
import type { AveragesDto, DarRowDto, StatusesDto, VanRowDto } from "./dto.ts";

const REASONS = ["uta", "utl", "nsl", "bc", "missing", "damage", "fdd", "missort", "oc", "others"];
const RETURNS = sql.raw(REASONS.map((k) => `coalesce(r.${k}, 0)`).join(" + "));
const NOT_WORKED = [ShiftRole.NoShow, ShiftRole.ClientCancelled, ShiftRole.MycuCancelled, ShiftRole.Rejected];
const ROUTE_ROLES = [ShiftRole.Standard, ShiftRole.Flex];
const ids = (stations: readonly number[]) => sql.param(stations.length ? [...stations] : [-1]);
const worked = sql`r.role <> all(${sql.param(NOT_WORKED)}::int[])`;
const route = sql`r.role = any(${sql.param(ROUTE_ROLES)}::int[])`;
const nameOf = sql`trim(u.first_name || ' ' || u.last_name)`;

const RECORDS = sql`shift_records r join shift_reports rep on rep.id = r.report_id`;
/** The records of the stations and days: the condition every statement below starts from. */
const inScope = (stations: readonly number[], from: string, to: string) =>
  sql`rep.station_id = any(${ids(stations)}::int[])
      and rep.report_date between ${from}::date and ${to}::date
      and r.report_date between ${from}::date and ${to}::date`;

export interface DriverFigures {
  id: number;
  name: string;
  shifts: number;
  late: number;
  launchpad: number;
  checklist: number;
  given: number;
  taken: number;
  returns: number;
  packages: number;
}

/** One pass: every per-DA figure of the tiles (late, launchpad, checklist, rescues, returns). */
export async function driverFigures(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<DriverFigures[]> {
  const result = await db.execute(sql`
    select u.id, ${nameOf} as name,
      (count(*) filter (where ${worked}))::int as shifts,
      (count(*) filter (where ${worked} and not r.ontime_attendance))::int as late,
      (count(*) filter (where ${worked} and r.launchpad_support))::int as launchpad,
      (count(*) filter (where ${worked} and r.morning_checklist))::int as checklist,
      (count(*) filter (where ${worked} and coalesce(r.rescue_given, 0) > 0))::int as given,
      (count(*) filter (where ${worked} and coalesce(r.rescue_taken, 0) > 0))::int as taken,
      coalesce(sum(${RETURNS}) filter (where ${route}), 0)::int as returns,
      coalesce(sum(r.number_of_packages) filter (where ${route}), 0)::int as packages
    from ${RECORDS} join users u on u.id = r.driver_id
    where ${inScope(stations, from, to)}
    group by u.id order by u.id`);
  return rowsOf<DriverFigures>(result);
}

/** Days each DA drove (either seat) on a worked record. */
export async function activeDays(db: Queryable, stations: readonly number[], from: string, to: string) {
  const result = await db.execute(sql`
    with seats as (
      select r.driver_id as uid, r.report_date as d from ${RECORDS} where ${
    inScope(stations, from, to)
  } and ${worked}
      union
      select r.second_driver_id, r.report_date from ${RECORDS}
      where ${inScope(stations, from, to)} and ${worked}
    )
    select u.id, ${nameOf} as name, count(*)::int as count
    from seats join users u on u.id = seats.uid group by u.id`);
  return rowsOf<{ id: number; name: string; count: number }>(result);
}

/** Routes, delivered and returned packages on each day of the period (days without any give 0). */
export async function dayFigures(db: Queryable, stations: readonly number[], from: string, to: string) {
  const result = await db.execute(sql`
    with f as (
      select r.report_date as d, count(*)::int as routes,
        coalesce(sum(r.number_of_packages), 0)::int as packages, coalesce(sum(${RETURNS}), 0)::int as returned
      from ${RECORDS} where ${inScope(stations, from, to)} and ${route}
      group by 1
    )
    select to_char(g.d, 'YYYY-MM-DD') as date, coalesce(f.routes, 0)::int as routes,
      (coalesce(f.packages, 0) - coalesce(f.returned, 0))::int as delivered, coalesce(f.returned, 0)::int as returned
    from generate_series(${from}::date, ${to}::date, interval '1 day') g(d)
    left join f on f.d = g.d::date order by 1`);
  return rowsOf<{ date: string; routes: number; delivered: number; returned: number }>(result);
}

const avg = (sum: number, n: number) => n ? Math.round((sum / n) * 100) / 100 : null;

/** Averages per route and the DA statuses on the period's records (each seat counts). */
export async function averagesAndStatuses(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
): Promise<{ averages: AveragesDto; statuses: StatusesDto }> {
  const result = await db.execute(sql`
    select (count(*) filter (where ${route}))::int as routes,
      coalesce(sum(r.number_of_packages) filter (where ${route}), 0)::int as packages,
      coalesce(sum(r.number_of_stops) filter (where ${route}), 0)::int as stops,
      (count(r.number_of_stops) filter (where ${route}))::int as with_stops,
      coalesce(sum(${RETURNS}) filter (where ${route}), 0)::int as returns,
      ${statusCounts()}
    from ${RECORDS} where ${inScope(stations, from, to)}`);
  const r = rowsOf<Record<string, number>>(result)[0];
  return {
    averages: {
      routes: r.routes,
      packages_per_route: avg(r.packages, r.routes),
      stops_per_route: avg(r.stops, r.with_stops),
      returns_per_route: avg(r.returns, r.routes),
    },
    statuses: { pending: r.s0, confirmed: r.s1, rejected: r.s2, cancelled: r.s3 },
  };
}

function statusCounts() {
  return sql.join(
    [0, 1, 2, 3].map((s) =>
      sql`((count(*) filter (where r.driver_id is not null and r.da_status = ${s}))
        + (count(*) filter (where r.second_driver_id is not null and r.second_da_status = ${s})))::int
        as ${sql.raw(`s${s}`)}`
    ),
    sql`, `,
  );
}

/** The vans driven in the period: worked records and distinct days per van, most used first. */
export async function vanTable(db: Queryable, stations: readonly number[], from: string, to: string) {
  const result = await db.execute(sql`
    select v.id as van_id, v.number, v.plate_number, count(*)::int as shifts,
      count(distinct r.report_date)::int as days
    from ${RECORDS} join vans v on v.id = r.van_id
    where ${inScope(stations, from, to)} and ${worked}
    group by v.id order by shifts desc, v.number`);
  return rowsOf<VanRowDto>(result);
}

/** DSB counts per DA summed over the imported weeks named (active imports only), worst first. */
export async function dsbByDriver(
  db: Queryable,
  stations: readonly number[],
  weeks: readonly string[],
): Promise<DarRowDto[]> {
  const result = await db.execute(sql`
    select d.transporter_id, coalesce(max(${nameOf}), max(d.da_name), d.transporter_id) as name,
      coalesce(sum(d.dsb_count), 0)::int as dar_value
    from da_weekly_dsb d
    join amazon_imports i on i.id = d.import_id and i.replaced_at is null
    left join users u on u.transporter_id = d.transporter_id
    where d.station_id = any(${ids(stations)}::int[]) and d.week = any(${sql.param([...weeks])}::text[])
    group by d.transporter_id
    order by dar_value desc, name`);
  return rowsOf<DarRowDto>(result);
}
