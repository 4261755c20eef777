import assert from "node:assert/strict";
import {
  LAYOUT_COLUMNS,
  makeDas,
  makeScorecardPdf,
  type ScorecardFixture,
  type ScorecardOpts,
} from "../dev/amazon/scorecard-pdf.ts";
import { parseScorecardPdf, type ScorecardResult } from "./scorecard-pdf.ts";

const das = makeDas(150, 7);
const base: ScorecardOpts = { station: "DON9", week: 21, year: 2026, das, seed: 11, variant: "later" };
const fatalOf = (r: ScorecardResult) => r.problems.filter((p) => p.fatal);
const fatalText = (r: ScorecardResult) => fatalOf(r).map((p) => p.message).join(" | ");
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));

/** The parsed rows in the fixture's terms: only the layout's columns, without page and row. */
function asExpected(r: ScorecardResult, f: ScorecardFixture) {
  const keys = Object.keys(f.expected.rows[0] ?? {});
  return r.rows.map((row) => Object.fromEntries(keys.map((k) => [k, row[k as keyof typeof row]])));
}

function assertAll(r: ScorecardResult, f: ScorecardFixture) {
  assert(r.ok, fatalText(r));
  assert.deepEqual(r.problems, []);
  assert.deepEqual(asExpected(r, f), f.expected.rows);
  assert.deepEqual(
    r.whcExceptions.map(({ page: _p, row: _r, ...x }) => x),
    f.expected.whc.map(({ no: _n, ...x }) => x),
  );
  const s = r.summary!;
  assert.deepEqual(
    byKey(s.metrics.map(({ key, name, value, tier }) => ({ key, name, value, tier }))),
    byKey(f.expected.metrics),
  );
  assert.deepEqual(
    [s.dsp, s.station, s.week, s.overallScore, s.overallTier, s.rank, s.rankChange, s.focusAreas],
    [
      f.expected.dsp,
      f.expected.station,
      f.expected.week,
      f.expected.overallScore,
      f.expected.overallTier,
      f.expected.rank,
      f.expected.rankChange,
      f.expected.focusAreas,
    ],
  );
}

for (const variant of ["early", "later", "eu3"] as const) {
  Deno.test(`scorecard ${variant}: 150 DAs over several pages, summary and working-hour exceptions`, async () => {
    const f = makeScorecardPdf({ ...base, variant });
    assert(f.pageCount >= 6, `${f.pageCount} pages`);
    const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: f.startPage! });
    assertAll(r, f);
    assert.deepEqual(r.rows.length, 150);
    assert.deepEqual(new Set(r.rows.map((x) => x.page)).size, 4);
    assert.deepEqual([r.generation, r.layout, r.startPage, r.pageCount], ["per-da", variant, 3, f.pageCount]);
    assert.deepEqual(r.identity, {
      kind: "scorecard-pdf",
      station: "DON9",
      week: { year: 2026, week: 21 },
      dsp: "ACME",
    });
    const absent = ["no", "dnrDpmo", "dscDpmo", "lorDpmo", "dex", "cdf", "cdfDpmo", "psb"]
      .filter((k) => !LAYOUT_COLUMNS[variant].includes(k));
    for (const k of absent) assert(r.rows.every((x) => x[k as keyof typeof x] === null), k);
    assert(r.whcExceptions.length >= 1);
  });
}

Deno.test("scorecard DSP-level generation: the summary only; a named start page is not an error", async () => {
  const f = makeScorecardPdf({ ...base, variant: "dsp-level" });
  assert.deepEqual(f.startPage, null);
  for (const startPage of [undefined, 1, 2]) {
    const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage });
    assertAll(r, f);
    assert.deepEqual([r.generation, r.layout, r.startPage, r.rows.length], ["dsp-level", null, null, 0]);
    assert.deepEqual(r.summary!.metrics.length, 17);
  }
});

