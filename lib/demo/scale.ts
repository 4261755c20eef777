// Scale data on demand (issue 13): fills a database that holds the demo organisation with `stations`
// stations (the demo's three plus new ones tagged SC<n>) and `years` years of history up to yesterday:
// DAs and vans per new station, a shift report per station and day with `routes` shift records each
// (roles, packages, returns, scanners, drivers and vans like the demo's), the month budgets, the last 12
// weeks of schedule behind the shifts, a scorecard import per station and week, and Falcon's day plans
// (to the end of next week, as plans are typed ahead) with a comment on about one day in seven. Everything is bulk
// `INSERT ... SELECT generate_series` (a handful of statements), so 50 stations x 3 years (~3M shift
// records) takes minutes on PostgreSQL, not hours. Days that already have a report (the demo's own weeks)
// are left as they are. Used by `dsp demo scale` and the scale benchmarks.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { ensureBuiltInFleetSizes } from "../vans/built-in.ts";
import { scaleFalcon } from "./scale-falcon.ts";

export interface ScaleOptions {
  /** Stations in total (the demo's count towards it). */
  stations: number;
  years: number;
  /** Shift records per station and day (default 55: 50 stations x 3 years is ~3M records). */
  routes?: number;
  /** The last day with history (default yesterday, UTC). */
  until?: string;
}

export interface ScaleResult {
  stations: number;
  reports: number;
  records: number;
  /** Falcon day plans and comments added (lib/demo/scale-falcon.ts). */
  plans: number;
  comments: number;
  from: string;
  to: string;
}

const count = async (db: Queryable, q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: unknown }>(await db.execute(q))[0]?.n ?? 0);

/** The SQL expressions of a date's delivery week (Sunday to Saturday; its year is its Saturday's). */
const WEEK = {
  sunday: (d: string) => `(${d} - extract(dow from ${d})::int)`,
  year: (d: string) => `extract(year from (${d} - extract(dow from ${d})::int + 6))::int`,
  /** zero-based week number */
  number: (d: string) =>
    `((${d} - extract(dow from ${d})::int) - (make_date(${WEEK.year(d)}, 1, 1) - extract(dow from make_date(${
      WEEK.year(d)
    }, 1, 1))::int)) / 7`,
};

