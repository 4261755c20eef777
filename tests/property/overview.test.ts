// Property: the overview CSV parser, fed mutated files (flipped bytes, cuts, dropped or doubled lines,
// renamed headers, garbage cells), never throws and always returns a sound ParseResult.
import fc from "fast-check";
import { parseOverview } from "../../lib/amazon/overview.ts";
import { brokenResult, makeDas, mutate } from "../../lib/dev/amazon/mutate.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";

/** Files per parser: PROPERTY_RUNS (default 10,000); the seed comes from the commit under tests/run.ts, else a new one (PROPERTY_SEED replays one). */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
const bases = [
  makeOverview({ station: "DON9", week: 21, year: 2026, das: makeDas(12, 1), seed: 1, variant: "standing" }),
  makeOverview({
    station: "HYZ1",
    week: 1,
    year: 2026,
    das: makeDas(3, 2),
    seed: 2,
    variant: "performance",
    bom: true,
  }),
  makeOverview({ station: "DTO3", week: 52, year: 2025, das: makeDas(1, 3), seed: 3, republished: true }),
];

Deno.test(`overview: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, () => {
  fc.assert(
    fc.property(fc.nat(bases.length - 1), fc.integer(), (b, seed) => {
      const f = bases[b];
      const r = parseOverview(mutate(f.bytes, seed), f.fileName);
      const why = brokenResult(r, "overview-csv", f.fileName);
      if (why) throw new Error(why);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
