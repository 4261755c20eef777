// Property: the package returns CSV parser, fed mutated files, never throws and always returns a sound
// ParseResult; every reason it returns is one of the dashboard's codes or the reason as written.
import fc from "fast-check";
import { parseReturns } from "../../lib/amazon/returns.ts";
import { brokenResult, makeDas, mutate } from "../../lib/dev/amazon/mutate.ts";
import { makeReturns } from "../../lib/dev/amazon/returns.ts";

/** Files per parser: PROPERTY_RUNS (default 10,000); the seed comes from the commit under tests/run.ts, else a new one (PROPERTY_SEED replays one). */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);

const bases = [
  makeReturns({ station: "DON9", week: 21, year: 2026, das: makeDas(15, 1), seed: 1, variant: "long" }),
  makeReturns({
    station: "HYZ1",
    week: 21,
    year: 2026,
    das: makeDas(4, 2),
    seed: 2,
    variant: "mixed",
    day: "2026-05-19",
  }),
];

Deno.test(`returns: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, () => {
  fc.assert(
    fc.property(fc.nat(bases.length - 1), fc.integer(), (b, seed) => {
      const f = bases[b];
      const r = parseReturns(mutate(f.bytes, seed), f.fileName);
      const why = brokenResult(r, "returns-csv", f.fileName);
      if (why) throw new Error(why);
      for (const row of r.rows) {
        if (
          !row.reason_code ||
          /^(BUSINESS CLOSED|INACCESSIBLE DELIVERY LOCATION|ADDRESS NOT FOUND|NO SECURE LOCATION)$/i.test(
            row.reason_code,
          )
        ) {
          throw new Error(`reason '${row.reason}' became '${row.reason_code}'`);
        }
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