Deno.test("scorecard: the start page is found when not named; one summary page; header not repeated", async () => {
  const f = makeScorecardPdf({ ...base, variant: "eu3", summaryPages: 1, repeatHeader: false, seed: 3 });
  assert.deepEqual(f.startPage, 2);
  const r = await parseScorecardPdf(f.bytes, f.fileName);
  assertAll(r, f);
  assert.deepEqual(r.startPage, 2);
  assert.deepEqual(r.rows.map((x) => x.no), das.map((_, i) => i + 1));
});

Deno.test("scorecard: a republished or renamed copy reads its station and week from the summary page", async () => {
  const f = makeScorecardPdf({ ...base, republished: true });
  assert.match(f.fileName, / \(1\)\.pdf$/);
  assertAll(await parseScorecardPdf(f.bytes, f.fileName, { startPage: 3 }), f);
  const r = await parseScorecardPdf(f.bytes, "scorecard.pdf", { startPage: 3 });
  assertAll(r, f);
  assert.deepEqual(r.identity, {
    kind: "scorecard-pdf",
    station: "DON9",
    week: { year: 2026, week: 21 },
    dsp: "ACME",
  });
});

Deno.test("scorecard broken: not a PDF, a truncated PDF, an empty file", async () => {
  const f = makeScorecardPdf({ ...base, das: das.slice(0, 20) });
  const cases: [Uint8Array, RegExp][] = [
    [new TextEncoder().encode("Week,DA,TID\n"), /not a PDF/],
    [f.bytes.slice(0, Math.floor(f.bytes.length * 0.7)), /cut short/],
    [new Uint8Array(), /empty/],
  ];
  for (const [bytes, re] of cases) {
    const r = await parseScorecardPdf(bytes, f.fileName, { startPage: 3 });
    assert(!r.ok);
    assert.deepEqual([r.rows, r.summary, r.whcExceptions], [[], null, []]);
    assert.match(fatalText(r), re);
    assert.deepEqual(fatalOf(r)[0].file, f.fileName);
  }
});

Deno.test("scorecard broken: a start page beyond the document names the page count", async () => {
  const f = makeScorecardPdf({ ...base, das: das.slice(0, 20) });
  const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 9 });
  assert(!r.ok);
  assert.deepEqual(fatalText(r), `page 9 is beyond the document, which has ${f.pageCount} pages.`);
  assert.deepEqual(fatalOf(r)[0].page, 9);
  const zero = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 0 });
  assert.match(fatalText(zero), /whole number from 1/);
});

Deno.test("scorecard broken: a start page without the table (per-DA generation) names the page", async () => {
  const f = makeScorecardPdf({ ...base, das: das.slice(0, 20) });
  for (const page of [1, 2]) {
    const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: page });
    assert(!r.ok);
    assert.deepEqual(fatalText(r), `page ${page} has no DSP WEEKLY SUMMARY table (it starts on page 3).`);
    assert.deepEqual(fatalOf(r)[0].page, page);
  }
});

Deno.test("scorecard broken: a start page inside the table (a continuation page) names where it starts", async () => {
  const f = makeScorecardPdf({ ...base, das: das.slice(0, 100) });
  const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 4 });
  assert(!r.ok);
  assert.deepEqual(fatalText(r), "page 4 is inside the DSP WEEKLY SUMMARY table, which starts on page 3.");
  const g = makeScorecardPdf({ ...base, das: das.slice(0, 100), repeatHeader: false });
  const r2 = await parseScorecardPdf(g.bytes, g.fileName, { startPage: 4 });
  assert.deepEqual(fatalText(r2), "page 4 has no DSP WEEKLY SUMMARY table (it starts on page 3).");
});

