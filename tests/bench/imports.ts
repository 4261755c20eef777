// Issue 5 import speed: parse + store through lib/imports/store.ts importFile, as the upload endpoints and
// the CLI run it, on PGlite and on PostgreSQL (each with the demo organisation, so the tables already hold
// its imported weeks). Median of 5 imports (after one warm-up), each of a different week so every run
// stores ('imported', never 'unchanged'). Budgets: scorecard PDF with 150 DAs <= 2 s, overview CSV with
// 150 DAs <= 1 s, DNR CSV, capacity reliability XLSX and WHC XLSX <= 0.5 s each. Beside each figure: the
// old system's processing notice (weekly PDF and CSV "about 10 minutes", the others "about 15 seconds")
// and, as the baseline measured in the same run, the parse alone of the same files (parse vs parse + store).
// Last, the demo seed's import part (24 station-weeks of files) on PGlite against its 10 s budget.
//
//   deno task bench imports          (or: deno run -A tests/bench/imports.ts)
import { eq } from "drizzle-orm";
import process from "node:process";
import type { DbHandle } from "../../lib/db/client.ts";
import { users } from "../../lib/org/schema.ts";
import type { ImportDialog } from "../../lib/imports/dto.ts";
import { parseUpload } from "../../lib/imports/parse.ts";
import { importFile } from "../../lib/imports/store.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { seedImports } from "../../lib/demo/imports.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeReliabilityXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { makeWhc } from "../../lib/dev/amazon/whc.ts";
import { testPglite, testPostgres } from "../helpers/db.ts";

import { type Figure, log, machineLoad, median, ms, ratio, secs, table } from "./lib.ts";

export const name = "imports";

const RUNS = 5;
/** Weeks of 2025: clear of the demo's weeks (the last eight before today). */
const YEAR = 2025;
const SEED_GOAL_MS = 10_000;

interface File {
  fileName: string;
  bytes: Uint8Array;
  startPage?: number;
}

interface Case {
  label: string;
  dialog: ImportDialog;
  /** RUNS + 1 files, one per week (the first warms up) */
  files: File[];
  goalMs: number;
  oldMs: number;
  old: string;
}

