// Property: the scorecard PDF parser, fed mutated PDFs (flipped bytes, cuts, zeroed or appended ranges,
// and the text mutations: dropped or doubled lines, garbage), never throws and always returns a sound
// result; and any generated scorecard (generation, station, week, DAs, layout options) reads back exactly.
// Runs: PROPERTY_RUNS (default 10,000, the floor; about 15 s); PROPERTY_SEED replays a run.
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseScorecardPdf } from "../../lib/amazon/scorecard-pdf.ts";
import { brokenResult, makeDas, mutate, mutateBinary } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf, SCORECARD_VARIANTS } from "../../lib/dev/amazon/scorecard-pdf.ts";

const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000);
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);
const bases = [
  makeScorecardPdf({
    station: "DON9",
    week: 21,
    year: 2026,
    das: makeDas(4, 1),
    variant: "later",
    seed: 1,
    summaryPages: 1,
    compress: false,
  }),
  makeScorecardPdf({
    station: "HYZ1",
    week: 3,
    year: 2026,
    das: makeDas(3, 2),
    variant: "eu3",
    seed: 2,
    summaryPages: 1,
  }),
  makeScorecardPdf({
    station: "DTO3",
    week: 45,
    year: 2025,
    das: [],
    variant: "dsp-level",
    seed: 3,
    summaryPages: 1,
    compress: false,
  }),
  makeScorecardPdf({
    station: "DON9",
    week: 21,
    year: 2024,
    das: makeDas(2, 4),
    variant: "early",
    seed: 4,
    summaryPages: 1,
    republished: true,
  }),
];

Deno.test(`scorecard PDF: ${RUNS.toLocaleString("en-US")} mutated files never throw and stay sound (seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.nat(bases.length - 1),
      fc.integer(),
      fc.constantFrom<"binary" | "text">("binary", "binary", "text"),
      fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
      async (b, seed, how, startPage) => {
        const f = bases[b];
        const bytes = how === "binary" ? mutateBinary(f.bytes, seed) : mutate(f.bytes, seed);
        const r = await parseScorecardPdf(bytes, f.fileName, { startPage });
        const why = brokenResult(r, "scorecard-pdf", f.fileName);
        if (why) throw new Error(why);
        if (!r.ok && (r.summary !== null || r.whcExceptions.length)) {
          throw new Error("data returned with a fatal problem");
        }
        if (r.ok && !r.summary) throw new Error("ok without a summary");
        if (r.ok && r.generation === "per-da" && r.rows.length === 0) {
          throw new Error("per-DA table without rows");
        }
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});

Deno.test("scorecard PDF: any generated scorecard reads back exactly", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        variant: fc.constantFrom(...SCORECARD_VARIANTS),
        station: fc.constantFrom("DON9", "HYZ1", "DTO3", "DAB5"),
        year: fc.integer({ min: 2026, max: 2030 }),
        week: fc.integer({ min: 1, max: 52 }),
        count: fc.integer({ min: 1, max: 70 }),
        seed: fc.nat(),
        summaryPages: fc.constantFrom<1 | 2>(1, 2),
        repeatHeader: fc.boolean(),
        compress: fc.boolean(),
      }),
      async ({ count, ...o }) => {
        const f = makeScorecardPdf({ ...o, das: makeDas(count, o.seed) });
        const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: f.startPage ?? undefined });
        assert(r.ok, JSON.stringify(r.problems));
        assert.deepEqual(r.problems, []);
        const keys = Object.keys(f.expected.rows[0] ?? {});
        const rows = r.rows.map((x) => Object.fromEntries(keys.map((k) => [k, x[k as keyof typeof x]])));
        assert.deepEqual(rows, f.expected.rows);
        assert.deepEqual(
          r.whcExceptions.map((x) => x.transporterId),
          f.expected.whc.map((x) => x.transporterId),
        );
        assert.deepEqual(r.summary?.metrics.length, f.expected.metrics.length);
        assert.deepEqual(r.identity.week, { year: o.year, week: o.week });
        assert.deepEqual(r.identity.station, o.station);
      },
    ),
    { numRuns: Number(Deno.env.get("PROPERTY_RUNS_ROUNDTRIP") ?? 40), seed: SEED },
  );
});
