// Analytics (issue 13): the dashboard's cards (GET /api/dashboard/, all cards) for a week and for a year,
// through the real server on PostgreSQL, against hand-written SQL for the same figures run in the same
// process and the same run (the floor: what the database alone costs). Goals: p95 <= 100 ms for a week and
// <= 300 ms for a year, each within 2.5x of its raw SQL. The Pulse page (/scorecard, 14 tiles): the server
// render with every tile's figures, and the 14 statistic calls a shared-setting change makes side by side;
// goal <= 1 s each.
//
// The data comes from `generateScale` (what `dsp demo scale` runs). Small by default so it can run on a
// shared machine; the figure is ANALYTICS_STATIONS=50 ANALYTICS_YEARS=3 on a quiet one, or ANALYTICS_DB=<db>
// naming a database filled beforehand by `DATABASE_URL=... dsp demo scale --stations 50 --years 3`.
//
//   deno task bench analytics
import { sql } from "drizzle-orm";
import { Client } from "../helpers/app.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { type Db, type DbHandle, openDatabase } from "../../lib/db/client.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { generateScale } from "../../lib/demo/scale.ts";
import { weekEnd, weekOf, weekStart } from "../../lib/dates/weeks.ts";
import { type Figure, log, ms, percentile, ratio, spawnDeno, waitFor200 } from "./lib.ts";

export const name = "analytics";

const STATIONS = Number(Deno.env.get("ANALYTICS_STATIONS") ?? 5);
const YEARS = Number(Deno.env.get("ANALYTICS_YEARS") ?? 1);
const SAMPLES = Number(Deno.env.get("ANALYTICS_SAMPLES") ?? 60);
const WARMUP = 10;

async function sample(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n + WARMUP; i++) {
    const t = performance.now();
    await fn();
    if (i >= WARMUP) out.push(performance.now() - t);
  }
  return out;
}

/** The same figures as the dashboard's cards, written by hand: one aggregate per card family. */
async function rawCards(db: Db, stations: number[], from: string, to: string, prevFrom: string) {
  const ids = sql.param(stations);
  await db.execute(sql`select
      count(*) filter (where r.report_date >= ${from}::date and r.role in (0, 8)) as routes,
      count(*) filter (where r.report_date >= ${from}::date and r.role = 4) as training,
      sum(r.number_of_packages) filter (where r.report_date >= ${from}::date and r.role in (0, 8)) as packages,
      sum(r.number_of_packages) filter (where r.report_date < ${from}::date and r.role in (0, 8)) as prev_packages,
      sum(coalesce(r.uta,0)+coalesce(r.utl,0)+coalesce(r.nsl,0)+coalesce(r.bc,0)+coalesce(r.missing,0)+coalesce(r.damage,0)
        +coalesce(r.fdd,0)+coalesce(r.missort,0)+coalesce(r.oc,0)+coalesce(r.others,0)) filter (where r.role in (0, 8)) as returns,
      sum(r.missing) as missing, count(r.rabbit_id) as rabbits, count(r.dolly_id) filter (where r.returned_dolly) as dollies
    from shift_records r join shift_reports rep on rep.id = r.report_id
    where rep.station_id = any(${ids}::int[]) and rep.report_date between ${prevFrom}::date and ${to}::date
      and r.report_date between ${prevFrom}::date and ${to}::date`);
  await db.execute(
    sql`select r.role, count(*) from shift_records r join shift_reports rep on rep.id = r.report_id
    where rep.station_id = any(${ids}::int[]) and rep.report_date between ${from}::date and ${to}::date group by 1`,
  );
  await db.execute(sql`select count(*), count(*) filter (where u.status in (1, 2)) from users u
    where u.role = 5 and exists (select 1 from station_spots sp where sp.user_id = u.id and sp.station_id = any(${ids}::int[]))`);
  await db.execute(
    sql`select status, count(*) from vans where station_id = any(${ids}::int[]) and status <> 3 group by 1`,
  );
  await db.execute(sql`select sum(budget_no_of_routes) from budgets where station_id = any(${ids}::int[])
    and make_date(year, month, 1) between date_trunc('month', ${from}::date)::date and ${to}::date`);
}

/**
 * The database to measure: ANALYTICS_DB names one already filled by `dsp demo scale` (kept, so a quiet
 * machine spends its minutes measuring, not generating); else a new copy of the demo, filled here.
 */
