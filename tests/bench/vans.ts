// Fleet register benchmark (issue 3): on PostgreSQL with 50 stations and 2,000 vans (registers-fixture.ts),
// through the real app's HTTP API:
//   1. GET /api/van/ with filters and ordering: p95 over 200 requests, goal <= 50 ms;
//   2. POST /api/van/bulk-status/ changing 500 vans: median of 5, goal <= 300 ms;
// each against GET /api/health measured in the same run.
//
//   deno run -A tests/bench/vans.ts        (alone; tests/bench/main.ts calls benchVans())
import { Client, startTestApp } from "../helpers/app.ts";
import { testPostgres } from "../helpers/db.ts";
import { seedRegisters } from "./registers-fixture.ts";
import { type Figure, log, machineLoad, median, ms, percentile, ratio, secs, table, verdict } from "./lib.ts";

const LIST_SAMPLES = 200;
const LIST_GOAL_MS = 50;
const BULK_ROWS = 500;
const BULK_RUNS = 5;
const BULK_GOAL_MS = 300;
const WARMUP = 20;

async function timed(c: Client, path: string, init: RequestInit & { json?: unknown } = {}): Promise<number> {
  const t = performance.now();
  const res = await c.fetch(path, init);
  await res.arrayBuffer();
  const d = performance.now() - t;
  if (res.status !== 200) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status}`);
  return d;
}

export async function benchVans(): Promise<Figure[]> {
  log(`\n## Fleet register: 50 stations, 2,000 vans, PostgreSQL, through the HTTP API (${machineLoad()})\n`);
  const t0 = performance.now();
  const h = await testPostgres();
  const fx = await seedRegisters(h.db, { stations: 50, das: 5000, vans: 2000 });
  log(`seeded in ${secs(performance.now() - t0)}`);
  const app = await startTestApp({ db: h });
  const figures: Figure[] = [];
  try {
    const owner = new Client(app.url);
    await owner.login(fx.owner.email, fx.password);
    const dispatcher = new Client(app.url);
    await dispatcher.login(fx.dispatcher.email, fx.password);

    // The register as people use it: default page, a station, a status, plate and van number searches,
    // other orderings and deeper pages; the owner sees all 2,000 vans, the dispatcher two stations.
    const [s1, s2] = fx.dispatcherStationIds;
    const mid = fx.stationIds[25];
    const lists: [Client, string][] = [
      [owner, "/api/van/"],
      [owner, `/api/van/?station=${mid}&ordering=plate_number`],
      [owner, "/api/van/?status=2&ordering=-last_status_change&page_size=25"],
      [owner, "/api/van/?plate_number=00&ordering=station"],
      [owner, "/api/van/?page=30&page_size=50&ordering=number"],
      [owner, `/api/van/?van_number=${fx.token}-V001&page_size=100&ordering=van_group`],
      [dispatcher, "/api/van/"],
      [dispatcher, `/api/van/?station=${s2}&status=1&ordering=-pick_up_date&page=2`],
      [dispatcher, `/api/van/?plate_number=1&station=${s1}`],
      [dispatcher, "/api/van/?ordering=fleet_size&page_size=50"],
    ];
    for (let i = 0; i < WARMUP; i++) {
      for (const [c, p] of lists) await timed(c, p);
      await timed(owner, "/api/health");
    }
    const list: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < LIST_SAMPLES; i++) {
      const [c, p] = lists[i % lists.length];
      list.push(await timed(c, p));
      health.push(await timed(owner, "/api/health"));
    }
    const lp = { p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99) };
    const hp95 = percentile(health, 95);
    figures.push({
      suite: "vans",
      figure: `GET /api/van/ p95 (${LIST_SAMPLES} seq., 10 filter/order mixes)`,
      value: `p50 ${ms(lp.p50)} / p95 ${ms(lp.p95)} / p99 ${ms(lp.p99)}`,
      baseline: `/api/health p95 ${ms(hp95)}`,
      ratio: ratio(lp.p95, hp95),
      goal: `p95 <= ${LIST_GOAL_MS} ms`,
      pass: lp.p95 <= LIST_GOAL_MS,
    });

    // Bulk: 500 available vans set Out of Service (with a reason), then back, and so on: every run
    // changes all 500 rows.
    const ids: number[] = [];
    for (let page = 1; ids.length < BULK_ROWS; page++) {
      const r = await owner.json(`/api/van/?status=1&page_size=100&page=${page}&ordering=id`);
      if (r.status !== 200 || r.body.results.length === 0) break;
      ids.push(...r.body.results.map((v: { id: number }) => v.id));
    }
    if (ids.length < BULK_ROWS) throw new Error(`only ${ids.length} available vans to change`);
    const batch = ids.slice(0, BULK_ROWS);
    const bulk: number[] = [];
    const bulkHealth: number[] = [];
    for (let run = 0; run < BULK_RUNS * 2; run++) {
      const out = run % 2 === 0;
      const d = await timed(owner, "/api/van/bulk-status/", {
        method: "POST",
        json: out
          ? { id_list: batch, status: 2, status_change_reason: run % 4 }
          : { id_list: batch, status: 1 },
      });
      if (out) bulk.push(d); // the Out of Service runs are measured; the way back restores the rows
      bulkHealth.push(await timed(owner, "/api/health"));
    }
    const bm = median(bulk);
    figures.push({
      suite: "vans",
      figure: `POST /api/van/bulk-status/ ${BULK_ROWS} vans (median of ${BULK_RUNS})`,
      value: `${ms(bm)} (runs ${bulk.map(ms).join(", ")})`,
      baseline: `/api/health median ${ms(median(bulkHealth))}`,
      ratio: ratio(bm, median(bulkHealth)),
      goal: `<= ${BULK_GOAL_MS} ms`,
      pass: bm <= BULK_GOAL_MS,
      note:
        "each run locks 500 vans, updates them in one statement and writes 500 history rows in one transaction",
    });
  } finally {
    await app.close();
  }
  log(
    table(
      ["suite", "figure", "value", "baseline (same run)", "ratio", "goal", "result"],
      figures.map((f) => [
        f.suite,
        f.figure,
        f.value,
        f.baseline ?? "",
        f.ratio ?? "",
        f.goal ?? "",
        verdict(f),
      ]),
    ),
  );
  for (const f of figures.filter((f) => f.note)) log(`  ${f.figure}: ${f.note}`);
  return figures;
}

if (import.meta.main) {
  await benchVans();
  Deno.exit(0);
}
