// Property: the capacity reliability XLSX parser, fed mutated workbooks (mutated grids written as real
// workbooks, then flipped bytes, cuts, zeroed ranges, appended junk), never throws and always returns a
// sound result.
import fc from "fast-check";
import { parseReliabilityXlsx } from "../../lib/amazon/reliability-xlsx.ts";
import { brokenResult, mutateBinary, mutateGrid } from "../../lib/dev/amazon/mutate.ts";
import { gridToXlsx, reliabilityFileName, reliabilityGrid } from "../../lib/dev/amazon/reliability-xlsx.ts";

/** PROPERTY_RUNS files (default 10,000, the floor; about 20 s); PROPERTY_SEED replays a run. */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
const POOL = 60;

const opts = { station: "DON9", week: 21, year: 2026, seed: 1 };
const fileName = reliabilityFileName(opts);
const grids = [
  reliabilityGrid({ ...opts, variant: "excel" }),
  reliabilityGrid({ ...opts, variant: "text", seed: 2 }),
];
const pool: Uint8Array[] = [];
for (let i = 0; i < POOL; i++) {
  const g = grids[i % 2];
  pool.push(await gridToXlsx([{ name: "Sheet1", grid: i < 2 ? g : mutateGrid(g, i), percentRows: [1, 5] }]));
}

Deno.test(`reliability xlsx: ${RUNS.toLocaleString("en-US")} mutated workbooks never throw and stay sound (seed ${SEED})`, async () => {
  let ok = 0;
  await fc.assert(
    fc.asyncProperty(fc.nat(POOL - 1), fc.integer(), fc.boolean(), async (i, seed, flip) => {
      const bytes = flip ? mutateBinary(pool[i], seed) : pool[i];
      const r = await parseReliabilityXlsx(bytes, fileName);
      const why = brokenResult(r, "reliability-xlsx", fileName);
      if (why) throw new Error(why);
      if (!r.ok && r.total !== null) throw new Error("a total with a fatal problem");
      if (r.ok) ok++;
    }),
    { numRuns: RUNS, seed: SEED },
  );
  if (ok === 0) throw new Error("no mutated workbook was still readable: the property tested only refusals");
});
