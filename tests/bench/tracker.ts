// Shift tracker targets (issues 4 and 15), on PostgreSQL with a 150-row report:
//   1. the tracker page and the board rendered for 50 concurrent viewers, p95 <= 50 ms (tracker-render.ts);
//   2. PATCH round trip p95 with 50 concurrent editors, each changing its own row (goal <= 30 ms and <= 2x
//      an authenticated GET at the same pace), with where its time goes (Server-Timing phases).
// tests/bench/scale.ts runs the same figures on a generated 50-station, 3-year database.
// Run alone: `DIST_DIR=... deno run -A tests/bench/tracker.ts`; or call benchTracker() / run().
import { eq, sql } from "drizzle-orm";
import { Client } from "../helpers/app.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import {
  ensureBuilt,
  type Figure,
  log,
  median,
  ms,
  percentile,
  Phases,
  ratio,
  spawnDeno,
  table,
  typingPace,
  verdict,
  waitFor200,
} from "./lib.ts";
import { scanners, shiftRecords, stations } from "../../lib/db/schema.ts";
import { makeDriver, makeSpot, makeVan } from "../../lib/demo/factories.ts";
import type { Db } from "../../lib/db/client.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { day, makeReport } from "../integration/tracker-fixture.ts";
import { renderFigures } from "./tracker-render.ts";
import { commitFloor } from "./commit-floor.ts";

export const name = "tracker";
const SUITE = "tracker";
const ROWS = 150;
const EDITORS = 50;
/** Paced PATCH rounds per editor in a block (the GET baseline: half as many), and blocks per run. */
const ROUNDS = 10;
const BLOCKS = Number(Deno.env.get("TRACKER_BLOCKS") || 5);
const WARM_ROUNDS = 3;
const PATCH_GOAL_MS = 30;

/** A 150-row report at DON9 tomorrow: every row with its own DA, van, route, wave, counters, some scanners. */
export async function bigReport(db: Db): Promise<{ id: number; recordIds: number[] }> {
  const [station] = await db.select().from(stations).where(eq(stations.id, 1));
  const rep = await makeReport(db, {
    stationId: station.id,
    reportDate: await day(db, 1),
    rows: ROWS,
    hasSecondDriver: true,
  });
  const rabbits = await db.select({ id: scanners.id }).from(scanners).where(eq(scanners.stationId, 1));
  for (const [i, id] of rep.recordIds.entries()) {
    const da = await makeDriver(db, { mobileNumber: `+1206555${String(1000 + i).slice(-4)}` });
    await makeSpot(db, da.id, station.id);
    const van = await makeVan(db, { stationId: station.id, fleetSizeId: [1, 6, 3, 2][i % 4] });
    await db.update(shiftRecords).set({
      driverId: da.id,
      vanId: van.id,
      route: `CX${100 + i}`,
      waveTime: `Wave ${1 + (i % 5)}`,
      role: i % 10 === 0 ? 8 : 0,
      daStatus: i % 3 === 0 ? 1 : 0,
      numberOfStops: 120 + (i % 40),
      numberOfPackages: 200 + (i % 70),
      uta: i % 4,
      missing: i % 2,
      rabbitId: i < rabbits.length ? rabbits[i].id : null,
    }).where(eq(shiftRecords.id, id));
  }
  await db.execute(sql`analyze`);
  return rep;
}

