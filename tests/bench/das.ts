// DA register benchmark (issue 3): on PostgreSQL with 50 stations, 5,000 DAs and 2,000 vans
// (registers-fixture.ts), through the real app's HTTP API:
//   1. GET /api/driver-model/ with filters and ordering: p95 over 200 requests, goal <= 50 ms;
//   2. POST /api/updates-multiple-users/ changing 500 DAs: median of 5, goal <= 300 ms;
// each against GET /api/health measured in the same run.
//
//   deno run -A tests/bench/das.ts        (alone; tests/bench/main.ts calls benchDas())
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

export async function benchDas(): Promise<Figure[]> {
  log(
    `\n## DA register: 50 stations, 5,000 DAs, 2,000 vans, PostgreSQL, through the HTTP API (${machineLoad()})\n`,
  );
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

    // The list as people use it: default page, a station, a status, a search, other orderings and pages.
    const [s1, s2] = fx.dispatcherStationIds;
    const mid = fx.stationIds[25];
    const lists: [Client, string][] = [
      [owner, "/api/driver-model/"],
      [owner, `/api/driver-model/?in_station=${mid}&ordering=name`],
      [owner, "/api/driver-model/?status=6&ordering=-last_status_change&page_size=25"],
      [owner, "/api/driver-model/?search=garcia&ordering=transporter_id"],
      [owner, "/api/driver-model/?page=40&page_size=50&ordering=badge"],
      [owner, "/api/driver-model/?driver_license=license&page_size=100"],
      [dispatcher, "/api/driver-model/"],
      [dispatcher, `/api/driver-model/?in_station=${s2}&status=1&ordering=-created&page=2`],
      [dispatcher, `/api/driver-model/?search=A${fx.token}00000&in_station=${s1}`],
      [dispatcher, "/api/driver-model/?ordering=last_status_changed_by&page_size=50"],
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
    for (const [i, [c, p]] of lists.entries()) {
      const mine = list.filter((_, k) => k % lists.length === i);
      log(`  ${c === owner ? "owner     " : "dispatcher"} ${p.padEnd(78)} median ${ms(median(mine))}`);
    }
    const lp = { p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99) };
    const hp95 = percentile(health, 95);
    figures.push({
      suite: "das",
      figure: `GET /api/driver-model/ p95 (${LIST_SAMPLES} seq., 10 filter/order mixes)`,
      value: `p50 ${ms(lp.p50)} / p95 ${ms(lp.p95)} / p99 ${ms(lp.p99)}`,
      baseline: `/api/health p95 ${ms(hp95)}`,
      ratio: ratio(lp.p95, hp95),
      goal: `p95 <= ${LIST_GOAL_MS} ms`,
      pass: lp.p95 <= LIST_GOAL_MS,
    });

    // Bulk: 500 active DAs set Inactive, then back, and so on: every run changes all 500 rows.
    const ids: number[] = [];
    for (let page = 1; ids.length < BULK_ROWS; page++) {
      const r = await owner.json(`/api/driver-model/?status=1&page_size=100&page=${page}&ordering=id`);
      if (r.status !== 200 || r.body.results.length === 0) break;
      ids.push(...r.body.results.map((d: { id: number }) => d.id));
    }
    if (ids.length < BULK_ROWS) throw new Error(`only ${ids.length} active DAs to change`);
    const batch = ids.slice(0, BULK_ROWS);
    const bulk: number[] = [];
    const bulkHealth: number[] = [];
    for (let run = 0; run < BULK_RUNS * 2; run++) {
      const status = run % 2 === 0 ? 6 : 1;
      const d = await timed(owner, "/api/updates-multiple-users/", {
        method: "POST",
        json: { id_list: batch, status },
      });
      if (run % 2 === 0) bulk.push(d); // the Inactive runs are measured; the way back restores the rows
      bulkHealth.push(await timed(owner, "/api/health"));
    }
    const bm = median(bulk);
    figures.push({
      suite: "das",
      figure: `POST /api/updates-multiple-users/ ${BULK_ROWS} DAs (median of ${BULK_RUNS})`,
      value: `${ms(bm)} (runs ${bulk.map(ms).join(", ")})`,
      baseline: `/api/health median ${ms(median(bulkHealth))}`,
      ratio: ratio(bm, median(bulkHealth)),
      goal: `<= ${BULK_GOAL_MS} ms`,
      pass: bm <= BULK_GOAL_MS,
      note: "each run locks 500 rows, writes 500 status changes and 500 history rows in one transaction",
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
  await benchDas();
  Deno.exit(0);
}
