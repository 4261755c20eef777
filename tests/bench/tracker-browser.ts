// Shift tracker in Chromium (issue 4): on PostgreSQL with the demo organisation and a 150-row report (DAs,
// vans, scanners, routes, waves and counters filled as a working day has them), 'table interactive'
// (TrackerTable's effect marks the hydrated table; its first row's inputs are checked enabled), median of
// 5 warm loads, goal <= 300 ms: measured after the load event (the issue's wording) and from navigation
// start (the stricter reading, beside a small page of the same shell). Server time and scrolling to the
// last row (the rows are windowed) are reported as notes.
//
//   deno run -A tests/bench/tracker-browser.ts        (alone; main.ts may list this module as a suite)
import { and, asc, eq, sql } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { testPostgres } from "../helpers/db.ts";
import { hydrated, launchBrowser, newPage, signIn } from "../helpers/browser.ts";
import { day, makeReport, scannersOf } from "../integration/tracker-fixture.ts";
import type { Db } from "../../lib/db/client.ts";
import { shiftRecords, stationSpots, users, vans } from "../../lib/db/schema.ts";
import { type Figure, log, machineLoad, median, ms, ratio, secs, table, verdict } from "./lib.ts";

export const name = "tracker-browser";
const ROWS = 150;
const RUNS = 5;
const GOAL_MS = 300;
const WAVES = ["Wave 1", "Wave 2", "Wave 3", "Wave 4", "Wave 5"];

