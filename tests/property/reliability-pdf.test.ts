// Property: the capacity reliability PDF parser, fed mutated PDFs, never throws and always returns a sound
// result; and any generated reliability PDF reads back exactly. Runs: PROPERTY_RUNS (default 10,000), seed
// per run (PROPERTY_SEED to replay).
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseReliabilityPdf } from "../../lib/amazon/reliability-pdf.ts";
import { brokenResult, mutate, mutateBinary } from "../../lib/dev/amazon/mutate.ts";
import { makeReliabilityPdf, RELIABILITY_VARIANTS } from "../../lib/dev/amazon/reliability-pdf.ts";

const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
const bases = [
  makeReliabilityPdf({ station: "DON9", week: 21, year: 2026, seed: 1, compress: false }),
  makeReliabilityPdf({ station: "HYZ1", week: 1, year: 2026, seed: 2, variant: "iso-date" }),
  makeReliabilityPdf({ station: "DTO3", week: 52, year: 2025, seed: 3, republished: true, compress: false }),
];

Deno.test(`reliability PDF: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.nat(bases.length - 1),
      fc.integer(),
      fc.constantFrom<"binary" | "text">("binary", "binary", "text"),
      async (b, seed, how) => {
        const f = bases[b];
        const bytes = how === "binary" ? mutateBinary(f.bytes, seed) : mutate(f.bytes, seed);
        const r = await parseReliabilityPdf(bytes, f.fileName);
        const why = brokenResult(r, "reliability-pdf", f.fileName);
        if (why) throw new Error(why);
        if (!r.ok && r.total !== null) throw new Error("total returned with a fatal problem");
        if (r.ok && r.rows.length === 0) throw new Error("ok without any date");
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});

Deno.test("reliability PDF: any generated file reads back exactly", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        variant: fc.constantFrom(...RELIABILITY_VARIANTS),
        station: fc.constantFrom("DON9", "HYZ1", "DTO3"),
        year: fc.integer({ min: 2024, max: 2030 }),
        week: fc.integer({ min: 1, max: 52 }),
        seed: fc.nat(),
        compress: fc.boolean(),
      }),
      async (o) => {
        const f = makeReliabilityPdf(o);
        const r = await parseReliabilityPdf(f.bytes, f.fileName);
        assert(r.ok, JSON.stringify(r.problems));
        assert.deepEqual(r.rows, f.expected.days);
        assert.deepEqual(r.total, f.expected.total);
        assert.deepEqual(r.identity.week, { year: o.year, week: o.week });
      },
    ),
    { numRuns: Number(Deno.env.get("PROPERTY_RUNS_ROUNDTRIP") ?? 60), seed: SEED },
  );
});
