// Scale (issue 15, point 5): the DA register list and the tracker figures on a database of 50 stations and
// three years of shift history, on PostgreSQL. The database comes from a generator function: issue 13's
// `dsp demo scale --stations 50 --years 3` generator is wired in at SCALE_GENERATOR below once it has
// landed; until then the suite reports SKIP and says so. The figures must not grow with history: each is
// printed with the EXPLAIN (ANALYZE, BUFFERS) of its query, for docs/performance.md.
//
//   deno task bench scale                      (generates 50 x 3 first: minutes)
//   SCALE_DB=<db> deno task bench scale        (a database `dsp demo scale` filled before)
import { sql } from "drizzle-orm";
import { Client } from "../helpers/app.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { type Db, type DbHandle, openDatabase } from "../../lib/db/client.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { generateScale } from "../../lib/demo/scale.ts";
import { type Figure, log, ms, percentile, spawnDeno, waitFor200 } from "./lib.ts";
import { renderFigures } from "./tracker-render.ts";
import { patchFigures } from "./tracker.ts";

export const name = "scale";

/**
 * THE HOOK: fills an empty demo database (the demo organisation is there: its staff sign in) with 50
 * stations x 3 years of history. Wire issue 13's generator here, e.g.
 *   `SCALE_GENERATOR = (db) => generateScale(db, { stations: 50, years: 3 })`.
 */
export const SCALE_GENERATOR: ((db: Db) => Promise<void>) | null = async (db) => {
  await generateScale(db, { stations: 50, years: 3 });
};

const LIST_SAMPLES = 200;
const LIST_GOAL_MS = 50;

/** The busiest report of the last week at station 1 (the demo staff's station): the tracker under test. */
async function busiestRecentReport(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select r.id from shift_reports r where r.station_id = 1
      and r.report_date between current_date - 7 and current_date + 1
      order by (select count(*) from shift_records x where x.report_id = r.id) desc, r.id limit 1`),
  );
  if (!row) throw new Error("the generated database has no report at station 1 in the last week");
  return row.id;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, printed: the plans docs/performance.md shows. */
async function explain(db: Db, label: string, query: ReturnType<typeof sql>): Promise<void> {
  const plan = rowsOf<Record<string, string>>(
    await db.execute(sql`explain (analyze, buffers, costs off) ${query}`),
  );
  log(`  EXPLAIN ${label}:`);
  for (const r of plan) log(`    ${Object.values(r)[0]}`);
}

async function listFigure(app: { url: string }): Promise<Figure> {
  const c = new Client(app.url);
  await c.login("manager@example.com");
  const samples: number[] = [];
  for (let i = 0; i < LIST_SAMPLES + 20; i++) {
    const t = performance.now();
    const res = await c.fetch("/api/driver-model/?ordering=name");
    await res.arrayBuffer();
    if (i >= 20) samples.push(performance.now() - t);
  }
  const p95 = percentile(samples, 95);
  return {
    suite: name,
    figure: "DA register GET /api/driver-model/, 50 stations x 3 years, PostgreSQL",
    value: `p50 ${ms(percentile(samples, 50))} / p95 ${ms(p95)}`,
    goal: `p95 <= ${LIST_GOAL_MS} ms`,
    pass: p95 <= LIST_GOAL_MS,
  };
}

/**
 * SCALE_DB names a database already filled by `dsp demo scale --stations 50 --years 3` (measured as it is:
 * generating takes minutes a quiet machine should spend measuring); else a new demo copy, filled here.
 */
async function scaleDatabase(generate: (db: Db) => Promise<void>): Promise<DbHandle> {
  const named = Deno.env.get("SCALE_DB");
  if (named) {
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${named}`;
    log(`measuring ${named} as it is`);
    return await openDatabase({ url: url.toString(), migrate: false });
  }
  const h = await testPostgres({ demo: true });
  const t = performance.now();
  await generate(h.db);
  await h.db.execute(sql`analyze`);
  log(`generated in ${ms(performance.now() - t)}`);
  return h;
}

export async function run(): Promise<Figure[]> {
  if (!SCALE_GENERATOR) {
    log("no scale generator wired yet (tests/bench/scale.ts SCALE_GENERATOR): skipped");
    return [{
      suite: name,
      figure: "DA register and tracker at 50 stations x 3 years",
      value: "skipped: the generator (issue 13) is not wired in yet",
      goal: "p95 does not grow with history",
      pass: null,
    }];
  }
  const h = await scaleDatabase(SCALE_GENERATOR);
  try {
    const reportId = await busiestRecentReport(h.db);
    await explain(h.db, "tracker rows", sql`select * from shift_records where report_id = ${reportId}`);
    const [{ name: dbName }] = rowsOf<{ name: string }>(
      await h.db.execute(sql`select current_database() as name`),
    );
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${dbName}`;
    const server = spawnDeno("main.ts", {
      DATABASE_URL: url.toString(),
      LOG_LEVEL: "warn",
      SERVER_TIMING: "1",
      // The clients share four sessions' cookies: no refresh (and its reuse check) in a long run.
      ACCESS_TOKEN_SECONDS: "3600",
    });
    try {
      await waitFor200(`${server.url}/api/health`, { child: server.child, output: server.output });
      const recordIds = rowsOf<{ id: number }>(
        await h.db.execute(sql`select id from shift_records where report_id = ${reportId} order by id`),
      ).map((r) => r.id);
      return [
        await listFigure(server),
        ...await renderFigures(server, reportId),
        ...recordIds.length >= 50 ? await patchFigures(server, reportId, recordIds) : [],
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await h.close();
  }
}