async function timed(
  c: Client,
  path: string,
  init: RequestInit & { json?: unknown; phases?: Phases } = {},
): Promise<{ ms: number; body: Record<string, unknown> | null }> {
  const t = performance.now();
  const res = await c.fetch(path, init);
  const text = await res.text();
  const d = performance.now() - t;
  if (res.status !== 200) {
    throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text.slice(0, 200)}`);
  }
  init.phases?.add(res.headers.get("server-timing"));
  return { ms: d, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

const stats = (xs: number[]) => ({
  p50: percentile(xs, 50),
  p95: percentile(xs, 95),
  p99: percentile(xs, 99),
});
const fmt = (s: ReturnType<typeof stats>) => `p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / p99 ${ms(s.p99)}`;

/** 50 editors, each on its own row, each PATCH carrying the version of its previous answer. */
export async function patchFigures(
  app: { url: string },
  reportId: number,
  recordIds: number[],
): Promise<Figure[]> {
  const emails = [
    "dispatcher@example.com",
    "supervisor@example.com",
    "manager@example.com",
    "owner@example.com",
  ];
  const sessions = await Promise.all(emails.map(async (e) => {
    const c = new Client(app.url);
    await c.login(e);
    return c;
  }));
  const first = (await timed(sessions[0], `/api/da-daily-report/${reportId}/`)).body?.records as {
    id: number;
    version: number;
  }[];
  const version = new Map(first.map((r) => [r.id, r.version]));
  const editors = recordIds.slice(0, EDITORS).map((id, i) => {
    const c = new Client(app.url);
    c.cookies = new Map(sessions[i % sessions.length].cookies);
    return { c, id };
  });
  const patchPhases = new Phases();
  const getPhases = new Phases();
  const edit = async (e: { c: Client; id: number }, n: number, phases?: Phases) => {
    const r = await timed(e.c, `/api/da-daily-report-record/${e.id}/`, {
      method: "PATCH",
      json: { version: version.get(e.id), number_of_packages: 300 + n, route: `CX-${e.id}-${n}` },
      phases,
    });
    version.set(e.id, r.body?.version as number);
    return r.ms;
  };
  // Warm-up: a server in use, not one just started. Every editor a few times, so that each pooled
  // connection has prepared (and planned) the edit's statement, as it has after a minute on the floor.
  for (let w = 0; w < WARM_ROUNDS; w++) await Promise.all(editors.map((e) => edit(e, w)));

  // Blocks: the editors' paced edits, then the same clients at the same pace on an authenticated read of
  // the framework (the baseline). Each block gives a p95 of both, measured minutes apart at most, and the
  // figure is the median over the blocks (a single run's p95 of a few milliseconds moves by a third
  // between runs on a shared 2-core machine, the GET's as much as the PATCH's).
  const paced: number[] = [];
  const baseline: number[] = [];
  const blocks: { patch: number; get: number }[] = [];
  for (let block = 0; block < BLOCKS; block++) {
    const patches: number[] = [];
    await Promise.all(editors.map(async (e) => {
      for (let n = 1; n <= ROUNDS; n++) {
        await typingPace();
        patches.push(await edit(e, 10 + block * ROUNDS + n, patchPhases));
      }
    }));
    const gets: number[] = [];
    await Promise.all(editors.map(async (e) => {
      for (let n = 1; n <= ROUNDS / 2; n++) {
        await typingPace();
        gets.push((await timed(e.c, "/api/current-user/", { phases: getPhases })).ms);
      }
    }));
    blocks.push({ patch: percentile(patches, 95), get: percentile(gets, 95) });
    paced.push(...patches);
    baseline.push(...gets);
  }
  const burst: number[] = [];
  for (let round = 0; round < 5; round++) {
    burst.push(...await Promise.all(editors.map((e) => edit(e, 1000 + round))));
  }
  const p = stats(paced);
  const b = stats(burst);
  const base = stats(baseline);
  const patchP95 = median(blocks.map((x) => x.patch));
  const getP95 = median(blocks.map((x) => x.get));
  const blockRatio = median(blocks.map((x) => x.patch / x.get));
  log(`GET /api/current-user/, same ${EDITORS} clients and pace (${baseline.length} requests): ${fmt(base)}`);
  log(`PATCH, ${EDITORS} editors at typing pace (${paced.length} requests): ${fmt(p)}`);
  for (const [i, x] of blocks.entries()) {
    log(`  block ${i + 1}: PATCH p95 ${ms(x.patch)}, GET p95 ${ms(x.get)}, ratio ${ratio(x.patch, x.get)}`);
  }
  log(
    `  median of ${blocks.length} blocks: PATCH p95 ${ms(patchP95)}, GET p95 ${ms(getP95)}, ratio ${
      blockRatio.toFixed(2)
    }x`,
  );
  log("  where a paced PATCH's time goes (Server-Timing; app = arrival to response head):");
  for (const line of patchPhases.lines()) log(line);
  log("  and the GET's:");
  for (const line of getPhases.lines()) log(line);
  log(`PATCH, ${EDITORS} requests in flight at once (${burst.length} requests): ${fmt(b)}`);
  return [
    {
      suite: SUITE,
      figure: `PATCH round trip, ${EDITORS} concurrent editors (one change every ~1 s each), PostgreSQL`,
      value: `p95 ${ms(patchP95)} (median of ${blocks.length} blocks); all: ${fmt(p)}`,
      baseline: `GET /api/current-user/ same pace p95 ${ms(getP95)} (median of ${blocks.length} blocks)`,
      ratio: `${blockRatio.toFixed(2)}x`,
      // Issue 15: "p95 <= 30 ms and <= 2x that GET"; each block's PATCH against its own GET.
      goal: `p95 <= ${PATCH_GOAL_MS} ms and <= 2x the GET`,
      pass: patchP95 <= PATCH_GOAL_MS && blockRatio <= 2,
    },
    {
      suite: SUITE,
      figure: `PATCH round trip, ${EDITORS} requests fired at the same instant (worst case), PostgreSQL`,
      value: fmt(b),
      pass: null,
      note: "all 50 queue on one server process with 2 shared cores; informational, no goal",
    },
  ];
}

/**
 * The suite's figures, for tests/bench/main.ts. The server runs as main.ts in its own process, as in
 * production: the 50 clients' timers and JSON then do not share the server's event loop.
 */
export async function run(): Promise<Figure[]> {
  await ensureBuilt();
  const db = await testPostgres({ demo: true });
  try {
    const rep = await bigReport(db.db);
    const [{ name }] = rowsOf<{ name: string }>(await db.db.execute(sql`select current_database() as name`));
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    const server = spawnDeno("main.ts", {
      DATABASE_URL: url.toString(),
      LOG_LEVEL: "warn",
      SERVER_TIMING: "1",
      // The clients share four sessions' cookies: no refresh (and its reuse check) in a long run.
      ACCESS_TOKEN_SECONDS: "3600",
    });
    try {
      await waitFor200(`${server.url}/api/health`, { child: server.child, output: server.output });
      // TRACKER_PARTS=patch (or render) runs one half: while working on one figure.
      const parts = (Deno.env.get("TRACKER_PARTS") ?? "render,patch").split(",");
      return [
        ...parts.includes("render") ? await renderFigures(server, rep.id) : [],
        ...parts.includes("patch") ? await patchFigures(server, rep.id, rep.recordIds) : [],
        ...parts.includes("patch")
          ? [await commitFloor(url.toString(), rep.recordIds.slice(0, EDITORS), BLOCKS, SUITE)]
          : [],
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
  }
}

/** Runs the suite and prints its table with PASS/FAIL. */
export async function benchTracker(): Promise<void> {
  log("# tracker");
  const figures = await run();
  log(
    table(
      ["figure", "value", "baseline", "ratio", "goal", "result"],
      figures.map((f) => [f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", verdict(f)]),
    ),
  );
  for (const f of figures.filter((f) => f.note)) log(`  ${f.figure}: ${f.note}`);
}

if (import.meta.main) {
  await benchTracker();
  Deno.exit(0);
}
