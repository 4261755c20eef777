// Issue 5 CLI import: one week's Amazon files for the 3 demo stations (per station a scorecard PDF with 150
// DAs, the overview CSV, the DNR CSV, the reliability XLSX and the WHC XLSX: 15 files) imported with
// `dsp import <folder>` (its own process, as cron runs it) into the app running on PostgreSQL and on PGlite.
// Median wall time of RUNS runs, the week's imports removed between runs; goal <= 10 s. Beside it, what the
// old system's notices announced for the same files: weekly PDF ~10 min, weekly CSV ~10 min, DNR,
// reliability and WHC ~15 s each, i.e. ~20.75 min per station.
// Run alone: `DIST_DIR=... deno run -A tests/bench/cli-import.ts`.
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { testPglite, testPostgres } from "../helpers/db.ts";
import type { DbHandle } from "../../lib/db/client.ts";
import { amazonImports } from "../../lib/imports/schema.ts";
import { dsp, dspLogin, show } from "../../cli/testing.ts";
import { writeWeekFolder } from "../../cli/import-testing.ts";
import type { ImportReport } from "../../cli/import-report.ts";
import { type Figure, log, max, median, min, ratio, secs, table } from "./lib.ts";

export const name = "cli-import";

const RUNS = 3;
const GOAL_MS = 10_000;
const STATIONS = ["DON9", "HYZ1", "DTO3"];
const WEEK = { year: 2026, week: 21 };
const WEEK_LABEL = "2026-W21";
/** The old system's processing notices (01 section 9) for one station's five weekly files. */
const OLD_PER_STATION_MS = 10 * 60_000 + 10 * 60_000 + 3 * 15_000;
const OLD_MS = OLD_PER_STATION_MS * STATIONS.length;

interface EngineRun {
  wall: number[];
  /** the CLI's own figure (after its start-up) */
  inside: number[];
  /** server-side parse + store per kind, all runs */
  serverByKind: Map<string, number[]>;
}

async function onEngine(label: string, open: () => Promise<DbHandle>, dir: string): Promise<EngineRun> {
  const app = await startTestApp({ db: await open() });
  const tmp = Deno.makeTempDirSync({ prefix: "dsp-bench-cli-" });
  const env = { DSP_CREDENTIALS: join(tmp, "credentials.json"), DSP_PW: "demo1234" };
  const out: EngineRun = { wall: [], inside: [], serverByKind: new Map() };
  try {
    await dspLogin(app.url, "owner@example.com", env.DSP_CREDENTIALS);
    for (let i = 0; i < RUNS; i++) {
      await app.db.db.delete(amazonImports).where(eq(amazonImports.week, WEEK_LABEL));
      const t = performance.now();
      const r = await dsp(["import", dir, "--json"], { env });
      const wall = performance.now() - t;
      if (r.code !== 0) throw new Error(`${label} run ${i + 1}: ${show(r)}`);
      const doc = JSON.parse(r.stdout) as ImportReport;
      const done = doc.files.filter((f) => f.status === "imported" || f.status === "replaced").length;
      if (done !== STATIONS.length * 5) {
        throw new Error(`${label} run ${i + 1}: ${done} files imported\n${r.stdout}`);
      }
      out.wall.push(wall);
      out.inside.push(doc.summary.ms);
      for (const f of doc.files) {
        const xs = out.serverByKind.get(f.kind!) ?? [];
        xs.push(f.server_ms ?? NaN);
        out.serverByKind.set(f.kind!, xs);
      }
      log(`${label} run ${i + 1}: ${secs(wall)} wall (${secs(doc.summary.ms)} inside the CLI)`);
    }
  } finally {
    await app.close();
    Deno.removeSync(tmp, { recursive: true });
  }
  return out;
}

export async function run(): Promise<Figure[]> {
  const dir = Deno.makeTempDirSync({ prefix: "dsp-bench-week-" });
  const figures: Figure[] = [];
  try {
    const files = await writeWeekFolder(dir, { stations: STATIONS, ...WEEK, das: 150 });
    log(`${files.length} files in ${dir} (${STATIONS.join(", ")}, ${WEEK_LABEL}, 150 DAs per station)`);
    const rows: string[][] = [];
    const engines: [string, () => Promise<DbHandle>][] = [
      ["PostgreSQL", () => testPostgres({ demo: true })],
      ["PGlite", () => testPglite({ demo: true })],
    ];
    for (const [label, open] of engines) {
      const r = await onEngine(label, open, dir);
      const m = median(r.wall);
      rows.push([label, secs(min(r.wall)), secs(m), secs(max(r.wall)), secs(median(r.inside))]);
      const perKind = [...r.serverByKind].map(([k, xs]) => `${k} ${Math.round(median(xs))} ms`).join(", ");
      figures.push({
        suite: name,
        figure: `dsp import, 15 files (3 stations x 5, 150 DAs), ${label}: median of ${RUNS} (wall)`,
        value: secs(m),
        baseline: `old system's notices ~${(OLD_MS / 60_000).toFixed(2)} min (${
          (OLD_PER_STATION_MS / 60_000).toFixed(2)
        } min per station)`,
        ratio: ratio(OLD_MS, m),
        goal: "<= 10 s",
        pass: m <= GOAL_MS,
        note: `server parse + store median per file: ${perKind}`,
      });
    }
    log(table(["engine", "min", "median", "max", "median inside the CLI"], rows));
    log(
      `old system's notices for the same files: weekly PDF ~10 min, weekly CSV ~10 min, DNR/reliability/WHC ~15 s each` +
        ` = ${(OLD_PER_STATION_MS / 60_000).toFixed(2)} min per station, ${
          (OLD_MS / 60_000).toFixed(2)
        } min for 3`,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  return figures;
}

if (import.meta.main) {
  const figures = await run();
  log(
    table(
      ["figure", "value", "baseline", "ratio", "goal", "pass"],
      figures.map((f) => [f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", String(f.pass)]),
    ),
  );
  for (const f of figures) if (f.note) log(`  ${f.figure}: ${f.note}`);
}
