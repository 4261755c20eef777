// The performance page's reads (03 2.6), each limited to the stations passed in (already checked against
// the viewer by lib/dashboard/policy.ts) inside the SQL. Shift figures count the first driver of records
// whose SHIFT role is Standard or Flex (the routes, as the dashboard counts them); deliveries = packages -
// the ten return reasons. Import figures are matched to DAs by transporter id or its alias.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import type {
  NamedCountDto,
  PackagesDto,
  PersonCountDto,
  PersonSumDto,
  ScannerReportDto,
  StatusDto,
  VansDataDto,
} from "./dto.ts";
import { levelOf, teamPlayerScore } from "./calc.ts";

const ids = (stations: readonly number[]) => sql.param(stations.length ? [...stations] : [-1]);
const RETURNS = sql.raw(
  ["uta", "utl", "nsl", "bc", "missing", "damage", "fdd", "missort", "oc", "others"]
    .map((k) => `coalesce(r.${k}, 0)`).join(" + "),
);
/** Records of the stations in from..to (the report's date and the record's copy agree). */
const inScope = (stations: readonly number[], from: string, to: string) =>
  sql`rep.station_id = any(${ids(stations)}::int[])
    and rep.report_date between ${from}::date and ${to}::date
    and r.report_date between ${from}::date and ${to}::date`;
const ROUTE = sql`r.role in (0, 8)`;
const n = (v: unknown) => Number(v ?? 0);

/** Delivered packages per DA over their routes, best first (ties by name). */
export async function performers(db: Queryable, stations: readonly number[], from: string, to: string) {
  const rows = rowsOf<{ first_name: string; last_name: string; sum: number }>(
    await db.execute(sql`
      select u.first_name, u.last_name,
        coalesce(sum(coalesce(r.number_of_packages, 0) - (${RETURNS})), 0)::int as sum
      from shift_records r join shift_reports rep on rep.id = r.report_id join users u on u.id = r.driver_id
      where ${inScope(stations, from, to)} and ${ROUTE}
      group by u.id, u.first_name, u.last_name
      order by sum desc, u.first_name, u.last_name, u.id`),
  );
  return rows.map((r): PersonSumDto => ({
    driver__first_name: r.first_name,
    driver__last_name: r.last_name,
    sum: n(r.sum),
  }));
}

/** Shifts worked per DA (first or second driver; not No Show, cancelled or rejected rows), most first. */
export async function daShifts(db: Queryable, stations: readonly number[], from: string, to: string) {
  const rows = rowsOf<{ first_name: string; last_name: string; counter: number }>(
    await db.execute(sql`
      select u.first_name, u.last_name, count(*)::int as counter
      from shift_records r join shift_reports rep on rep.id = r.report_id
      cross join lateral (values (r.driver_id), (r.second_driver_id)) d(id)
      join users u on u.id = d.id
      where ${inScope(stations, from, to)} and r.role not in (1, 7, 9, 10)
      group by u.id, u.first_name, u.last_name
      order by counter desc, u.first_name, u.last_name, u.id`),
  );
  return rows.map((r): PersonCountDto => ({
    driver__first_name: r.first_name,
    driver__last_name: r.last_name,
    counter: n(r.counter),
  }));
}

/** Missing packages per DA (records without a DA count under 'No DA'), most first. */
export async function missingByDa(db: Queryable, stations: readonly number[], from: string, to: string) {
  const rows = rowsOf<{ name: string; counter: number }>(
    await db.execute(sql`
      select coalesce(u.first_name || ' ' || u.last_name, 'No DA') as name, sum(r.missing)::int as counter
      from shift_records r join shift_reports rep on rep.id = r.report_id left join users u on u.id = r.driver_id
      where ${inScope(stations, from, to)} and r.missing > 0
      group by u.id, u.first_name, u.last_name
      order by counter desc, name`),
  );
  return rows.map((r): NamedCountDto => ({ name: r.name, counter: n(r.counter) }));
}

/**
 * Per DA with routes in the period: delivered (sum and mean per route), the team player score from their
 * shift flags, and the road runner score = the mean Amazon overall score of the weeks given, else the
 * DA's latest score before them (the files come a week late, so the running week has none yet).
 */