Deno.test("scorecard broken: station or week in the name disagreeing with the summary page names both", async () => {
  const station = makeScorecardPdf({ ...base, das: das.slice(0, 5), content: { station: "HYZ1" } });
  let r = await parseScorecardPdf(station.bytes, station.fileName, { startPage: 3 });
  assert(!r.ok);
  assert.deepEqual(fatalText(r), "the file name says station DON9 but the summary page says HYZ1.");
  assert.deepEqual(fatalOf(r)[0].page, 1);

  const week = makeScorecardPdf({ ...base, das: das.slice(0, 5), content: { week: 22 } });
  r = await parseScorecardPdf(week.bytes, week.fileName, { startPage: 3 });
  assert(!r.ok);
  assert.deepEqual(fatalText(r), "the file name says week 2026-W21 but the summary page says 2026-W22.");

  const f = makeScorecardPdf({ ...base, das: das.slice(0, 5) });
  r = await parseScorecardPdf(f.bytes, "US_ACME_DON9_Week20_2026_en_DSPScorecard.pdf", { startPage: 3 });
  assert.match(fatalText(r), /name says week 2026-W20 but the summary page says 2026-W21/);
  r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 3, station: "DTO3" });
  assert.deepEqual(fatalText(r), "the file is for station DON9 but the upload is for DTO3.");
});

Deno.test("scorecard broken: a PDF that is no scorecard, and a DSP-level file for a week that lists DAs", async () => {
  const other = makeScorecardPdf({ ...base, variant: "dsp-level", content: { week: 1, year: 2024 } });
  let r = await parseScorecardPdf(other.bytes, "US_ACME_DON9_Week1_2024_en_DSPScorecard.pdf", {
    startPage: 2,
  });
  assert(!r.ok);
  assert.deepEqual(
    fatalText(r),
    "page 2 has no DSP WEEKLY SUMMARY table, nor has any other page; scorecards for weeks before 2025-W41 list the DAs.",
  );
  const { jsPDF } = await import("jspdf");
  const d = new jsPDF({ unit: "pt" });
  d.text("Invoice 2026-0042", 40, 40);
  r = await parseScorecardPdf(
    new Uint8Array(d.output("arraybuffer")),
    "US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf",
  );
  assert.match(fatalText(r), /page 1 is not a scorecard summary/);
});

Deno.test("scorecard: bad cells skip their row with page, row and column; repeated DAs are skipped", async () => {
  const few = das.slice(0, 60);
  const f = makeScorecardPdf({
    ...base,
    das: [...few, few[2]],
    print: { "1:dcr": "9x%", "50:transporterId": "B123" },
  });
  const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 3 });
  assert(r.ok, fatalText(r));
  assert.deepEqual(r.rows.length, 58);
  assert.deepEqual(r.problems.map(({ page, row, column }) => ({ page, row, column })), [
    { page: 3, row: 2, column: "DCR" },
    { page: 4, row: 5, column: "Transporter ID" },
    { page: 4, row: 15, column: "Transporter ID" },
  ]);
  assert.match(r.problems[0].message, /'9x' is not a percentage|'9x%' is not a percentage/);
  assert.match(r.problems[1].message, /'B123' is not a transporter ID/);
  assert.match(
    r.problems[2].message,
    new RegExp(`${few[2].transporterId} is listed already \\(page 3, row 3\\)`),
  );
  assert(r.problems.every((p) => !p.fatal && p.message.endsWith("the row was skipped.")));
});

Deno.test("scorecard: a per-DA table with no rows, or none readable, is fatal", async () => {
  const f = makeScorecardPdf({ ...base, das: [] });
  const r = await parseScorecardPdf(f.bytes, f.fileName, { startPage: 3 });
  assert.deepEqual(fatalText(r), "the DSP WEEKLY SUMMARY table on page 3 has no rows.");
  const g = makeScorecardPdf({
    ...base,
    das: das.slice(0, 2),
    print: { "0:delivered": "many", "1:dcr": "??" },
  });
  const r2 = await parseScorecardPdf(g.bytes, g.fileName, { startPage: 3 });
  assert.deepEqual(fatalText(r2), "none of the 2 rows of the DSP WEEKLY SUMMARY table can be read.");
  assert.deepEqual(r2.problems.filter((p) => !p.fatal).length, 2);
});