async function cases(): Promise<Case[]> {
  const das = makeDas(150, 2026);
  const weeks = Array.from({ length: RUNS + 1 }, (_, i) => 10 + i);
  const at = (week: number) => ({ station: "DON9", week, year: YEAR, das, seed: week });
  const tenMin = { oldMs: 600_000, old: "about 10 minutes" };
  const fifteenS = { oldMs: 15_000, old: "about 15 seconds", goalMs: 500 };
  return [
    {
      label: "scorecard PDF, 150 DAs",
      dialog: "pdf",
      files: weeks.map((w) => {
        const f = makeScorecardPdf({ ...at(w), variant: "eu3" });
        return { fileName: f.fileName, bytes: f.bytes, startPage: f.startPage ?? 1 };
      }),
      goalMs: 2_000,
      ...tenMin,
    },
    {
      label: "overview CSV, 150 DAs",
      dialog: "csv",
      files: weeks.map((w) => makeOverview(at(w))),
      goalMs: 1_000,
      ...tenMin,
    },
    { label: "DNR CSV, 150 DAs", dialog: "dnr", files: weeks.map((w) => makeDnr(at(w))), ...fifteenS },
    {
      label: "capacity reliability XLSX",
      dialog: "reliability",
      files: await Promise.all(weeks.map((w) => makeReliabilityXlsx(at(w)))),
      ...fifteenS,
    },
    {
      label: "WHC XLSX, 150 DAs",
      dialog: "whc",
      files: await Promise.all(weeks.map((w) => makeWhc(at(w)))),
      ...fifteenS,
    },
  ];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function ownerOf(h: DbHandle) {
  const [owner] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  return { id: owner.id, role: 4 as const, stationIds: [1, 2, 3] };
}

/**
 * RUNS imports of the case's files, each a new week (after the warm-up file), each just after a parse alone
 * of the same file, so the baseline and the figure see the same machine.
 */
async function measure(h: DbHandle, c: Case): Promise<{ parse: number[]; store: number[] }> {
  const viewer = await ownerOf(h);
  const out = { parse: [] as number[], store: [] as number[] };
  for (const [i, f] of c.files.entries()) {
    let parsed: Awaited<ReturnType<typeof parseUpload>> | null = null;
    const tp = await time(async () => {
      parsed = await parseUpload({ dialog: c.dialog, ...f });
    });
    if (!parsed!.ok) {
      throw new Error(
        `${c.label}: the benchmark file does not parse: ${JSON.stringify(parsed!.problems[0])}`,
      );
    }
    let status = "";
    const ts = await time(async () => {
      status = (await importFile(h.db, viewer, { dialog: c.dialog, ...f })).status;
    });
    if (status !== "imported") throw new Error(`${c.label}: expected a new import, got '${status}'`);
    if (i === 0) continue;
    out.parse.push(tp);
    out.store.push(ts);
  }
  return out;
}

/** The demo seed's import part on a fresh demo PGlite (the rest of the demo loaded first). */
async function seedFigure(): Promise<Figure> {
  const h = await testPglite();
  try {
    const base = await time(() => seedDemo(h.db, { imports: false }));
    const cpu0 = process.cpuUsage();
    let result = { imports: 0, replaced: 0 };
    const took = await time(async () => {
      result = await h.db.transaction((tx) => seedImports(tx));
    });
    const cpu = process.cpuUsage(cpu0);
    return {
      suite: name,
      figure: `demo seed, imported weeks (${result.imports} files, 24 station-weeks), PGlite`,
      value: secs(took),
      baseline: `rest of the demo ${secs(base)}`,
      goal: `<= ${secs(SEED_GOAL_MS)}`,
      pass: took <= SEED_GOAL_MS,
      note: `CPU time ${secs((cpu.user + cpu.system) / 1000)} (generating, parsing and storing the files)`,
    };
  } finally {
    await h.close();
  }
}

export async function run(): Promise<Figure[]> {
  log(`\n## Amazon imports: parse + store, median of ${RUNS} (${machineLoad()})\n`);
  const all = await cases();

  const figures: Figure[] = [];
  const rows: string[][] = [];
  const engines: [string, () => Promise<DbHandle>][] = [
    ["PGlite", () => testPglite({ demo: true })],
    ["PostgreSQL", () => testPostgres({ demo: true })],
  ];
  for (const [engine, open] of engines) {
    const h = await open();
    try {
      for (const c of all) {
        const runs = await measure(h, c);
        const p = median(runs.parse), m = median(runs.store);
        rows.push([engine, c.label, ms(p), ms(m), runs.store.map((t) => ms(t)).join(", ")]);
        figures.push({
          suite: name,
          figure: `${c.label}: parse + store, ${engine}`,
          value: ms(m),
          baseline: `parse only ${ms(p)}`,
          ratio: `${ratio(c.oldMs, m)} faster than old (${c.old})`,
          goal: `<= ${secs(c.goalMs)}`,
          pass: m <= c.goalMs,
        });
      }
    } finally {
      await h.close();
    }
  }
  log(table(["engine", "file", "parse only (median)", "parse + store (median)", "parse + store runs"], rows));
  const seed = await seedFigure();
  log(`\n  ${seed.figure}: ${seed.value} (${seed.baseline}; ${seed.note})`);
  figures.push(seed);
  return figures;
}

if (import.meta.main) {
  const figures = await run();
  log(
    table(
      ["figure", "value", "baseline", "ratio", "goal", "result"],
      figures.map((
        f,
      ) => [f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", f.pass ? "PASS" : "FAIL"]),
    ),
  );
}
