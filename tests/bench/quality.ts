// Quality benchmark (issue 12): on PostgreSQL, through the real app's HTTP API:
//   1. GET /api/check-weekly/ (default page, a date range with its Average row, deeper pages): p95, goal
//      <= 80 ms, with QUALITY_STATIONS stations x QUALITY_WEEKS weeks of check weeks in the table;
//   2. GET /api/scoreboard/ for a week of QUALITY_DAS DAs (six weeks of history, sorted, searched): p95,
//      goal <= 80 ms;
// each against GET /api/health measured in the same run. Small by default (the machine is shared); the
// issue's figures: QUALITY_STATIONS=50 QUALITY_WEEKS=156 QUALITY_DAS=300.
//
//   deno run -A tests/bench/quality.ts        (alone; tests/bench/main.ts runs it as suite "quality")
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { testPostgres } from "../helpers/db.ts";
import type { Queryable } from "../../lib/db/client.ts";
import { stations } from "../../lib/org/schema.ts";
import { amazonImports, daWeeklyDsb, daWeeklyPerformance } from "../../lib/imports/schema.ts";
import { checkWeeks } from "../../lib/checks/schema.ts";
import { DEFAULT_TARGETS } from "../../lib/checks/config.ts";
import { formatIsoWeek, prevWeek, stored, weekOf, type WeekRef, weekStart } from "../../lib/dates/weeks.ts";
import { makeDriver, makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";
import { type Figure, log, machineLoad, ms, percentile, ratio, secs, table, verdict } from "./lib.ts";

export const name = "quality";
const env = (k: string, d: number) => Number(Deno.env.get(k)) || d;
const STATIONS = env("QUALITY_STATIONS", 4);
const WEEKS = env("QUALITY_WEEKS", 30);
const DAS = env("QUALITY_DAS", 60);
const SAMPLES = env("QUALITY_SAMPLES", 100);
const GOAL_MS = 80;
const PASSWORD = "bench-quality-1";

async function stationTagged(db: Queryable, tag: string) {
  const [row] = await db.select().from(stations).where(eq(stations.tag, tag));
  return row ?? await makeStation(db, { tag, title: `Station ${tag}` });
}

function builtWeek(i: number) {
  const m = (score: number, off: number) => ({ score, off, names: [] });
  return {
    das: 40,
    dcr: m(98 + (i % 20) / 10, i % 9),
    dnr: m(i % 13, i % 5),
    dsb: m(40 + (i % 40), i % 17),
    pod: m(97 + (i % 30) / 10, i % 11),
    ada: m(99 + (i % 10) / 10, i % 3),
    whc: m(80 + (i % 20), i % 7),
  };
}

async function seed(db: Queryable) {
  const don9 = await stationTagged(db, "DON9");
  const others = [];
  for (let i = 1; i < STATIONS; i++) others.push(await makeStation(db));
  const all = [don9, ...others];
  let ref: WeekRef = prevWeek(weekOf(new Date().toISOString().slice(0, 10)));
  const weeks: WeekRef[] = [];
  for (let i = 0; i < WEEKS; i++, ref = prevWeek(ref)) weeks.push(ref);
  const rows = all.flatMap((s) =>
    weeks.map((w, i) => ({
      stationId: s.id,
      year: w.year,
      weekNumber: stored(w.week),
      weekStart: weekStart(w.year, w.week),
      targets: DEFAULT_TARGETS,
      built: builtWeek(i + s.id),
    }))
  );
  for (let i = 0; i < rows.length; i += 1000) await db.insert(checkWeeks).values(rows.slice(i, i + 1000));

  // The scoreboard: DAS DAs at DON9 with six weeks of overview rows and a DNR/DSB file for the newest.
  const owner = await makeUser(db, { role: 4, password: PASSWORD });
  for (const s of all) await makeSpot(db, owner.id, s.id);
  const drivers = [];
  for (let i = 0; i < DAS; i++) drivers.push(await makeDriver(db));
  const tiers = ["Platinum", "Gold", "Silver", "Bronze"];
  for (const [wi, w] of weeks.slice(0, 6).entries()) {
    const week = formatIsoWeek(w);
    const [imp] = await db.insert(amazonImports).values({
      kind: "overview-csv",
      slot: "overview",
      family: "csv",
      fileName: `bench-${week}.csv`,
      sha256: `bench-${week}-${don9.id}`,
      stationId: don9.id,
      week,
    }).returning();
    await db.insert(daWeeklyPerformance).values(drivers.map((d, i) => ({
      importId: imp.id,
      stationId: don9.id,
      week,
      transporterId: d.transporterId!,
      daName: `${d.firstName} ${d.lastName}`,
      source: "overview",
      overallStanding: tiers[(i + wi) % 4],
      overallScore: String(60 + ((i * 7 + wi) % 40)),
      packagesDelivered: 1200,
      metrics: { dcr: 97 + (i % 30) / 10, pod: 96 + (i % 40) / 10, ced: i % 3, dsb_dpmo: (i * 37) % 1500 },
    })));
    if (wi === 0) {
      await db.insert(daWeeklyDsb).values(drivers.map((d, i) => ({
        importId: imp.id,
        stationId: don9.id,
        week,
        transporterId: d.transporterId!,
        dsbCount: i % 4,
        dsbDpmo: (i * 37) % 1500,
        counts: { scanned_not_delivered_not_returned: i % 3, incorrect_scan_usage_attended_delivery: i % 2 },
      })));
    }
  }
  return { owner, don9, weeks, drivers };
}

async function timed(c: Client, path: string): Promise<number> {
  const t = performance.now();
  const res = await c.fetch(path);
  const body = await res.text();
  if (Deno.env.get("QUALITY_DEBUG")) log(`${path} ${res.status} ${body.slice(0, 200)}`);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return performance.now() - t;
}

async function measure(c: Client, paths: string[]): Promise<{ p50: number; p95: number; health: number }> {
  for (let i = 0; i < 10; i++) for (const p of paths) await timed(c, p);
  const xs: number[] = [];
  const hs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    xs.push(await timed(c, paths[i % paths.length]));
    hs.push(await timed(c, "/api/health"));
  }
  return { p50: percentile(xs, 50), p95: percentile(xs, 95), health: percentile(hs, 95) };
}

