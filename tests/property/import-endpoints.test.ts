// Property: mutated Amazon files of every kind (the parsers' mutations: flipped bytes, cuts, dropped or
// doubled lines, garbage cells, mutated sheets; plus renamed files and files sent to the wrong endpoint)
// posted to the upload endpoints through the in-process app. Never a 500: every answer is 200, 201, 400 or
// 413, and a refused upload (or an 'unchanged' one) leaves every import table and the kept files as they were.
//
// Files in all: 1,500 by default (under two minutes on the shared 2-core machine); PROPERTY_FULL=1 sends
// 10,000. tests/run.ts seeds it from the commit (PROPERTY_SEED replays one).
import fc from "fast-check";
import { Client, startTestApp } from "../helpers/app.ts";
import { importTableCounts } from "../helpers/imports.ts";
import { makeDas, mutate, mutateBinary, mutateGrid } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeConcessions } from "../../lib/dev/amazon/concessions.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDcr, makePod, makePsb } from "../../lib/dev/amazon/quality.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { gridToXlsx, reliabilityFileName, reliabilityGrid } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { sheetName, whcFileName, whcGrid } from "../../lib/dev/amazon/whc.ts";

const TOTAL = Deno.env.get("PROPERTY_FULL") === "1" ? 10_000 : 1_500;
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
/** Mutated workbooks made ahead per XLSX kind (writing one costs ~20 ms); each run may flip bytes on top. */
const POOL = 24;

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const client = new Client(app.url);
await client.login("owner@example.com");

interface Base {
  fileName: string;
  /** the clean file, then pre-mutated variants (workbooks) */
  pool: Uint8Array[];
  how: "text" | "binary" | "pdf";
  /** the endpoint it belongs to */
  endpoint: Endpoint;
  /** the page where a scorecard's DA table starts */
  startPage?: number;
}

type Endpoint = "pdf" | "dnr" | "csv" | "quality" | "reliability-pdf" | "reliability-xlsx" | "whc";
const ENDPOINTS: Record<Endpoint, { path: string; field: string }> = {
  pdf: { path: "/api/upload-amazon-pdf/", field: "pdf_file" },
  dnr: { path: "/api/upload-amazon-dnr/", field: "csv_file" },
  csv: { path: "/api/upload-csv/", field: "csv_file" },
  quality: { path: "/api/upload-quality/", field: "csv_file" },
  "reliability-pdf": { path: "/api/upload-reliability-pdf/", field: "xlsx_file" },
  "reliability-xlsx": { path: "/api/upload-reliability-xlsx/", field: "xlsx_file" },
  whc: { path: "/api/upload-xlsx-whc/", field: "xlsx_file" },
};

const das = makeDas(12, 61);
const one = (
  endpoint: Endpoint,
  how: Base["how"],
  f: { fileName: string; bytes: Uint8Array; startPage?: number | null },
): Base => ({ fileName: f.fileName, pool: [f.bytes], how, endpoint, startPage: f.startPage ?? 1 });
const at = (station: string, week: number, seed: number) => ({ station, week, year: 2022, das, seed });

const bases: Base[] = [
  one(
    "pdf",
    "pdf",
    makeScorecardPdf({ ...at("DON9", 5, 1), variant: "later", summaryPages: 1, compress: false }),
  ),
  one("pdf", "pdf", makeScorecardPdf({ ...at("HYZ1", 6, 2), variant: "eu3", summaryPages: 2 })),
  one(
    "pdf",
    "pdf",
    makeScorecardPdf({ ...at("DTO3", 45, 3), das: [], variant: "dsp-level", compress: false }),
  ),
  one("dnr", "text", makeDnr({ ...at("DON9", 5, 4), variant: "clean" })),
  one("dnr", "text", makeDnr({ ...at("HYZ1", 7, 5), variant: "exported", bom: true })),
  one("dnr", "text", makeConcessions({ ...at("DON9", 5, 6), variant: "digits" })),
  one("csv", "text", makeOverview({ ...at("DON9", 5, 7), variant: "standing" })),
  one("csv", "text", makeOverview({ ...at("DTO3", 8, 8), variant: "performance" })),
  one("quality", "text", makeDcr({ ...at("DON9", 5, 9), variant: "rts" })),
  one("quality", "text", makePod(at("HYZ1", 5, 10))),
  one("quality", "text", makePsb(at("DTO3", 5, 11))),
  one("reliability-pdf", "pdf", makeReliabilityPdf({ ...at("DON9", 5, 12), compress: false })),
  one("reliability-pdf", "pdf", makeReliabilityPdf({ ...at("HYZ1", 9, 13), variant: "iso-date" })),
];

