// Page render under load (issue 15, point 2): the tracker page of a 150-row report and the shift reports
// board, each with 50 concurrent viewers (every viewer loads the page, reads it for 2-8 s, loads it again:
// ten page loads a second in all), on PostgreSQL, goal p95 <= 50 ms. Baseline in the same run: the same viewers at the same pace
// on an authenticated GET of the framework (/api/current-user/). Each page's Server-Timing phases
// (session check, data, app) say how much is database and how much is rendering.
import { Client } from "../helpers/app.ts";
import { type Figure, log, ms, percentile, Phases, ratio } from "./lib.ts";

const SUITE = "tracker";
const VIEWERS = 50;
const ROUNDS = 6;
const GOAL_MS = 50;
const THINK_MS = [2000, 8000] as const;
const think = () =>
  new Promise((ok) => setTimeout(ok, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0])));

const stats = (xs: number[]) => ({
  p50: percentile(xs, 50),
  p95: percentile(xs, 95),
  p99: percentile(xs, 99),
});
const fmt = (s: ReturnType<typeof stats>) => `p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / p99 ${ms(s.p99)}`;

async function get(c: Client, path: string, phases?: Phases): Promise<number> {
  const t = performance.now();
  const res = await c.fetch(path, { headers: { "accept-encoding": "br, gzip" } });
  await res.arrayBuffer();
  const took = performance.now() - t;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  phases?.add(res.headers.get("server-timing"));
  return took;
}

/** Every viewer loads `path` ROUNDS times at reading pace; all at once. */
async function paced(viewers: Client[], path: string, phases?: Phases): Promise<number[]> {
  for (const v of viewers.slice(0, 5)) await get(v, path); // warm-up
  const samples: number[] = [];
  await Promise.all(viewers.map(async (v) => {
    for (let n = 0; n < ROUNDS; n++) {
      await think();
      samples.push(await get(v, path, phases));
    }
  }));
  return samples;
}

/** The render figures; `viewers` share four staff sessions (as the PATCH editors do). */
export async function renderFigures(app: { url: string }, reportId: number): Promise<Figure[]> {
  const sessions = await Promise.all(
    ["dispatcher", "supervisor", "manager", "owner"].map(async (who) => {
      const c = new Client(app.url);
      await c.login(`${who}@example.com`);
      return c;
    }),
  );
  const viewers = Array.from({ length: VIEWERS }, (_, i) => {
    const c = new Client(app.url);
    c.cookies = new Map(sessions[i % sessions.length].cookies);
    return c;
  });
  const base = stats(await paced(viewers, "/api/current-user/"));
  log(`GET /api/current-user/, ${VIEWERS} viewers at reading pace: ${fmt(base)}`);
  const figures: Figure[] = [];
  for (const [label, path] of [["tracker page", `/das-reports/${reportId}`], ["board", "/das-reports"]]) {
    const phases = new Phases();
    const s = stats(await paced(viewers, path, phases));
    log(`GET ${path} (${label}), ${VIEWERS} viewers at reading pace: ${fmt(s)}`);
    for (const line of phases.lines()) log(line);
    figures.push({
      suite: SUITE,
      figure: `${label} render${
        label === "board" ? "" : ", 150 rows"
      }, ${VIEWERS} concurrent viewers, PostgreSQL`,
      value: fmt(s),
      baseline: `GET /api/current-user/ same pace p95 ${ms(base.p95)}`,
      ratio: ratio(s.p95, base.p95),
      goal: `p95 <= ${GOAL_MS} ms`,
      pass: s.p95 <= GOAL_MS,
    });
  }
  return figures;
}
