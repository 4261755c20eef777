// For `dsp import`'s tests and benchmark: a folder holding one week's Amazon files, as a DSP downloads
// them, made by the generators in lib/dev/amazon.
import { join } from "node:path";
import { makeDnr } from "../lib/dev/amazon/dnr.ts";
import { type FixtureDa, makeDas } from "../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../lib/dev/amazon/overview.ts";
import { makeReliabilityXlsx } from "../lib/dev/amazon/reliability-xlsx.ts";
import { makeScorecardPdf } from "../lib/dev/amazon/scorecard-pdf.ts";
import { makeWhc } from "../lib/dev/amazon/whc.ts";

export interface WeekFolderOptions {
  stations: string[];
  year: number;
  week: number;
  /** DAs per station (default 150) */
  das?: number;
  seed?: number;
}

/** The five files a station gets each week: scorecard PDF, overview CSV, DNR CSV, reliability and WHC XLSX. */
export async function weekFiles(
  station: string,
  opts: { year: number; week: number; das: FixtureDa[]; seed: number },
): Promise<{ fileName: string; bytes: Uint8Array; startPage: number | null }[]> {
  const o = { station, year: opts.year, week: opts.week, das: opts.das, seed: opts.seed };
  const pdf = makeScorecardPdf({ ...o, variant: "later" });
  const rest = [makeOverview(o), makeDnr(o), await makeReliabilityXlsx(o), await makeWhc(o)];
  return [
    { fileName: pdf.fileName, bytes: pdf.bytes, startPage: pdf.startPage },
    ...rest.map((f) => ({ ...f, startPage: null })),
  ];
}

/** Writes the week's files of every station into `dir` (created); returns their names. */
export async function writeWeekFolder(dir: string, opts: WeekFolderOptions): Promise<string[]> {
  Deno.mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (const [i, station] of opts.stations.entries()) {
    const seed = (opts.seed ?? 7) + i * 101;
    const das = makeDas(opts.das ?? 150, seed);
    for (const f of await weekFiles(station, { year: opts.year, week: opts.week, das, seed })) {
      Deno.writeFileSync(join(dir, f.fileName), f.bytes);
      names.push(f.fileName);
    }
  }
  return names;
}