// Workbooks: each pool holds the clean file and sheets mutated cell by cell, written as real workbooks.
for (const [station, week, variant] of [["DON9", 5, "excel"], ["DTO3", 10, "text"]] as const) {
  const opts = { ...at(station, week, week), variant };
  const grid = reliabilityGrid(opts);
  const pool: Uint8Array[] = [];
  for (let i = 0; i < POOL; i++) {
    pool.push(
      await gridToXlsx([{
        name: "Capacity Reliability",
        grid: i ? mutateGrid(grid, i) : grid,
        percentRows: [1, 5],
      }]),
    );
  }
  bases.push({ fileName: reliabilityFileName(opts), pool, how: "binary", endpoint: "reliability-xlsx" });
}
for (const [station, week, variant] of [["DON9", 5, "counts"], ["HYZ1", 11, "flags"]] as const) {
  const opts = { ...at(station, week, week), das: makeDas(48, week), variant };
  const grid = whcGrid(opts);
  const pool: Uint8Array[] = [];
  for (let i = 0; i < POOL; i++) {
    pool.push(await gridToXlsx([{ name: sheetName(opts, variant), grid: i ? mutateGrid(grid, i) : grid }]));
  }
  bases.push({ fileName: whcFileName(opts), pool, how: "binary", endpoint: "whc" });
}

async function counts(): Promise<string> {
  return JSON.stringify(await importTableCounts(app.db.db));
}

/** A file name with its station or week changed (or not): the name must agree with the content. */
function rename(name: string, how: number): string {
  switch (how) {
    case 1:
      return name.replace(/DON9|HYZ1|DTO3/, "XYZ9");
    case 2:
      return name.replace(/DON9|HYZ1/, "DTO3");
    case 3:
      return name.replace(/(W|Week)(\d+)/, (_, w, n) => `${w}${Number(n) + 1}`);
    case 4:
      return name.replace(/\.(\w+)$/, ".bin");
    default:
      return name;
  }
}

const tally = { files: 0, byEndpoint: {} as Record<string, number>, byStatus: {} as Record<number, number> };

Deno.test(`import endpoints: ${TOTAL.toLocaleString("en-US")} mutated files, never a 500, refusals write nothing (seed ${SEED})`, async () => {
  const t0 = performance.now();
  await fc.assert(
    fc.asyncProperty(
      fc.nat(bases.length - 1),
      fc.nat(POOL - 1),
      fc.integer(),
      // 0-3: mutate the bytes as the kind allows; 4: send the file as it is
      fc.nat(4),
      // mostly the file's own endpoint; sometimes another one
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.constantFrom(...(Object.keys(ENDPOINTS) as Endpoint[])), weight: 1 },
      ),
      fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.nat(4)),
      // page_numbers: mostly the scorecard's own start page; sometimes none, another, or nonsense
      fc.oneof(
        { arbitrary: fc.constant("auto"), weight: 6 },
        { arbitrary: fc.constantFrom<string | undefined>(undefined, "1", "2", "0", "x", "999"), weight: 3 },
      ),
      async (b, p, seed, mutation, other, renameHow, page) => {
        const base = bases[b];
        const clean = base.pool[p % base.pool.length];
        const bytes = mutation === 4
          ? clean
          : base.how === "text"
          ? mutate(clean, seed)
          : base.how === "pdf" && mutation === 0
          ? mutate(clean, seed)
          : mutateBinary(clean, seed);
        const endpoint = other ?? base.endpoint;
        const { path, field } = ENDPOINTS[endpoint];
        const fd = new FormData();
        if (page === "auto") fd.set("page_numbers", String(base.startPage ?? 1));
        else if (page !== undefined) fd.set("page_numbers", page);
        fd.set(field, new File([bytes as BlobPart], rename(base.fileName, renameHow)));

        const before = await counts();
        const res = await client.fetch(path, { method: "POST", body: fd });
        const text = await res.text();
        tally.files++;
        tally.byEndpoint[endpoint] = (tally.byEndpoint[endpoint] ?? 0) + 1;
        tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
        const what = `${path} ${base.fileName} -> ${res.status} ${text.slice(0, 300)}`;
        if (![200, 201, 400, 413].includes(res.status)) throw new Error(what);
        const body = JSON.parse(text);
        if (typeof body.detail !== "string" && res.status >= 400) throw new Error(`no detail: ${what}`);
        if (res.status === 201 && !["imported", "replaced"].includes(body.status)) throw new Error(what);
        if (res.status === 200 && body.status !== "unchanged") throw new Error(what);
        if (res.status !== 201) {
          const after = await counts();
          if (after !== before) throw new Error(`tables changed: ${before} -> ${after} after ${what}`);
        }
      },
    ),
    { numRuns: TOTAL, seed: SEED },
  );
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `import endpoints: ${tally.files.toLocaleString("en-US")} files in ${secs.toFixed(1)} s; ` +
      `by endpoint ${JSON.stringify(tally.byEndpoint)}; by status ${JSON.stringify(tally.byStatus)}`,
  );
  if (!tally.byStatus[201]) {
    throw new Error("no mutated file was imported: the property tested only refusals");
  }
});