async function database(): Promise<{ h: DbHandle; made: { stations: number; to: string }; keep: boolean }> {
  const named = Deno.env.get("ANALYTICS_DB");
  if (named) {
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${named}`;
    const h = await openDatabase({ url: url.toString(), migrate: false });
    const [r] = rowsOf<{ stations: number; to: string }>(
      await h.db.execute(sql`select
      (select count(*)::int from stations) as stations, (select max(report_date)::text from shift_reports) as to`),
    );
    log(`measuring ${named} as it is: ${r.stations} stations, history to ${r.to}`);
    return { h, made: r, keep: true };
  }
  const h = await testPostgres({ demo: true });
  const t = performance.now();
  const made = await generateScale(h.db, { stations: STATIONS, years: YEARS });
  await h.db.execute(sql`analyze`);
  log(`generated ${made.records} shift records at ${made.stations} stations in ${ms(performance.now() - t)}`);
  return { h, made, keep: false };
}

/**
 * The owner holds a spot at every station for the run (the demo's owner holds only the demo's three, so the
 * API answered for 3 stations while the raw SQL summed 50); the spots added are taken back afterwards, so a
 * kept database (ANALYTICS_DB) is left as it was.
 */
async function ownerOfAll(db: Db): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`insert into station_spots (user_id, station_id)
      select u.id, s.id from users u cross join stations s where u.email = 'owner@example.com'
      on conflict (user_id, station_id) do nothing returning id`),
  ).map((r) => Number(r.id));
}

export async function run(): Promise<Figure[]> {
  const { h, made } = await database();
  const added = await ownerOfAll(h.db);
  try {
    const stations = rowsOf<{ id: number }>(await h.db.execute(sql`select id from stations order by id`)).map(
      (r) => Number(r.id),
    );
    const [{ name: dbName }] = rowsOf<{ name: string }>(
      await h.db.execute(sql`select current_database() as name`),
    );
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${dbName}`;
    const server = spawnDeno("main.ts", {
      DATABASE_URL: url.toString(),
      LOG_LEVEL: "warn",
      ACCESS_TOKEN_SECONDS: "3600",
    });
    try {
      await waitFor200(`${server.url}/api/health`, { child: server.child, output: server.output });
      const c = new Client(server.url);
      await c.login("owner@example.com");
      const w = weekOf(made.to);
      const year = Number(made.to.slice(0, 4));
      const cases = [
        { label: "week", query: `year=${w.year}&week=${w.week - 1}`, goal: 100, dates: weekDates(w) },
        {
          label: "year",
          query: `year=${year}`,
          goal: 300,
          dates: { from: `${year}-01-01`, to: `${year}-12-31`, prevFrom: `${year - 1}-01-01` },
        },
      ];
      const figures: Figure[] = [];
      for (const k of cases) {
        const api = await sample(SAMPLES, async () => {
          const res = await c.fetch(`/api/dashboard/?${k.query}`);
          if (res.status !== 200) throw new Error(`GET /api/dashboard/?${k.query}: ${res.status}`);
          await res.arrayBuffer();
        });
        const raw = await sample(
          SAMPLES,
          () => rawCards(h.db, stations, k.dates.from, k.dates.to, k.dates.prevFrom),
        );
        const [a, b] = [percentile(api, 95), percentile(raw, 95)];
        figures.push({
          suite: name,
          figure: `dashboard, all cards, a ${k.label} (${made.stations} stations, PostgreSQL)`,
          value: `p95 ${ms(a)}`,
          baseline: `raw SQL p95 ${ms(b)}`,
          ratio: ratio(a, b),
          goal: `p95 <= ${k.goal} ms, <= 2.5x raw`,
          pass: a <= k.goal && a <= 2.5 * b,
        });
      }
      figures.push(...await pulseFigures(c, made.stations, w));
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    if (added.length) {
      await h.db.execute(sql`delete from station_spots where id = any(${sql.param(added)}::int[])`);
    }
    await h.close();
  }
}

const PULSE_STATS = [
  "schedule_availability",
  "rejected_stats",
  "late_attendance",
  "launchpad_support",
  "morning_checklist",
  "rescue",
  "returned_data_by_driver",
  "cash_on_delivery",
  "worst_dsb_count",
  "active_days",
  "number_of_routes",
  "delivered_returned",
  "average_and_statuses",
  "vans_table_month",
];

async function pulseFigures(
  c: Client,
  stationCount: number,
  w: { year: number; week: number },
): Promise<Figure[]> {
  const n = Math.min(SAMPLES, 20);
  const page = await sample(n, async () => {
    const res = await c.fetch("/scorecard");
    if (res.status !== 200) throw new Error(`GET /scorecard: ${res.status}`);
    await res.arrayBuffer();
  });
  const month = new Date(Date.parse(weekStart(w.year, w.week)));
  const query = `year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}&stations=1`;
  const change = await sample(n, () =>
    Promise.all(PULSE_STATS.map(async (s) => {
      const res = await c.fetch(`/api/statistic/?statistic=${s}&${query}`);
      if (res.status !== 200) throw new Error(`${s}: ${res.status}`);
      await res.arrayBuffer();
    })));
  const label = `(${stationCount} stations, PostgreSQL)`;
  return [
    { figure: `Pulse page, 14 tiles rendered by the server, a week ${label}`, ms: percentile(page, 95) },
    {
      figure: `Pulse, 14 tiles asked again for a month (External setting) ${label}`,
      ms: percentile(change, 95),
    },
  ].map((f) => ({
    suite: name,
    figure: f.figure,
    value: `p95 ${ms(f.ms)}`,
    goal: "p95 <= 1,000 ms",
    pass: f.ms <= 1000,
  }));
}

function weekDates(w: { year: number; week: number }) {
  const from = weekStart(w.year, w.week);
  const prevFrom = new Date(Date.parse(from) - 7 * 864e5).toISOString().slice(0, 10);
  return { from, to: weekEnd(w.year, w.week), prevFrom };
}
