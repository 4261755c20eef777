// Load (issue 16, point 7): N concurrent people on loopback for a bounded time, on PGlite, on PostgreSQL,
// and on two app servers sharing one PostgreSQL. Half are dispatchers doing their morning (the board, the
// day's tracker, field edits, a Notify dry run), half are owners doing an owner's and a manager's (shift
// board, imports, payroll, the fleet report; the dashboard, checks and scoreboard). Each person waits
// 0.2-0.8 s between steps. Reported: requests, rate, p50/p95/p99 and errors per setup. Small by default:
//   LOAD_USERS=4 (50 and 200 for the issue's figures), LOAD_SECONDS=10, LOAD_SETUPS=pglite,postgres,two-servers
import { join } from "node:path";
import { sql } from "drizzle-orm";
import {
  type Figure,
  log,
  machineLoad,
  percentile,
  sleep,
  spawnDeno,
  type Spawned,
  table,
  waitFor200,
} from "./lib.ts";
import { pgliteSnapshot, TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { restoreEmbedded } from "../../lib/ops/backup.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { weekOf } from "../../lib/dates/mod.ts";

export const name = "load";

const USERS = Number(Deno.env.get("LOAD_USERS") || 4);
const SECONDS = Number(Deno.env.get("LOAD_SECONDS") || 10);
const SETUPS = (Deno.env.get("LOAD_SETUPS") || "pglite,postgres,two-servers").split(",");

interface Sample {
  step: string;
  ms: number;
  ok: boolean;
  status: number;
}

async function token(base: string, email: string): Promise<string> {
  const res = await fetch(base + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo1234" }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return (await res.json()).access;
}

async function call(
  base: string,
  tok: string,
  step: string,
  path: string,
  into: Sample[],
  init: { method?: string; json?: unknown } = {},
): Promise<unknown> {
  const started = performance.now();
  let ok = false;
  let status = 0;
  let body: unknown = null;
  try {
    const res = await fetch(base + path, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${tok}`,
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    status = res.status;
    ok = res.status < 400 || res.status === 409; // a conflict is an answer, not an error
    if (text.startsWith("{")) body = JSON.parse(text);
  } catch { /* counted as an error */ }
  into.push({ step, ms: performance.now() - started, ok, status });
  return body;
}

const pause = () => sleep(200 + Math.random() * 600);

/** A dispatcher's morning, over and over until `until`. */
async function dispatcher(base: string, tok: string, until: number, into: Sample[], n: number) {
  const board = await call(base, tok, "board", "/api/da-daily-report/?station=1&page_size=25", into) as {
    results?: { id: number; report_date: string }[];
  };
  // The reports a dispatcher may still edit (from yesterday on): older ones are locked, and their edits
  // would be the app's correct 403s counted as errors.
  const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
  const open = (board?.results ?? []).filter((r) => r.report_date >= yesterday);
  const reportId = open[n % Math.max(1, open.length)]?.id;
  if (!reportId) return;
  for (let i = 0; performance.now() < until; i++) {
    const report = await call(base, tok, "tracker read", `/api/da-daily-report/${reportId}/`, into) as {
      records?: { id: number }[];
    };
    await pause();
    const records = report?.records ?? [];
    if (records.length) {
      const id = records[(n + i) % records.length].id;
      await call(base, tok, "tracker edit", `/api/da-daily-report-record/${id}/`, into, {
        method: "PATCH",
        json: { route: `CX-${n}-${i}` },
      });
    }
    await pause();
    if (i % 5 === 4) {
      await call(base, tok, "notify (dry run)", "/api/send-message-for-drivers/", into, {
        method: "POST",
        json: { da_tracker_id: reportId, dry_run: true },
      });
    }
  }
}

/** An owner's morning: the shift board, imports, payroll, the fleet report. */
async function owner(base: string, tok: string, until: number, into: Sample[]) {
  const { week, year } = weekOf(new Date().toISOString().slice(0, 10));
  while (performance.now() < until) {
    await call(base, tok, "shift board", "/api/da-daily-report/?page_size=25", into);
    await pause();
    await call(base, tok, "imports", "/api/imports/?page_size=25", into);
    await pause();
    await call(
      base,
      tok,
      "payroll",
      `/api/schedule/get_payroll_reports/?period=week&week=${week - 1}&year=${year}`,
      into,
    );
    await pause();
    const month = `month=${new Date().getUTCMonth() + 1}&year=${new Date().getUTCFullYear()}`;
    await call(base, tok, "fleet report", `/api/statistic/?statistic=fleet_reports_data&${month}`, into);
    await pause();
    // A manager's morning (issue 16 point 2): the dashboard's cards for last week, the checks, the scoreboard.
    await call(base, tok, "dashboard", `/api/dashboard/?year=${year}&week=${week - 1}`, into);
    await pause();
    await call(base, tok, "checks", "/api/check-weekly/?page=1&page_size=25", into);
    await pause();
    await call(base, tok, "scoreboard", `/api/scoreboard/?year=${year}&week=${Math.max(1, week - 1)}`, into);
    await pause();
  }
}

async function drive(servers: string[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  const people = await Promise.all(Array.from({ length: USERS }, async (_, n) => {
    const base = servers[n % servers.length];
    const email = n % 2 === 0 ? "dispatcher@example.com" : "owner@example.com";
    return { n, base, email, tok: await token(base, email) };
  }));
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    people.map((p) =>
      p.email.startsWith("dispatcher")
        ? dispatcher(p.base, p.tok, until, samples, p.n)
        : owner(p.base, p.tok, until, samples)
    ),
  );
  return samples;
}

const ENV = { LOG_LEVEL: "warn", ACCESS_TOKEN_SECONDS: "3600", DEMO: "false" };

async function serve(env: Record<string, string>): Promise<Spawned> {
  const s = spawnDeno("main.ts", { ...ENV, ...env });
  await waitFor200(`${s.url}/api/health`, { child: s.child, output: s.output });
  return s;
}

async function setup(kind: string): Promise<{ urls: string[]; close(): Promise<void> }> {
  if (kind === "pglite") {
    const dir = Deno.makeTempDirSync({ prefix: "dsp-load-" });
    await restoreEmbedded(await pgliteSnapshot("demo"), join(dir, "data"));
    const s = await serve({ DATA_DIR: join(dir, "data") });
    return {
      urls: [s.url],
      close: async () => {
        await s.stop();
        Deno.removeSync(dir, { recursive: true });
      },
    };
  }
  const db = await testPostgres({ demo: true });
  const [{ name }] = rowsOf<{ name: string }>(await db.db.execute(sql`select current_database() as name`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const servers = [await serve({ DATABASE_URL: url.toString() })];
  if (kind === "two-servers") servers.push(await serve({ DATABASE_URL: url.toString() }));
  return {
    urls: servers.map((s) => s.url),
    close: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db.close();
    },
  };
}

const ms = (x: number) => `${Math.round(x)} ms`;

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const kind of SETUPS) {
    const s = await setup(kind);
    try {
      const samples = await drive(s.urls);
      const all = samples.map((x) => x.ms);
      const errors = samples.filter((x) => !x.ok).length;
      const steps = [...new Set(samples.map((x) => x.step))];
      figures.push({
        suite: name,
        figure: `${kind}: ${USERS} people, ${SECONDS} s`,
        value: `${samples.length} requests, ${(samples.length / SECONDS).toFixed(1)}/s, p50 ${
          ms(percentile(all, 50))
        } p95 ${ms(percentile(all, 95))} p99 ${ms(percentile(all, 99))}`,
        goal: "no errors",
        pass: errors === 0,
        note: `${errors} errors${
          errors
            ? ` (${[
              ...new Set(
                samples.filter((x) => !x.ok).map((x) => `${x.step} ${x.status}`),
              ),
            ]})`
            : ""
        }; ` + steps.map((step) => {
          const xs = samples.filter((x) => x.step === step).map((x) => x.ms);
          return `${step} p95 ${ms(percentile(xs, 95))} (${xs.length})`;
        }).join(", "),
      });
    } finally {
      await s.close();
    }
  }
  return figures;
}

if (import.meta.main) {
  log(`load — ${machineLoad()}`);
  const figures = await run();
  log(
    table(["figure", "value", "result"], figures.map((f) => [f.figure, f.value, f.pass ? "PASS" : "FAIL"])),
  );
  for (const f of figures) log(`  ${f.figure}: ${f.note}`);
  Deno.exit(0);
}
