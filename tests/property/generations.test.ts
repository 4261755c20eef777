// Property: files of Amazon's several generations (metric columns dropped, headers renamed to known aliases
// or restyled, unknown columns inserted, the week written in every form in the cells and the name, the Week
// column dropped when the name carries the week) import: the metrics present read exactly as in the base
// file, the dropped ones are empty, and the warnings name exactly the dropped and the unknown columns.
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseConcessions } from "../../lib/amazon/concessions.ts";
import { DNR_COLUMNS, parseDnr } from "../../lib/amazon/dnr.ts";
import { OVERVIEW_COLUMNS, parseOverview } from "../../lib/amazon/overview.ts";
import {
  DCR_COLUMNS,
  parseDcr,
  parsePod,
  parsePsb,
  POD_COLUMNS,
  PSB_COLUMNS,
} from "../../lib/amazon/quality.ts";
import { parseReturns, RETURN_COLUMNS } from "../../lib/amazon/returns.ts";
import { CONCESSION_COLUMNS } from "../../lib/amazon/concessions.ts";
import type { Column } from "../../lib/amazon/sheet.ts";
import type { ParseResult } from "../../lib/amazon/types.ts";
import type { ParseOptions } from "../../lib/amazon/weekly.ts";
import { headerKey } from "../../lib/amazon/values.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { weekEnd } from "../../lib/dates/weeks.ts";
import { CONCESSION_HEADER, concessionRows } from "../../lib/dev/amazon/concessions.ts";
import { DNR_HEADER, dnrRows } from "../../lib/dev/amazon/dnr.ts";
import { drawGeneration, generationFile, generationWorkbook } from "../../lib/dev/amazon/generations.ts";
import { gridToXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { whcGrid } from "../../lib/dev/amazon/whc.ts";
import { parseWhc, WHC_COLUMNS } from "../../lib/amazon/whc.ts";
import { csvBytes, type FixtureOpts, makeDas, rng } from "../../lib/dev/amazon/mutate.ts";
import { overviewHeader, overviewRows } from "../../lib/dev/amazon/overview.ts";
import { qualityHeader, qualityRows } from "../../lib/dev/amazon/quality.ts";
import { returnsRows } from "../../lib/dev/amazon/returns.ts";

/** Files per kind: PROPERTY_RUNS (default 10,000; here a twentieth, each run writing one file and parsing two); the seed comes from the commit under tests/run.ts, else a new one (PROPERTY_SEED replays one). */
const RUNS = Math.max(1, Math.round(Number(Deno.env.get("PROPERTY_RUNS") ?? 10_000) / 20));
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? Date.now() % 2 ** 31);

type Parse = (bytes: Uint8Array, name: string, opts?: ParseOptions) => ParseResult<object>;

interface Kind {
  name: string;
  prefix: string;
  columns: readonly Column[];
  parse: Parse;
  grid: (o: FixtureOpts<never>) => string[][];
  keep?: string[];
  nameNeedsWeek?: boolean;
}

const KINDS: Kind[] = [
  {
    name: "overview",
    prefix: "DSP_Overview_Dashboard_ACME",
    columns: OVERVIEW_COLUMNS,
    parse: parseOverview,
    grid: (o) => [overviewHeader(), ...overviewRows(o)],
  },
  {
    name: "dnr",
    prefix: "Quality_DSB_DNR_ACME",
    columns: DNR_COLUMNS,
    parse: parseDnr,
    grid: (o) => [DNR_HEADER, ...dnrRows(o)],
  },
  {
    name: "dcr",
    prefix: "Quality_DCR_ACME",
    columns: DCR_COLUMNS,
    parse: parseDcr,
    grid: (o) => [qualityHeader("DCR"), ...qualityRows("DCR", o)],
  },
  {
    name: "pod",
    prefix: "Quality_POD_ACME",
    columns: POD_COLUMNS,
    parse: parsePod,
    grid: (o) => [qualityHeader("POD"), ...qualityRows("POD", o)],
  },
  {
    name: "psb",
    prefix: "Quality_PSB_ACME",
    columns: PSB_COLUMNS,
    parse: parsePsb,
    grid: (o) => [qualityHeader("PSB"), ...qualityRows("PSB", o)],
  },
  {
    name: "concessions",
    prefix: "DSP_Delivery_Concessions",
    columns: CONCESSION_COLUMNS,
    parse: parseConcessions,
    grid: (o) => [CONCESSION_HEADER, ...concessionRows(o)],
    // The delivery dates give the week when the name does not.
    keep: ["Delivery Attempt Date", "Delivery Date"],
  },
  {
    name: "returns",
    prefix: "Package_Returns_ACME",
    columns: RETURN_COLUMNS,
    parse: parseReturns,
    grid: (o) => [["TransporterId", "RouteCode", "ReasonCode"], ...returnsRows(o)],
    nameNeedsWeek: true,
  },
];