export async function packages(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
  weeks: readonly string[],
): Promise<PackagesDto[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with routes as (
        select r.driver_id as id, count(*)::int as shifts,
          count(*) filter (where r.ontime_attendance)::int as on_time,
          count(*) filter (where r.morning_checklist)::int as checklist,
          coalesce(sum(coalesce(r.number_of_packages, 0) - (${RETURNS})), 0)::int as delivered
        from shift_records r join shift_reports rep on rep.id = r.report_id
        where ${inScope(stations, from, to)} and ${ROUTE} and r.driver_id is not null
        group by r.driver_id
      )
      select u.id, u.first_name, u.last_name, x.shifts, x.on_time, x.checklist, x.delivered,
        coalesce(
          (select avg(p.overall_score)::float8 from da_weekly_performance p
            left join transporter_aliases ta on ta.transporter_id = p.transporter_id
            where p.source = 'overview' and p.station_id = any(${ids(stations)}::int[])
              and p.week = any(${sql.param([...weeks])}::text[])
              and (p.transporter_id = u.transporter_id or ta.user_id = u.id)),
          (select p.overall_score::float8 from da_weekly_performance p
            left join transporter_aliases ta on ta.transporter_id = p.transporter_id
            where p.source = 'overview' and p.station_id = any(${ids(stations)}::int[])
              and p.week < ${weeks[0]} and p.overall_score is not null
              and (p.transporter_id = u.transporter_id or ta.user_id = u.id)
            order by p.week desc limit 1)) as road
      from routes x join users u on u.id = x.id
      order by u.first_name, u.last_name, u.id`),
  );
  return rows.map((r) => ({
    driver: { id: n(r.id), first_name: String(r.first_name), last_name: String(r.last_name) },
    team_player_score: teamPlayerScore(n(r.shifts), n(r.on_time), n(r.checklist)),
    road_runner_score: r.road === null || r.road === undefined ? null : Number(r.road),
    delivered: { avg: n(r.shifts) ? n(r.delivered) / n(r.shifts) : 0, sum: n(r.delivered) },
  }));
}

/** Vans of the stations by ownership (1 rental, 2 owned, null unregistered) and their shifts. */
export async function vansData(
  db: Queryable,
  stations: readonly number[],
  from: string,
  to: string,
  days: number,
): Promise<VansDataDto> {
  const rows = rowsOf<{ number: string; ownership: number | null; shifts: number }>(
    await db.execute(sql`
      select v.number, v.ownership,
        (select count(*) from shift_records r join shift_reports rep on rep.id = r.report_id
          where r.van_id = v.id and ${inScope(stations, from, to)})::int as shifts
      from vans v
      where v.station_id = any(${ids(stations)}::int[]) and v.status <> 3
      order by v.number`),
  );
  const total = (pick: (o: number | null) => boolean) => {
    const xs = rows.filter((r) => pick(r.ownership === null ? null : Number(r.ownership)));
    return { vans: xs.length, shifts: xs.reduce((a, r) => a + n(r.shifts), 0) };
  };
  const unregistered = rows.filter((r) => r.ownership === null);
  return {
    days,
    owned: total((o) => o === 2),
    rental: total((o) => o === 1),
    unregistered: total((o) => o === null),
    unregistered_list: unregistered.map((r) => ({ number: r.number, counter: n(r.shifts) }))
      .sort((a, b) => b.counter - a.counter || a.number.localeCompare(b.number)),
  };
}

/**
 * Rabbit or dolly scanners: per serial number, how often it went out and did not come back (result), and
 * per day, handed out minus returned (returned); first and second scanner of a record both count.
 */
export async function scannerReport(
  db: Queryable,
  kind: "rabbit" | "dolly",
  stations: readonly number[],
  from: string,
  to: string,
): Promise<ScannerReportDto> {
  const [first, second, back] = kind === "rabbit"
    ? [sql`r.rabbit_id`, sql`r.second_rabbit_id`, sql`r.returned_rabbit`]
    : [sql`r.dolly_id`, sql`r.second_dolly_id`, sql`r.returned_dolly`];
  const base = sql`
    select r.report_date, x.id as scanner_id, ${back} as back
    from shift_records r join shift_reports rep on rep.id = r.report_id
    cross join lateral (values (${first}), (${second})) x(id)
    where ${inScope(stations, from, to)} and x.id is not null`;
  const [result, returned] = await Promise.all([
    db.execute(sql`
      select s.serial_number, count(*) filter (where not o.back)::int as count
      from (${base}) o join scanners s on s.id = o.scanner_id
      group by s.serial_number having count(*) filter (where not o.back) > 0
      order by count desc, s.serial_number`),
    db.execute(sql`
      select o.report_date::text as report_date, count(*) filter (where not o.back)::int as difference
      from (${base}) o group by o.report_date order by o.report_date`),
  ]);
  return {
    result: rowsOf<{ serial_number: string; count: number }>(result)
      .map((r) => ({ serial_number: r.serial_number, count: n(r.count) })),
    returned: rowsOf<{ report_date: string; difference: number }>(returned)
      .map((r) => ({ report_date: r.report_date, difference: n(r.difference) })),
  };
}

/** Mean DSB DPMO per DA over the weeks (the DNR/DSB file, else the overview's column), worst first. */
export async function worstDsb(db: Queryable, stations: readonly number[], weeks: readonly string[]) {
  const rows = rowsOf<{ name: string; value: number }>(
    await db.execute(sql`
      with v as (
        select d.transporter_id, d.da_name, d.dsb_dpmo::float8 as value
        from da_weekly_dsb d
        where d.station_id = any(${ids(stations)}::int[]) and d.week = any(${sql.param([...weeks])}::text[])
          and d.dsb_dpmo is not null
        union all
        select p.transporter_id, p.da_name, (p.metrics->>'dsb_dpmo')::float8
        from da_weekly_performance p
        where p.source = 'overview' and p.station_id = any(${ids(stations)}::int[])
          and p.week = any(${sql.param([...weeks])}::text[])
          and jsonb_typeof(p.metrics->'dsb_dpmo') = 'number'
          and not exists (select 1 from da_weekly_dsb d where d.station_id = p.station_id and d.week = p.week
            and d.transporter_id = p.transporter_id and d.dsb_dpmo is not null)
      )
      select coalesce(u.first_name || ' ' || u.last_name, au.first_name || ' ' || au.last_name,
          max(v.da_name), v.transporter_id) as name, avg(v.value)::float8 as value
      from v left join users u on u.transporter_id = v.transporter_id
      left join transporter_aliases ta on ta.transporter_id = v.transporter_id
      left join users au on au.id = ta.user_id
      group by v.transporter_id, u.first_name, u.last_name, au.first_name, au.last_name
      order by value desc, name`),
  );
  return rows.map((r) => ({ name: r.name, dar_value: Number(r.value) }));
}

/** The DSP's overall tier per imported week of the year, at the stations (the lowest when several). */
export async function statuses(
  db: Queryable,
  stations: readonly number[],
  year: number,
): Promise<StatusDto[]> {
  const rows = rowsOf<{ week: string; tiers: string[] }>(
    await db.execute(sql`
      select s.week, array_agg(s.overall_tier order by s.station_id) as tiers
      from dsp_weekly_scorecards s
      where s.station_id = any(${ids(stations)}::int[]) and s.week like ${`${year}-W%`}
      group by s.week order by s.week`),
  );
  return rows.map((r) => {
    const known = r.tiers.map((t) => ({ t, l: levelOf(t) })).filter((x) => x.l !== null);
    const worst = known.sort((a, b) => a.l! - b.l!)[0];
    return {
      week: Number(r.week.slice(6)) - 1,
      year,
      status: worst?.t ?? null,
      level: worst?.l ?? null,
    };
  });
}

/** Capacity reliability per day from..to (the mean over the stations' days). */
export async function reliabilityDays(db: Queryable, stations: readonly number[], from: string, to: string) {
  const result = await db.execute(sql`
    select c.day::text as day, avg(c.capacity_reliability)::float8 as score
    from capacity_reliability_days c
    where c.station_id = any(${ids(stations)}::int[]) and c.day between ${from}::date and ${to}::date
      and c.capacity_reliability is not null
    group by c.day order by c.day`);
  return rowsOf<{ day: string; score: number }>(result).map((r) => ({ day: r.day, score: n(r.score) }));
}