/** A 150-row report of station 1, filled: a DA and a van on as many rows as the station has, the rest typed. */
async function fillReport(db: Db): Promise<number> {
  const report = await makeReport(db, { stationId: 1, reportDate: await day(db, 10), rows: ROWS });
  const das = await db.select({ id: users.id }).from(users)
    .where(
      and(
        eq(users.role, 5),
        eq(users.status, 1),
        sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = 1)`,
      ),
    )
    .orderBy(asc(users.id));
  const free = await db.select({ id: vans.id }).from(vans).where(
    and(eq(vans.stationId, 1), eq(vans.status, 1)),
  ).orderBy(asc(vans.id));
  const rabbits = await scannersOf(db, 1, "rabbit");
  const dollies = await scannersOf(db, 1, "dolly");
  await db.transaction(async (tx) => {
    for (const [i, id] of report.recordIds.entries()) {
      const packages = 180 + ((i * 37) % 140);
      await tx.update(shiftRecords).set({
        driverId: das[i]?.id ?? null,
        vanId: das[i] ? free[i]?.id ?? null : null,
        fleetNumber: das[i] && free[i] ? null : `T${100 + i}`,
        daStatus: i % 7 === 0 ? 0 : 1,
        role: i % 9 === 0 ? 8 : 0,
        route: `CX${i + 1}`,
        waveTime: WAVES[i % WAVES.length],
        rabbitId: rabbits[i]?.id ?? null,
        dollyId: dollies[i]?.id ?? null,
        numberOfStops: 120 + (i % 60),
        numberOfPackages: packages,
        uta: i % 4,
        nsl: i % 3,
        missing: i % 11 === 0 ? 1 : 0,
        ontimeAttendance: i % 5 !== 0,
        morningChecklist: true,
      }).where(eq(shiftRecords.id, id));
    }
  });
  return report.id;
}

interface Sample {
  ready: number;
  load: number;
  server: number;
  /** Scrolling the table to its end until the last row is in the page (the rows are windowed). */
  scroll: number;
}

export async function run(): Promise<Figure[]> {
  log(`\n## Shift tracker in Chromium: ${ROWS}-row report, PostgreSQL, warm loads (${machineLoad()})\n`);
  const t0 = performance.now();
  const h = await testPostgres({ demo: true });
  const app = await startTestApp({ db: h });
  try {
    const id = await fillReport(h.db);
    log(`demo organisation and the ${ROWS}-row report ready in ${secs(performance.now() - t0)}`);
    const page = await newPage(app);
    await signIn(page, "dispatcher@example.com");
    const samples: Sample[] = [];
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(`/das-reports/${id}`, { waitUntil: "commit" });
      const table = page.locator('[data-testid="tracker-table"][data-ready="true"]');
      await table.waitFor({ timeout: 30_000 });
      await page.waitForLoadState("load");
      const s = await page.evaluate(() => {
        const el = document.querySelector('[data-testid="tracker-table"]') as HTMLElement;
        const first = document.querySelector(
          '[data-testid="tracker-row"] input[name=route]',
        ) as HTMLInputElement;
        if (!first || first.disabled) throw new Error("the first row's input is not enabled");
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          ready: Number(el.dataset.readyMs),
          load: nav.loadEventEnd,
          server: nav.responseEnd - nav.requestStart,
        };
      });
      const count = (await page.getByTestId("row-count").innerText()).trim();
      if (count !== `${ROWS} rows`) throw new Error(`the table says '${count}', expected ${ROWS} rows`);
      const scroll = await page.evaluate((n) =>
        new Promise<number>((ok) => {
          const box = document.querySelector('[data-testid="tracker-table"]') as HTMLElement;
          const t = performance.now();
          box.scrollTop = box.scrollHeight;
          const check = () =>
            document.querySelector(`[data-testid="tracker-row"][aria-rowindex="${n + 1}"]`)
              ? requestAnimationFrame(() => ok(performance.now() - t))
              : requestAnimationFrame(check);
          check();
        }), ROWS);
      if (i > 0) samples.push({ ...s, scroll }); // the first load warms the server and the browser cache
    }
    // Baseline in the same run: a small page with the same shell and islands (the account page).
    const base: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      await page.goto("/account", { waitUntil: "load" });
      await hydrated(page);
      const t = await page.evaluate(() => performance.now());
      if (i > 0) base.push(t);
    }
    const baseline = median(base);
    const ready = median(samples.map((s) => s.ready));
    const load = median(samples.map((s) => s.load));
    const server = median(samples.map((s) => s.server));
    const scroll = median(samples.map((s) => s.scroll));
    log(
      `  runs: ${
        samples.map((s) =>
          `${ms(s.ready)} (load ${ms(s.load)}, HTML ${ms(s.server)}, scroll to the end ${ms(s.scroll)})`
        ).join(", ")
      }`,
    );
    const afterLoad = median(samples.map((s) => s.ready - s.load));
    const notes = `HTML request to last byte ${ms(server)}; load event ${
      ms(load)
    }; scroll to the last row and paint it ${ms(scroll)} (medians)`;
    return [
      {
        // The issue's wording: 'table interactive <= 300 ms after load'.
        suite: name,
        figure: `load event -> table interactive, ${ROWS} rows (median of ${RUNS})`,
        value: ms(afterLoad),
        goal: `<= ${GOAL_MS} ms`,
        pass: afterLoad <= GOAL_MS,
        note: notes,
      },
      {
        // The stricter reading, from navigation start; against a small page of the same shell in the same run.
        suite: name,
        figure: `navigation start -> table interactive, ${ROWS} rows (median of ${RUNS})`,
        value: ms(ready),
        baseline: `${ms(baseline)} (/account hydrated)`,
        ratio: ratio(ready, baseline),
        goal: `<= ${GOAL_MS} ms`,
        pass: ready <= GOAL_MS,
      },
    ];
  } finally {
    await app.close();
    await (await launchBrowser()).close().catch(() => {});
  }
}

/** Runs the suite and prints its table (the brief's entry point). */
export async function benchTrackerBrowser(): Promise<void> {
  const figures = await run();
  log(table(
    ["suite", "figure", "value", "baseline (same run)", "ratio", "goal", "result"],
    figures.map((
      f,
    ) => [f.suite, f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", verdict(f)]),
  ));
  for (const f of figures.filter((f) => f.note)) log(`  ${f.note}`);
}

if (import.meta.main) {
  await benchTrackerBrowser();
  Deno.exit(0);
}