export async function generateScale(db: Queryable, o: ScaleOptions): Promise<ScaleResult> {
  const routes = o.routes ?? 55;
  const to = o.until ?? new Date(Date.now() - 864e5).toISOString().slice(0, 10);
  const from = rowsOf<{ d: string }>(
    await db.execute(sql`select ((${to}::date - make_interval(years => ${o.years}))::date + 1)::text as d`),
  )[0].d;
  await ensureBuiltInFleetSizes(db);
  // Stations up to the total asked, then DAs (routes + 10 each) and vans (routes + 5) at each new one.
  await db.execute(sql`insert into stations (title, tag)
    select 'Scale Station ' || g, 'SC' || g from generate_series(1, greatest(0, ${o.stations} - (select count(*) from stations))::int) g
    on conflict (tag) do nothing`);
  await db.execute(
    sql`insert into users (email, first_name, last_name, role, status, transporter_id, rate_per_hour_cents)
    select 'da.' || s.id || '.' || g || '@scale.example.com', 'Da' || g, s.tag, 5,
      case when g % 20 = 0 then 6 when g % 33 = 0 then 5 else 1 end, 'SCL' || s.id || 'X' || g, 2000
    from stations s cross join generate_series(1, ${routes + 10}) g where s.tag like 'SC%'
    on conflict (email) do nothing`,
  );
  await db.execute(sql`insert into station_spots (user_id, station_id)
    select u.id, s.id from users u join stations s on u.email like 'da.' || s.id || '.%@scale.example.com'
    on conflict (user_id, station_id) do nothing`);
  await db.execute(
    sql`insert into vans (number, plate_number, fleet_size_id, station_id, status, status_change_reason, ownership)
    select 'SV' || s.id || '-' || g, 'SCL' || lpad((s.id * 1000 + g)::text, 6, '0'), case when g % 7 = 0 then 2 else 1 end,
      s.id, case when g % 25 = 0 then 2 else 1 end, case when g % 25 = 0 then g % 4 end, 1 + g % 2
    from stations s cross join generate_series(1, ${routes + 5}) g where s.tag like 'SC%'
    on conflict (number) do nothing`,
  );
  await db.execute(sql`insert into scanners (kind, serial_number, station_id)
    select k, 'S' || upper(left(k, 1)) || s.id || '-' || g, s.id
    from stations s cross join generate_series(1, ${routes}) g cross join (values ('rabbit'), ('dolly')) v(k)
    where s.tag like 'SC%' on conflict (kind, serial_number) do nothing`);
  await db.execute(
    sql`insert into budgets (station_id, year, month, budget_no_of_routes, budget_no_of_deliveries, budget_no_of_da, budget_no_of_fleet)
    select s.id, extract(year from m)::int, extract(month from m)::int,
      ${routes} * extract(day from m + interval '1 month - 1 day')::int,
      ${routes} * 190 * extract(day from m + interval '1 month - 1 day')::int, ${routes + 5}, ${routes}
    from stations s cross join generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') m
    on conflict (station_id, year, month) do nothing`,
  );
  const before = await count(db, sql`select count(*) as n from shift_records`);
  const reportsBefore = await count(db, sql`select count(*) as n from shift_reports`);
  // Reports for every station and day not yet there, then their records in the same statement.
  await db.execute(sql.raw(`
    with das as (
      select sp.station_id, u.id, row_number() over (partition by sp.station_id order by u.id) as n,
        count(*) over (partition by sp.station_id) as cnt
      from users u join station_spots sp on sp.user_id = u.id where u.role = 5 and u.status in (1, 2)
    ), fleet as (
      select station_id, id, row_number() over (partition by station_id order by id) as n
      from vans where status = 1 and station_id is not null
    ), rabbits as (
      select station_id, id, kind, row_number() over (partition by station_id, kind order by id) as n from scanners
    ), days as (
      select s.id as station_id, d::date as d from stations s
      cross join generate_series('${from}'::date, '${to}'::date, interval '1 day') d
    ), made as (
      insert into shift_reports (station_id, report_date, week_number, year)
      select station_id, d, ${WEEK.number("d")}, ${WEEK.year("d")} from days
      on conflict (station_id, report_date) do nothing
      returning id, station_id, report_date
    ), rows as (
      select m.id as report_id, m.station_id, m.report_date, g as i, random() as r, random() as q
      from made m cross join generate_series(1, ${routes}) g
    )
    insert into shift_records (report_id, report_date, role, driver_id, van_id, number_of_packages, number_of_stops,
      uta, utl, nsl, missing, damage, rabbit_id, dolly_id, returned_rabbit, returned_dolly,
      ontime_attendance, launchpad_support, morning_checklist, rescue)
    select x.report_id, x.report_date,
      case when x.r < 0.84 then 0 when x.r < 0.89 then 8 when x.r < 0.92 then 4 when x.r < 0.94 then 2
        when x.r < 0.96 then 3 when x.r < 0.97 then 7 when x.r < 0.98 then 9 when x.r < 0.99 then 1 else 5 end,
      da.id, v.id, 150 + (x.q * 120)::int, 100 + (x.q * 80)::int,
      (x.q < 0.08)::int, (x.q > 0.95)::int, (x.q between 0.5 and 0.53)::int, (x.q between 0.3 and 0.34)::int,
      (x.q between 0.7 and 0.71)::int, rb.id, dl.id, x.q < 0.93, x.q < 0.9,
      x.q < 0.92, x.q < 0.6, x.q < 0.85, x.r > 0.99
    from rows x
    left join das da on da.station_id = x.station_id and da.n = (x.i - 1) % da.cnt + 1
    left join fleet v on v.station_id = x.station_id and v.n = x.i
    left join rabbits rb on rb.station_id = x.station_id and rb.kind = 'rabbit' and rb.n = x.i
    left join rabbits dl on dl.station_id = x.station_id and dl.kind = 'dolly' and dl.n = x.i`));
  // The last 12 weeks of schedule behind the shifts (what the week-planning screens read).
  await db.execute(
    sql`insert into schedule_reports (schedule_date, user_id, station_id, role, role_hours, is_available, is_published)
    select r.report_date, r.driver_id, rep.station_id, 0, 10, true, true
    from shift_records r join shift_reports rep on rep.id = r.report_id
    where r.report_date > ${to}::date - 84 and r.driver_id is not null and r.role in (0, 8)
    on conflict (user_id, schedule_date) do nothing`,
  );
  // A scorecard import per station and week (the weekly Amazon file), with its summary row.
  await db.execute(sql.raw(`
    with weeks as (
      select distinct s.id as station_id,
        ${WEEK.year("d")} || '-W' || lpad((${WEEK.number("d")} + 1)::text, 2, '0') as week
      from stations s cross join generate_series('${from}'::date, '${to}'::date, interval '7 day') g
      cross join lateral (select g::date as d) dd
    ), made as (
      insert into amazon_imports (kind, slot, family, file_name, sha256, station_id, week, counts)
      select 'scorecard', 'scorecard', 'pdf', 'scale-' || w.station_id || '-' || w.week || '.pdf',
        md5('scale' || w.station_id || w.week), w.station_id, w.week, '{"dsp_weekly_scorecards": 1}'::jsonb
      from weeks w
      where not exists (select 1 from amazon_imports a where a.slot = 'scorecard' and a.station_id = w.station_id
        and a.week = w.week and a.replaced_at is null)
      returning id, station_id, week
    )
    insert into dsp_weekly_scorecards (import_id, station_id, week, dsp, overall_score, overall_tier, rank)
    select m.id, m.station_id, m.week, 'SCALE', s.score,
      case when s.score >= 93 then 'Fantastic Plus' when s.score >= 85 then 'Fantastic' when s.score >= 75 then 'Great'
        when s.score >= 65 then 'Fair' else 'Poor' end, 1 + (random() * 40)::int
    from made m cross join lateral (select round((60 + random() * 40 + m.id * 0)::numeric, 2) as score) s`));
  const falcon = await scaleFalcon(db, from, to);
  // Fresh statistics for the planner: right after a bulk load it still believes the tables small, and the
  // dashboard's week scanned all 3M records (570 ms) instead of the week's reports (47 ms) until autovacuum
  // got round to it.
  await db.execute(sql`analyze`);
  return {
    stations: await count(db, sql`select count(*) as n from stations`),
    reports: (await count(db, sql`select count(*) as n from shift_reports`)) - reportsBefore,
    records: (await count(db, sql`select count(*) as n from shift_records`)) - before,
    ...falcon,
    from,
    to,
  };
}
