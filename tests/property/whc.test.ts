// Property: the WHC XLSX parser, fed mutated workbooks (mutated sheets written as real workbooks, then
// flipped bytes, cuts, zeroed ranges, appended junk), never throws and always returns a sound result.
import fc from "fast-check";
import { parseWhc } from "../../lib/amazon/whc.ts";
import { brokenResult, makeDas, mutateBinary, mutateGrid } from "../../lib/dev/amazon/mutate.ts";
import { gridToXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { whcFileName, whcGrid } from "../../lib/dev/amazon/whc.ts";

/** PROPERTY_RUNS files (default 10,000, the floor; about 15 s); PROPERTY_SEED replays a run. */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
const POOL = 60;

const opts = { station: "DON9", week: 2, year: 2026, seed: 1, das: makeDas(60, 3) };
const fileName = whcFileName(opts);
const pool: Uint8Array[] = [];
for (let i = 0; i < POOL; i++) {
  const a = whcGrid({ ...opts, variant: "counts" }, i);
  const b = whcGrid({ ...opts, variant: "flags" }, i + 100);
  const sheets = [
    { name: "2026-W01", grid: i < 2 ? a : mutateGrid(a, i) },
    { name: i % 3 ? "Week 2 - 2026" : "2026-W02", grid: i < 2 ? b : mutateGrid(b, i + 1) },
  ];
  pool.push(await gridToXlsx(sheets));
}

Deno.test(`whc: ${RUNS.toLocaleString("en-US")} mutated workbooks never throw and stay sound (seed ${SEED})`, async () => {
  let ok = 0;
  await fc.assert(
    fc.asyncProperty(fc.nat(POOL - 1), fc.integer(), fc.boolean(), async (i, seed, flip) => {
      const bytes = flip ? mutateBinary(pool[i], seed) : pool[i];
      const r = await parseWhc(bytes, fileName);
      const why = brokenResult(r, "whc-xlsx", fileName);
      if (why) throw new Error(why);
      if (!r.ok && r.weeks.length) throw new Error("weeks with a fatal problem");
      if (r.ok) ok++;
    }),
    { numRuns: RUNS, seed: SEED },
  );
  if (ok === 0) throw new Error("no mutated workbook was still readable: the property tested only refusals");
});
