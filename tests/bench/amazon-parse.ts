// Issue 5 parse speed, PDF formats: median of 5 parses (after one warm-up, which loads pdf.js) of
//   - the weekly DSP Scorecard PDF with 150 DAs (each per-DA layout, and the DSP-level generation) against
//     the 2 s parse + store budget; the old system needed about 10 minutes for a weekly PDF;
//   - the capacity reliability PDF against the 0.5 s budget; the old system needed about 15 seconds.
// Parsing is only part of each budget (storing follows), so a parse should take a fraction of it.
// The CSV and XLSX formats report their figures in amazon-parse-csv.ts.
import { parseReliabilityPdf } from "../../lib/amazon/reliability-pdf.ts";
import { parseScorecardPdf } from "../../lib/amazon/scorecard-pdf.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { makeDas, makeScorecardPdf, type ScorecardVariant } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { type Figure, log, max, median, min, ms, ratio, table } from "./lib.ts";

export const name = "amazon-parse";

const RUNS = 5;

async function timed(fn: () => Promise<{ ok: boolean }>): Promise<{ first: number; times: number[] }> {
  let t = performance.now();
  const warm = await fn();
  if (!warm.ok) throw new Error("the benchmark file does not parse");
  const first = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { first, times };
}

export async function run(): Promise<Figure[]> {
  const das = makeDas(150, 2026);
  const figures: Figure[] = [];
  const rows: string[][] = [];
  const scorecards: [ScorecardVariant, string][] = [
    ["early", "scorecard PDF, 150 DAs, early layout"],
    ["later", "scorecard PDF, 150 DAs, later layout"],
    ["eu3", "scorecard PDF, 150 DAs, EU 3.0 layout"],
    ["dsp-level", "scorecard PDF, DSP-level generation"],
  ];
  for (const [variant, label] of scorecards) {
    const f = makeScorecardPdf({ station: "DON9", week: 21, year: 2026, das, variant, seed: 7 });
    const { first, times } = await timed(() =>
      parseScorecardPdf(f.bytes, f.fileName, { startPage: f.startPage ?? undefined })
    );
    const m = median(times);
    rows.push([
      label,
      `${f.pageCount} pages, ${(f.bytes.length / 1024).toFixed(0)} KB`,
      ms(first),
      ms(min(times)),
      ms(m),
      ms(max(times)),
    ]);
    figures.push({
      suite: name,
      figure: `${label}: parse median of ${RUNS}`,
      value: ms(m),
      baseline: "old system ~10 min",
      ratio: ratio(600_000, m),
      goal: "<= 2 s (parse + store)",
      pass: m <= 2_000,
      note: variant === "early" ? `first parse in the process (loads pdf.js) ${ms(first)}` : undefined,
    });
  }
  const rel = makeReliabilityPdf({ station: "DON9", week: 21, year: 2026, seed: 7 });
  const { first, times } = await timed(() => parseReliabilityPdf(rel.bytes, rel.fileName));
  const m = median(times);
  rows.push([
    "capacity reliability PDF",
    `1 page, ${(rel.bytes.length / 1024).toFixed(0)} KB`,
    ms(first),
    ms(min(times)),
    ms(m),
    ms(max(times)),
  ]);
  figures.push({
    suite: name,
    figure: `capacity reliability PDF: parse median of ${RUNS}`,
    value: ms(m),
    baseline: "old system ~15 s",
    ratio: ratio(15_000, m),
    goal: "<= 0.5 s (parse + store)",
    pass: m <= 500,
  });
  log(table(["file", "size", "first", "min", "median", "max"], rows));
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
