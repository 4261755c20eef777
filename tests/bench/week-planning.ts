// Week planning and money targets (issue 11 "Benchmarks"), on PostgreSQL with one station of 200 DAs and a
// month of schedule entries, rates and agencies, and 300 vans with invoices (week-planning-fixture.ts),
// through the real app as the owner (session cookie), the server in its own process as in production:
//   1. schedule week render p95 <= 100 ms: the /schedule page and GET api/schedule/get_reports;
//   2. payroll month p95 <= 150 ms (GET api/schedule/get_payroll_reports) and its xlsx p95 <= 1 s;
//   3. fleet report month for 300 vans p95 <= 100 ms (GET api/statistic/?statistic=fleet_reports_data).
// Each figure is sampled interleaved with an authenticated GET /api/current-user/ (the baseline, same run).
// An endpoint that answers 404 is reported as "not built" (no verdict) rather than failing the suite.
// Run alone: `DIST_DIR=... deno run -A tests/bench/week-planning.ts`; or through main.ts.
import { sql } from "drizzle-orm";
import { Client } from "../helpers/app.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { weekOf } from "../../lib/dates/weeks.ts";
import {
  ensureBuilt,
  type Figure,
  log,
  machineLoad,
  ms,
  percentile,
  ratio,
  secs,
  spawnDeno,
  table,
  verdict,
  waitFor200,
} from "./lib.ts";
import { seedWeekPlanning, type WeekPlanningFixture } from "./week-planning-fixture.ts";

export const name = "week-planning";
const SUITE = "week-planning";
const DAS = 200;
const VANS = 300;

interface Target {
  figure: string;
  path: string;
  goalMs: number;
  samples: number;
  warmup: number;
  /** "html" for the page, "json" or "xlsx" for the API. */
  expect: "html" | "json" | "xlsx";
  note?: string;
}

function targets(fx: WeekPlanningFixture): Target[] {
  const w = weekOf(fx.today);
  const week = `week=${w.week - 1}&year=${w.year}`;
  const month = `month=${fx.month}&year=${fx.year}`;
  return [
    {
      figure: `schedule week page render (GET /schedule), ${DAS} DAs`,
      path: `/schedule?${week}&station=${fx.stationId}`,
      goalMs: 100,
      samples: 100,
      warmup: 10,
      expect: "html",
    },
    {
      figure: `schedule week data (GET api/schedule/get_reports), ${DAS} DAs`,
      path: `/api/schedule/get_reports/?${week}&station=${fx.stationId}`,
      goalMs: 100,
      samples: 100,
      warmup: 10,
      expect: "json",
    },
    {
      figure: `payroll month (GET api/schedule/get_payroll_reports), ${DAS} DAs`,
      path: `/api/schedule/get_payroll_reports/?${month}&is_active_offboarded=true`,
      goalMs: 150,
      samples: 100,
      warmup: 10,
      expect: "json",
    },
    {
      figure: "payroll month xlsx (GET api/payroll/export, All Shifts by DA)",
      path: `/api/payroll/export/?${month}&kind=all&view=da`,
      goalMs: 1000,
      samples: 30,
      warmup: 3,
      expect: "xlsx",
      note: "the largest of the payroll files: every shift of the month with per-DA totals",
    },
    {
      figure: `fleet report month (api/statistic fleet_reports_data), ${VANS} vans`,
      path: `/api/statistic/?statistic=fleet_reports_data&${month}`,
      goalMs: 100,
      samples: 100,
      warmup: 10,
      expect: "json",
    },
  ];
}

/** One request: its time, status, content type and size (the body is read in full). */
async function timed(c: Client, path: string) {
  const t = performance.now();
  const res = await c.fetch(path);
  const body = new Uint8Array(await res.arrayBuffer());
  return { ms: performance.now() - t, status: res.status, type: res.headers.get("content-type") ?? "", body };
}

const looksRight = (expect: Target["expect"], type: string, body: Uint8Array) =>
  expect === "html"
    ? type.includes("text/html")
    : expect === "json"
    ? type.includes("json")
    : body[0] === 0x50 && body[1] === 0x4b; // an xlsx is a zip: "PK"

const stats = (xs: number[]) => ({
  p50: percentile(xs, 50),
  p95: percentile(xs, 95),
  p99: percentile(xs, 99),
});
const fmt = (s: ReturnType<typeof stats>) => `p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / p99 ${ms(s.p99)}`;

async function measure(c: Client, t: Target): Promise<Figure> {
  const goal = `p95 <= ${t.goalMs >= 1000 ? secs(t.goalMs) : `${t.goalMs} ms`}`;
  const probe = await timed(c, t.path);
  if (probe.status === 404) {
    return {
      suite: SUITE,
      figure: t.figure,
      value: "not built",
      goal,
      pass: null,
      note: `${t.path} answered 404`,
    };
  }
  if (probe.status !== 200 || !looksRight(t.expect, probe.type, probe.body)) {
    const text = new TextDecoder().decode(probe.body.slice(0, 200));
    return {
      suite: SUITE,
      figure: t.figure,
      value: `error: ${probe.status} ${probe.type}`,
      goal,
      pass: false,
      note: `${t.path}: ${text}`,
    };
  }
  for (let i = 0; i < t.warmup; i++) {
    await timed(c, t.path);
    await timed(c, "/api/current-user/");
  }
  const samples: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < t.samples; i++) {
    const r = await timed(c, t.path);
    if (r.status !== 200) throw new Error(`GET ${t.path}: ${r.status}`);
    samples.push(r.ms);
    base.push((await timed(c, "/api/current-user/")).ms);
  }
  const s = stats(samples);
  const b = stats(base);
  log(`  ${t.path} (${(probe.body.byteLength / 1024).toFixed(0)} KB): ${fmt(s)} | current-user ${fmt(b)}`);
  return {
    suite: SUITE,
    figure: `${t.figure}, PostgreSQL`,
    value: fmt(s),
    baseline: `GET /api/current-user/ p95 ${ms(b.p95)}`,
    ratio: ratio(s.p95, b.p95),
    goal,
    pass: s.p95 <= t.goalMs,
    note: t.note,
  };
}

/** The suite's figures, for tests/bench/main.ts. */
export async function run(): Promise<Figure[]> {
  await ensureBuilt();
  log(
    `\n## week planning: ${DAS} DAs at one station, a month of schedule, ${VANS} vans (${machineLoad()})\n`,
  );
  const db = await testPostgres();
  try {
    const t0 = performance.now();
    const fx = await seedWeekPlanning(db.db, { das: DAS, vans: VANS });
    log(
      `seeded ${fx.entries} schedule entries and ${fx.invoices} invoices in ${secs(performance.now() - t0)}`,
    );
    const [{ name }] = rowsOf<{ name: string }>(await db.db.execute(sql`select current_database() as name`));
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    const server = spawnDeno("main.ts", { DATABASE_URL: url.toString(), LOG_LEVEL: "warn" });
    try {
      await waitFor200(`${server.url}/api/health`, { child: server.child, output: server.output });
      const owner = new Client(server.url);
      await owner.login(fx.owner.email, fx.password);
      const figures: Figure[] = [];
      for (const t of targets(fx)) figures.push(await measure(owner, t));
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const figures = await run();
  log(
    table(
      ["figure", "value", "baseline", "ratio", "goal", "result"],
      figures.map((f) => [f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", verdict(f)]),
    ),
  );
  for (const f of figures.filter((f) => f.note)) log(`  ${f.figure}: ${f.note}`);
  Deno.exit(0);
}
