// Issue 9 point 3: one bad file must not stall everyone. The server runs as main.ts in its own process
// (PostgreSQL, demo organisation); GET /api/health is polled every ~20 ms while each of the three files the
// attack probe used is uploaded (a bomb PDF ~816 KB, an .xlsx whose zip directory lies ~1 MB, a 19 MB
// one-line CSV), each three times. Figures: health p50/p95/p99 during each file's uploads against the
// baseline (the same polling with no upload, same run), goal p99 < 200 ms; beside them the uploads' answers
// and durations. Last, the parse worker's cold start (paid once per worker, kept warm after).
//
//   deno task bench upload-stall          (or: deno run -A tests/bench/upload-stall.ts)
import { sql } from "drizzle-orm";
import { Client } from "../helpers/app.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { ParsePool } from "../../lib/parse-pool/pool.ts";
import { BAD_FILES, bombPdf, lyingZipXlsx, oneLineCsv } from "../fixtures/bad-files.ts";
import {
  ensureBuilt,
  type Figure,
  kb,
  log,
  machineLoad,
  median,
  ms,
  percentile,
  sleep,
  spawnDeno,
  table,
  verdict,
  waitFor200,
} from "./lib.ts";

export const name = "upload-stall";

const POLL_MS = 20;
const UPLOADS = 3;
const GOAL_P99_MS = 200;

/** Polls health from a worker thread until stopped; returns each answer's latency. */
function pollHealth(base: string): { stop(): Promise<number[]> } {
  const worker = new Worker(new URL("./upload-stall-poll.ts", import.meta.url), { type: "module" });
  worker.postMessage({ start: `${base}/api/health`, pollMs: POLL_MS });
  return {
    stop: () =>
      new Promise<number[]>((ok) => {
        worker.onmessage = (e: MessageEvent<number[]>) => {
          worker.terminate();
          ok(e.data);
        };
        worker.postMessage({ stop: true });
      }),
  };
}

interface BadCase {
  label: string;
  path: string;
  field: string;
  fileName: string;
  bytes: Uint8Array;
  fields?: Record<string, string>;
}

async function badCases(): Promise<BadCase[]> {
  return [
    {
      label: "bomb PDF",
      path: "/api/upload-amazon-pdf/",
      field: "pdf_file",
      fileName: BAD_FILES.pdf.name,
      bytes: bombPdf(),
      fields: { page_numbers: "1" },
    },
    {
      label: "lying-zip xlsx (roster)",
      path: "/api/roster/preview",
      field: "file",
      fileName: BAD_FILES.xlsx.name,
      bytes: await lyingZipXlsx(),
      fields: { kind: "das" },
    },
    {
      label: "one-line CSV",
      path: "/api/upload-csv/",
      field: "csv_file",
      fileName: BAD_FILES.csv.name,
      bytes: oneLineCsv(),
    },
  ];
}

const summary = (xs: number[]) =>
  `p50 ${ms(percentile(xs, 50))} / p95 ${ms(percentile(xs, 95))} / p99 ${
    ms(percentile(xs, 99))
  } (n=${xs.length})`;

async function measure(base: string): Promise<Figure[]> {
  const c = new Client(base);
  await c.login("owner@example.com");
  // Each route's code is loaded once per process (the import routes bring pdf.js with them): loaded here,
  // so the figures are what every later upload costs.
  for (const path of ["/api/upload-amazon-pdf/", "/api/upload-csv/", "/api/roster/preview"]) {
    await c.json(path, { method: "POST", body: new FormData() });
  }
  const idle = pollHealth(base);
  await sleep(3_000);
  const baseline = await idle.stop();
  log(`health, no upload: ${summary(baseline)}`);
  const figures: Figure[] = [];
  const rows: string[][] = [];
  for (const bad of await badCases()) {
    const during: number[] = [];
    const answers: string[] = [];
    const took: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const poll = pollHealth(base);
      await sleep(100);
      const fd = new FormData();
      for (const [k, v] of Object.entries(bad.fields ?? {})) fd.set(k, v);
      fd.set(
        bad.field,
        new File([bad.bytes as BlobPart], bad.fileName, { type: "application/octet-stream" }),
      );
      const t = performance.now();
      const r = await c.json(bad.path, { method: "POST", body: fd });
      took.push(performance.now() - t);
      answers.push(`${r.status} ${r.body?.code ?? ""}`);
      await sleep(100);
      during.push(...await poll.stop());
    }
    const p99 = percentile(during, 99);
    rows.push([
      bad.label,
      kb(bad.bytes.byteLength),
      summary(during),
      [...new Set(answers)].join(", "),
      ms(median(took)),
    ]);
    figures.push({
      suite: name,
      figure: `health p99 during ${bad.label} upload`,
      value: ms(p99),
      baseline: ms(percentile(baseline, 99)),
      goal: `< ${GOAL_P99_MS} ms`,
      pass: p99 < GOAL_P99_MS,
      note: `answer ${[...new Set(answers)].join(", ")} in ${ms(median(took))} (median of ${UPLOADS})`,
    });
  }
  log(table(["file", "size", "health during upload", "answer", "upload median"], rows));
  return figures;
}

/** A parse worker's cold start: process + pdf.js + ExcelJS loaded, until it says ready. */
async function workerStart(): Promise<Figure> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const pool = new ParsePool({ workers: 1, timeBudgetMs: 20_000, memoryBudgetMb: 512 });
    await pool.whenReady();
    times.push(performance.now() - t);
    pool.close();
  }
  return {
    suite: name,
    figure: "parse worker cold start (median of 3)",
    value: ms(median(times)),
    pass: null,
  };
}

export async function run(): Promise<Figure[]> {
  await ensureBuilt();
  log(machineLoad());
  const db = await testPostgres({ demo: true });
  try {
    const [{ name: dbName }] = rowsOf<{ name: string }>(
      await db.db.execute(sql`select current_database() as name`),
    );
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${dbName}`;
    const server = spawnDeno("main.ts", { DATABASE_URL: url.toString(), LOG_LEVEL: "warn" });
    try {
      await waitFor200(`${server.url}/api/health`, { child: server.child, output: server.output });
      return [...await measure(server.url), await workerStart()];
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const figures = await run();
  log(
    table(
      ["figure", "value", "baseline", "goal", "result"],
      figures.map((f) => [f.figure, f.value, f.baseline ?? "", f.goal ?? "", verdict(f)]),
    ),
  );
  for (const f of figures.filter((f) => f.note)) log(`  ${f.figure}: ${f.note}`);
  Deno.exit(0);
}
