// Property: the DNR/DSB CSV parser and its package-level variant (concessions), fed mutated files, never
// throw and always return a sound ParseResult.
import fc from "fast-check";
import { parseConcessions } from "../../lib/amazon/concessions.ts";
import { parseDnr } from "../../lib/amazon/dnr.ts";
import { makeConcessions } from "../../lib/dev/amazon/concessions.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { brokenResult, makeDas, mutate } from "../../lib/dev/amazon/mutate.ts";

/** Files per parser: PROPERTY_RUNS (default 10,000); the seed comes from the commit under tests/run.ts, else a new one (PROPERTY_SEED replays one). */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);

const dnr = [
  makeDnr({ station: "DON9", week: 21, year: 2026, das: makeDas(12, 1), seed: 1, variant: "clean" }),
  makeDnr({
    station: "HYZ1",
    week: 1,
    year: 2026,
    das: makeDas(3, 2),
    seed: 2,
    variant: "exported",
    bom: true,
  }),
];
const concessions = [
  makeConcessions({ station: "DON9", week: 21, year: 2026, das: makeDas(10, 1), seed: 1, variant: "digits" }),
  makeConcessions({
    station: "DTO3",
    week: 2,
    year: 2026,
    das: makeDas(4, 4),
    seed: 5,
    variant: "marks",
    weekInName: "bare",
  }),
];

Deno.test(`dnr: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, () => {
  fc.assert(
    fc.property(fc.nat(dnr.length - 1), fc.integer(), (b, seed) => {
      const f = dnr[b];
      const why = brokenResult(parseDnr(mutate(f.bytes, seed), f.fileName), "dnr-csv", f.fileName);
      if (why) throw new Error(why);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

Deno.test(`concessions: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, () => {
  fc.assert(
    fc.property(fc.nat(concessions.length - 1), fc.integer(), (b, seed) => {
      const f = concessions[b];
      const why = brokenResult(
        parseConcessions(mutate(f.bytes, seed), f.fileName),
        "concessions-csv",
        f.fileName,
      );
      if (why) throw new Error(why);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
