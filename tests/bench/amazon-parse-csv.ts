// Issue 5 parse speed, CSV and XLSX formats: median of 5 parses (after one warm-up) of 150-DA files:
//   - the weekly overview CSV against the 1 s parse + store budget; the old system needed about 10 minutes
//     for a weekly CSV;
//   - the DNR CSV (and its package-level variant), capacity reliability XLSX and WHC XLSX against 0.5 s;
//     the old system needed about 15 seconds for each;
//   - the DCR/POD/PSB quality CSVs and the returns CSV, held to the same 0.5 s ("the others").
// Parsing is only part of each budget (storing follows), so a parse should take a fraction of it.
// The PDF formats report their figures in amazon-parse.ts.
import { parseConcessions } from "../../lib/amazon/concessions.ts";
import { parseDnr } from "../../lib/amazon/dnr.ts";
import { parseOverview } from "../../lib/amazon/overview.ts";
import { parseDcr, parsePod, parsePsb } from "../../lib/amazon/quality.ts";
import { parseReliabilityXlsx } from "../../lib/amazon/reliability-xlsx.ts";
import { parseReturns } from "../../lib/amazon/returns.ts";
import { parseWhc } from "../../lib/amazon/whc.ts";
import { makeConcessions } from "../../lib/dev/amazon/concessions.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { type Fixture, makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDcr, makePod, makePsb } from "../../lib/dev/amazon/quality.ts";
import { makeReliabilityXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { makeReturns } from "../../lib/dev/amazon/returns.ts";
import { makeWhc } from "../../lib/dev/amazon/whc.ts";
import { type Figure, log, machineLoad, max, median, min, ms, ratio, table } from "./lib.ts";

export const name = "amazon-parse-csv";

const RUNS = 5;

type Parse = (
  bytes: Uint8Array,
  fileName: string,
) => { ok: boolean; rows: unknown[] } | Promise<{ ok: boolean; rows: unknown[] }>;

interface Case {
  label: string;
  file: Fixture;
  parse: Parse;
  goalMs: number;
  oldMs: number;
  old: string;
}

async function timed(c: Case): Promise<{ first: number; times: number[]; rows: number }> {
  let t = performance.now();
  const warm = await c.parse(c.file.bytes, c.file.fileName);
  const first = performance.now() - t;
  if (!warm.ok) throw new Error(`${c.label}: the benchmark file does not parse`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await c.parse(c.file.bytes, c.file.fileName);
    times.push(performance.now() - t);
  }
  return { first, times, rows: warm.rows.length };
}

export async function run(): Promise<Figure[]> {
  const das = makeDas(150, 2026);
  const o = { station: "DON9", week: 21, year: 2026, das, seed: 7 };
  const TEN_MIN = 600_000, FIFTEEN_S = 15_000;
  const cases: Case[] = [
    {
      label: "overview CSV, 150 DAs",
      file: makeOverview(o),
      parse: parseOverview,
      goalMs: 1_000,
      oldMs: TEN_MIN,
      old: "~10 min",
    },
    {
      label: "DNR/DSB CSV, 150 DAs",
      file: makeDnr(o),
      parse: parseDnr,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "DNR concessions CSV, 150 DAs",
      file: makeConcessions(o),
      parse: parseConcessions,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "capacity reliability XLSX",
      file: await makeReliabilityXlsx(o),
      parse: parseReliabilityXlsx,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "WHC XLSX, 150 DAs, 8 weeks",
      file: await makeWhc({ ...o, weeks: 8 }),
      parse: parseWhc,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "DCR CSV, 150 DAs",
      file: makeDcr(o),
      parse: parseDcr,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "POD CSV, 150 DAs",
      file: makePod(o),
      parse: parsePod,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "PSB CSV, 150 DAs",
      file: makePsb(o),
      parse: parsePsb,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
    {
      label: "returns CSV, 150 DAs",
      file: makeReturns(o),
      parse: parseReturns,
      goalMs: 500,
      oldMs: FIFTEEN_S,
      old: "~15 s",
    },
  ];
  const figures: Figure[] = [];
  const rows: string[][] = [];
  for (const c of cases) {
    const { first, times, rows: n } = await timed(c);
    const m = median(times);
    rows.push([
      c.label,
      `${n} rows, ${(c.file.bytes.length / 1024).toFixed(0)} KB`,
      ms(first),
      ms(min(times)),
      ms(m),
      ms(max(times)),
    ]);
    figures.push({
      suite: name,
      figure: `${c.label}: parse median of ${RUNS}`,
      value: ms(m),
      baseline: `old system ${c.old}`,
      ratio: ratio(c.oldMs, m),
      goal: `<= ${c.goalMs / 1000} s (parse + store)`,
      pass: m <= c.goalMs,
    });
  }
  log(table(["file", "size", "first", "min", "median", "max"], rows));
  log(`machine load: ${machineLoad()}`);
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
}
