// `deno task bench`: runs every benchmark suite and prints one table. Speed targets are checked here,
// as medians/percentiles with a baseline measured in the same run, never in timed tests.
// Benchmarks report: the exit code is 0 whatever the figures; each figure is marked PASS/FAIL.
// A later issue adds its suite file beside foundation.ts and one line to SUITES.
import { ensureBuilt, type Figure, log, machineLoad, table, verdict } from "./lib.ts";
import * as foundation from "./foundation.ts";
import { benchDas } from "./das.ts";
import { benchVans } from "./vans.ts";
import { benchRoster } from "./roster.ts";
import * as shiftDocs from "./shift-docs.ts";
import * as tracker from "./tracker.ts";
import * as trackerBrowser from "./tracker-browser.ts";
import * as amazonParse from "./amazon-parse.ts";
import * as amazonParseCsv from "./amazon-parse-csv.ts";
import * as imports from "./imports.ts";
import * as cliImport from "./cli-import.ts";
import * as uploadStall from "./upload-stall.ts";
import * as weekPlanning from "./week-planning.ts";
import * as scale from "./scale.ts";
import * as load from "./load.ts";
import * as quality from "./quality.ts";
import * as analytics from "./analytics.ts";

interface Suite {
  name: string;
  run(): Promise<Figure[]>;
}

const SUITES: Suite[] = [
  foundation,
  { name: "das", run: benchDas },
  { name: "vans", run: benchVans },
  { name: "roster", run: benchRoster },
  tracker,
  trackerBrowser,
  shiftDocs,
  amazonParse,
  amazonParseCsv,
  imports,
  cliImport,
  uploadStall,
  weekPlanning,
  scale,
  load,
  quality,
  analytics,
];

const only = Deno.args.length ? new Set(Deno.args) : null;
const started = performance.now();
await ensureBuilt();
log(
  `DSP Back Office benchmarks — deno ${Deno.version.deno}, ${Deno.build.os}/${Deno.build.arch}, ${machineLoad()}`,
);
log();

const figures: Figure[] = [];
for (const suite of SUITES) {
  if (only && !only.has(suite.name)) continue;
  log(`# ${suite.name}`);
  try {
    figures.push(...await suite.run());
  } catch (e) {
    log(`suite ${suite.name} failed: ${(e as Error).stack ?? e}`);
    figures.push({
      suite: suite.name,
      figure: "(suite error)",
      value: (e as Error).message.split("\n")[0],
      pass: false,
    });
  }
}

function row(f: Figure): string[] {
  return [f.suite, f.figure, f.value, f.baseline ?? "", f.ratio ?? "", f.goal ?? "", verdict(f)];
}
log("# Summary");
log(
  table(
    ["suite", "figure", "value", "baseline (same run)", "ratio", "goal", "result"],
    figures.map(row),
  ),
);
for (const f of figures.filter((f) => f.note)) log(`  ${f.suite} / ${f.figure}: ${f.note}`);
const failed = figures.filter((f) => f.pass === false).length;
const took = ((performance.now() - started) / 1000).toFixed(0);
log(
  `\n${figures.length} figures, ${failed} FAIL, in ${took} s (benchmarks report; exit 0); at the end: ${machineLoad()}`,
);
Deno.exit(0);
