// Property: the DCR, POD and PSB CSV parsers, fed mutated files, never throw and always return a sound
// ParseResult.
import fc from "fast-check";
import { parseDcr, parsePod, parsePsb } from "../../lib/amazon/quality.ts";
import { brokenResult, makeDas, mutate } from "../../lib/dev/amazon/mutate.ts";
import { makeQuality, type QualityKind } from "../../lib/dev/amazon/quality.ts";

/** Files per parser: PROPERTY_RUNS (default 10,000); the seed comes from the commit under tests/run.ts, else a new one (PROPERTY_SEED replays one). */
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);

const PARSERS = { DCR: parseDcr, POD: parsePod, PSB: parsePsb } as const;

for (const kind of ["DCR", "POD", "PSB"] as QualityKind[]) {
  const bases = [
    makeQuality(kind, {
      station: "DON9",
      week: 21,
      year: 2026,
      das: makeDas(10, 1),
      seed: 1,
      variant: "plain",
    }),
    makeQuality(kind, {
      station: "HYZ1",
      week: 53,
      year: 2028,
      das: makeDas(2, 2),
      seed: 2,
      variant: "rts",
      bom: true,
    }),
  ];
  Deno.test(`${kind}: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.nat(bases.length - 1), fc.integer(), (b, seed) => {
        const f = bases[b];
        const r = PARSERS[kind](mutate(f.bytes, seed), f.fileName);
        const why = brokenResult(r, `${kind.toLowerCase()}-csv`, f.fileName);
        if (why) throw new Error(why);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
}