export async function run(): Promise<Figure[]> {
  log(`\n## Quality: ${STATIONS} stations x ${WEEKS} weeks, ${DAS} DAs, PostgreSQL (${machineLoad()})\n`);
  const t0 = performance.now();
  const h = await testPostgres();
  const fx = await seed(h.db);
  log(`seeded in ${secs(performance.now() - t0)}`);
  const app = await startTestApp({ db: h });
  const figures: Figure[] = [];
  try {
    const c = new Client(app.url);
    await c.login(fx.owner.email!, PASSWORD);
    const s = fx.don9.id;
    const from = weekStart(fx.weeks.at(-1)!.year, fx.weeks.at(-1)!.week);
    const checks = await measure(c, [
      `/api/check-weekly/?station=${s}`,
      `/api/check-weekly/?station=${s}&date_from=${from}&page_size=50`,
      `/api/check-weekly/?station=${s}&page=2&page_size=25`,
    ]);
    const w = fx.weeks[0];
    const tid = fx.drivers[3].transporterId;
    const board = await measure(c, [
      `/api/scoreboard/?station=${s}&year=${w.year}&week=${w.week}`,
      `/api/scoreboard/?station=${s}&year=${w.year}&week=${w.week}&ordering=name&page=2&page_size=25`,
      `/api/scoreboard/?station=${s}&year=${w.year}&week=${w.week}&search=${tid}`,
    ]);
    for (
      const [figure, m] of [["GET /api/check-weekly/ p95", checks], [
        "GET /api/scoreboard/ week p95",
        board,
      ]] as const
    ) {
      figures.push({
        suite: name,
        figure: `${figure} (${SAMPLES} seq.)`,
        value: `p50 ${ms(m.p50)} / p95 ${ms(m.p95)}`,
        baseline: `/api/health p95 ${ms(m.health)}`,
        ratio: ratio(m.p95, m.health),
        goal: `p95 <= ${GOAL_MS} ms`,
        pass: m.p95 <= GOAL_MS,
      });
    }
  } finally {
    await app.close(); // closes (and drops) the database too
  }
  log(table(
    ["suite", "figure", "value", "baseline (same run)", "ratio", "goal", "result"],
    figures.map((
      f,
    ) => [f.suite, f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", verdict(f)]),
  ));
  return figures;
}

if (import.meta.main) await run();