/** The row with a dropped column's field emptied (`weight:x` lives in `weights`, `rts:x` in `rts`). */
function emptied(row: Record<string, unknown>, key: string): Record<string, unknown> {
  const [group, field] = key.split(":");
  if (!field) return { ...row, [key]: null };
  const bag = group === "weight" ? "weights" : group;
  return { ...row, [bag]: { ...(row[bag] as object), [field]: null } };
}

const keysOf = (xs: string[]) => xs.map(headerKey).sort();

for (const kind of KINDS) {
  Deno.test(`generations: ${kind.name}, ${RUNS.toLocaleString("en-US")} generations read exactly (seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 2024, max: 2027 }),
        fc.integer({ min: 1, max: 52 }),
        (seed, year, week) => {
          const r = rng(seed);
          const opts = { station: "DON9", week, year, das: makeDas(1 + (seed >>> 0) % 6, seed), seed };
          const grid = kind.grid(opts);
          const today = addDays(weekEnd(year, week), 3);
          const base = kind.parse(
            csvBytes(grid),
            `${kind.prefix}_DON9_${year}-W${String(week).padStart(2, "0")}.csv`,
            { today },
          );
          assert.ok(base.ok, JSON.stringify(base.problems));
          const g = drawGeneration(r, grid[0], kind.columns, {
            keep: kind.keep,
            nameNeedsWeek: kind.nameNeedsWeek,
          });
          // A concessions file with no packages has its week only from a name that gives it whole.
          fc.pre(grid.length > 1 || !["none", "yearless"].includes(g.nameWeek));
          const f = generationFile(r, kind.prefix, "DON9", year, week, grid, g);
          const got = kind.parse(f.bytes, f.fileName, { today });
          const ctx = `${f.fileName} ${JSON.stringify(g)} ${JSON.stringify(got.problems.slice(0, 3))}`;
          assert.ok(got.ok, ctx);
          assert.deepEqual(got.identity.week, { year, week }, ctx);
          const dropped = g.drop.map((h) =>
            kind.columns.find((c) => c.headers.some((a) => headerKey(a) === headerKey(h)))!
          );
          const expected = base.rows.map((row) =>
            dropped.reduce((acc, c) => emptied(acc, c.key), row as Record<string, unknown>)
          );
          assert.deepEqual(got.rows, expected, ctx);
          const named = (code: string) =>
            got.problems.filter((p) => p.code === code).flatMap((p) => p.columns ?? []);
          assert.deepEqual(keysOf(named("missing_columns")), keysOf(dropped.map((c) => c.headers[0])), ctx);
          assert.deepEqual(keysOf(named("extra_columns")), keysOf(g.extra), ctx);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
}

/** Workbooks are slower to write and read: a tenth of the CSV kinds' count. */
const WHC_RUNS = Math.max(1, Math.round(RUNS / 10));

Deno.test(`generations: whc, ${WHC_RUNS.toLocaleString("en-US")} workbooks read exactly (seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer(),
      fc.integer({ min: 2024, max: 2027 }),
      fc.integer({ min: 1, max: 52 }),
      async (seed, year, week) => {
        const r = rng(seed);
        const opts = { station: "DON9", week, year, das: makeDas(24, seed), seed };
        const grid = whcGrid(opts).map((row) => row.map(String));
        const today = addDays(weekEnd(year, week), 3);
        const wk = `${year}-W${String(week).padStart(2, "0")}`;
        const base = await parseWhc(await gridToXlsx([{ name: wk, grid }]), `WHC_ACME_DON9_${wk}.xlsx`, {
          today,
        });
        assert.ok(base.ok, JSON.stringify(base.problems));
        const g = drawGeneration(r, grid[0], WHC_COLUMNS);
        const f = await generationWorkbook(r, "WHC_ACME", "DON9", year, week, grid, g);
        const got = await parseWhc(f.bytes, f.fileName, { today });
        const ctx = `${f.fileName} ${JSON.stringify(g)} ${JSON.stringify(got.problems.slice(0, 3))}`;
        assert.ok(got.ok, ctx);
        assert.deepEqual(got.weeks, [{ year, week }], ctx);
        const dropped = g.drop.map((h) =>
          WHC_COLUMNS.find((c) => c.headers.some((a) => headerKey(a) === headerKey(h)))!
        );
        const expected = base.rows.map(({ sheet: _s, ...row }) =>
          dropped.reduce((acc, c) => emptied(acc, c.key), row as Record<string, unknown>)
        );
        assert.deepEqual(got.rows.map(({ sheet: _s, ...row }) => row), expected, ctx);
        const named = (code: string) =>
          got.problems.filter((p) => p.code === code).flatMap((p) => p.columns ?? []);
        assert.deepEqual(keysOf(named("missing_columns")), keysOf(dropped.map((c) => c.headers[0])), ctx);
        assert.deepEqual(keysOf(named("extra_columns")), keysOf(g.extra), ctx);
      },
    ),
    { numRuns: WHC_RUNS, seed: SEED },
  );
});
