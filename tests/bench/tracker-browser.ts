// Shift tracker in Chromium (issues 4 and 14): on PostgreSQL with the demo organisation and a 150-row report
// (DAs, vans, scanners, routes, waves and counters filled as a working day has them), 'table interactive'
// (the grid's effect marks the hydrated grid; its first row's route cell is checked there), median of 5
// warm loads, goal <= 300 ms: measured after the data arrives (the HTML carries the rows: its last byte),
// after the load event, and from navigation start (beside a small page of the same shell). Issue 14 adds
// the live editors in the grid (at most one) and the typing latency (key down to the next painted frame,
// median of several runs, goal < 50 ms). Server time and scrolling to the last row are notes.
//
//   deno run -A tests/bench/tracker-browser.ts        (alone; main.ts may list this module as a suite)
//   TRACKER_BENCH_ROWS=40 TRACKER_BENCH_RUNS=3 ...    (smaller, on a busy machine)
//   DOCS_SCREENS=1 ...                                 (also writes docs/screens/tracker-1440.png and -390.png)
import { and, asc, eq, sql } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { testPostgres } from "../helpers/db.ts";
import { hydrated, launchBrowser, newPage, type Page, signIn } from "../helpers/browser.ts";
import { day, makeReport, scannersOf } from "../integration/tracker-fixture.ts";
import type { Db } from "../../lib/db/client.ts";
import { shiftRecords, stationSpots, users, vans } from "../../lib/db/schema.ts";
import { type Figure, log, machineLoad, median, ms, ratio, secs, table, verdict } from "./lib.ts";

export const name = "tracker-browser";
const ROWS = Number(Deno.env.get("TRACKER_BENCH_ROWS") ?? 150);
const RUNS = Number(Deno.env.get("TRACKER_BENCH_RUNS") ?? 5);
const TYPING_GOAL_MS = 50;
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
  /** The HTML's last byte: the rows are in it. */
  data: number;
  load: number;
  server: number;
  /** Scrolling the table to its end until the last row is in the page (the rows are windowed). */
  scroll: number;
  /** The last byte of the page's last script (the island's chunks included). */
  scripts: number;
  /** DOMContentLoaded's end: the module scripts have run. */
  dcl: number;
}

export async function run(): Promise<Figure[]> {
  log(`\n## Shift tracker in Chromium: ${ROWS}-row report, PostgreSQL, warm loads (${machineLoad()})\n`);
  const t0 = performance.now();
  const h = await testPostgres({ demo: true });
  const app = await startTestApp({ db: h });
  try {
    const id = await fillReport(h.db);
    log(`demo organisation and the ${ROWS}-row report ready in ${secs(performance.now() - t0)}`);
    await launchBrowser({ likeUsers: true });
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
        const first = document.querySelector('[data-testid="tracker-row"] td[data-col="route"]');
        if (!first || first.getAttribute("aria-readonly")) {
          throw new Error("the first row's route is not editable");
        }
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          ready: Number(el.dataset.readyMs),
          data: nav.responseEnd,
          load: nav.loadEventEnd,
          server: nav.responseEnd - nav.requestStart,
          scripts: Math.max(
            0,
            ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
              .filter((r) => r.name.includes("/_astro/") && r.name.endsWith(".js")).map((r) => r.responseEnd),
          ),
          dcl: nav.domContentLoadedEventEnd,
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
    const { editorsIdle, editorsTyping, typing } = await typingFigures(page);
    if (Deno.env.get("DOCS_SCREENS") === "1") await docsScreens(page, id);
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
    const afterData = median(samples.map((s) => s.ready - s.data));
    // Where the time after the data goes: the scripts' download, their run, then the island's hydration.
    const phase = (f: (s: Sample) => number) => ms(median(samples.map(f)));
    const notes = `HTML request to last byte ${ms(server)}; load event ${
      ms(load)
    }; scroll to the last row and paint it ${ms(scroll)}; after the data: last script in ${
      phase((s) => s.scripts - s.data)
    }, DOMContentLoaded ${phase((s) => s.dcl - s.data)}, grid interactive ${
      phase((s) => s.ready - s.data)
    } (medians)`;
    return [
      {
        // Issue 14's wording: 'interactive <= 300 ms after the data arrives' (the rows come in the HTML).
        suite: name,
        figure: `data arrived -> grid interactive, ${ROWS} rows (median of ${RUNS})`,
        value: ms(afterData),
        goal: `<= ${GOAL_MS} ms`,
        pass: afterData <= GOAL_MS,
      },
      {
        suite: name,
        figure: "live editors in the grid (idle / while typing)",
        value: `${editorsIdle} / ${editorsTyping}`,
        goal: "<= 1",
        pass: editorsIdle <= 1 && editorsTyping <= 1,
      },
      {
        suite: name,
        figure: `typing latency, key down -> next frame (median of ${typing.length} keys)`,
        value: ms(median(typing)),
        goal: `< ${TYPING_GOAL_MS} ms`,
        pass: median(typing) < TYPING_GOAL_MS,
      },
      {
        // The issue 4 wording: 'table interactive <= 300 ms after load'.
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

/** Types routes into the grid (several runs of several keys): the editors in the DOM and each key's latency. */
async function typingFigures(page: Page) {
  await page.goto(page.url(), { waitUntil: "load" });
  await page.locator('[data-testid="tracker-table"][data-ready="true"]').waitFor();
  const editors = () => page.locator('[data-testid="tracker-table"] td :is(input, select)').count();
  const editorsIdle = await editors();
  await page.evaluate(() => {
    const w = globalThis as unknown as { __keys: number[] };
    w.__keys = [];
    addEventListener("keydown", (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.__keys.push(performance.now() - t), 0));
    }, { capture: true });
  });
  let editorsTyping = 0;
  for (let run = 0; run < 5; run++) {
    await page.locator(`[data-testid="tracker-row"] td[data-col="route"]`).nth(run).click();
    await page.keyboard.press("Escape");
    await page.keyboard.type(`ZX${run}`, { delay: 30 });
    editorsTyping = Math.max(editorsTyping, await editors());
    await page.keyboard.press("Escape"); // leave without saving: the bench changes nothing
  }
  const typing = await page.evaluate(() => (globalThis as unknown as { __keys: number[] }).__keys);
  return { editorsIdle, editorsTyping, typing };
}

/** The README's pictures: the grid at 1440 px, the row cards at 390 px. */
async function docsScreens(page: Page, id: number) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/das-reports/${id}`, { waitUntil: "load" });
  await page.locator('[data-testid="tracker-table"][data-ready="true"]').waitFor();
  await page.locator('[data-testid="tracker-row"] td[data-col="route"]').nth(2).click();
  await page.keyboard.press("Escape");
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: "docs/screens/tracker-1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/das-reports/${id}`, { waitUntil: "load" });
  await page.getByTestId("tracker-cards").waitFor();
  await page.getByTestId("tracker-cards").scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollBy(0, -120));
  await page.screenshot({ path: "docs/screens/tracker-390.png" });
  await page.setViewportSize({ width: 1366, height: 900 });
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
