import assert from "node:assert/strict";
import { makeReliabilityPdf, type ReliabilityOpts } from "../dev/amazon/reliability-pdf.ts";
import { makeDas, makeScorecardPdf } from "../dev/amazon/scorecard-pdf.ts";
import { headerDate, parseReliabilityPdf, type ReliabilityResult } from "./reliability-pdf.ts";

const base: ReliabilityOpts = { station: "DON9", week: 21, year: 2026, seed: 5 };
const fatalText = (r: ReliabilityResult) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("reliability PDF: every date and the total, both date styles, several seeds", async () => {
  for (const variant of ["us-date", "iso-date"] as const) {
    for (const seed of [1, 2, 3]) {
      const f = makeReliabilityPdf({ ...base, variant, seed });
      const r = await parseReliabilityPdf(f.bytes, f.fileName);
      assert(r.ok, fatalText(r));
      assert.deepEqual(r.problems, []);
      assert.deepEqual(r.rows, f.expected.days);
      assert.deepEqual(r.total, f.expected.total);
      assert.deepEqual(r.rows.map((d) => d.date), [
        "2026-05-17",
        "2026-05-18",
        "2026-05-19",
        "2026-05-20",
        "2026-05-21",
        "2026-05-22",
        "2026-05-23",
      ]);
      assert.deepEqual(r.identity, {
        kind: "reliability-pdf",
        station: "DON9",
        week: { year: 2026, week: 21 },
        dsp: "ACME",
      });
      assert.deepEqual(r.pageCount, 1);
    }
  }
});

Deno.test("reliability PDF: a republished or renamed copy takes station and week from the page", async () => {
  const f = makeReliabilityPdf({ ...base, republished: true });
  assert.match(f.fileName, / \(1\)\.pdf$/);
  assert((await parseReliabilityPdf(f.bytes, f.fileName)).ok);
  const r = await parseReliabilityPdf(f.bytes, "reliability.pdf");
  assert(r.ok, fatalText(r));
  assert.deepEqual([r.identity.station, r.identity.week], ["DON9", { year: 2026, week: 21 }]);
});

Deno.test("reliability PDF: a missing optional row reads as null; a bad cell is named and left empty", async () => {
  const f = makeReliabilityPdf({ ...base, omitRows: ["routeTarget"], print: { "completedRoutes:2": "x7" } });
  const r = await parseReliabilityPdf(f.bytes, f.fileName);
  assert(r.ok, fatalText(r));
  assert(r.rows.every((d) => d.routeTarget === null));
  assert.deepEqual(r.total?.routeTarget, null);
  assert.deepEqual(r.rows[2].completedRoutes, null);
  assert.deepEqual(r.rows[3].completedRoutes, f.expected.days[3].completedRoutes);
  assert.deepEqual(r.problems.map(({ page, row, column, fatal }) => ({ page, row, column, fatal })), [
    { page: 1, row: 2, column: "Tue 05/19/2026", fatal: undefined },
  ]);
  assert.match(
    r.problems[0].message,
    /'x7' is not a whole number \('Completed routes'\); the cell was skipped\./,
  );
});

Deno.test("reliability PDF broken: not a PDF, truncated, no table, no reliability row", async () => {
  const f = makeReliabilityPdf(base);
  const scorecard = makeScorecardPdf({ ...base, das: makeDas(3, 1), variant: "later" });
  const noRow = makeReliabilityPdf({ ...base, omitRows: ["capacityReliability"] });
  const cases: [Uint8Array, RegExp][] = [
    [new TextEncoder().encode("Date,Capacity reliability\n"), /not a PDF/],
    [f.bytes.slice(0, f.bytes.length - 300), /cut short/],
    [scorecard.bytes, /no reliability table \(a row of dates\) on any of the \d+ pages/],
    [noRow.bytes, /the table has no 'Capacity reliability' row/],
  ];
  for (const [bytes, re] of cases) {
    const r = await parseReliabilityPdf(bytes, f.fileName);
    assert(!r.ok);
    assert.match(fatalText(r), re);
    assert.deepEqual([r.rows, r.total], [[], null]);
  }
});

Deno.test("reliability PDF broken: week or station in the name disagreeing with the page names both", async () => {
  const f = makeReliabilityPdf({ ...base, content: { week: 22 } });
  let r = await parseReliabilityPdf(f.bytes, f.fileName);
  assert.deepEqual(fatalText(r), "the file name says week 2026-W21 but the table's dates are in 2026-W22.");
  const g = makeReliabilityPdf({ ...base, content: { station: "HYZ1" } });
  r = await parseReliabilityPdf(g.bytes, g.fileName);
  assert.deepEqual(fatalText(r), "the file name says station DON9 but the page says HYZ1.");
  const h = makeReliabilityPdf(base);
  r = await parseReliabilityPdf(h.bytes, h.fileName, { station: "DTO3" });
  assert.deepEqual(fatalText(r), "the file is for station DON9 but the upload is for DTO3.");
  r = await parseReliabilityPdf(h.bytes, h.fileName, { station: "don9" });
  assert(r.ok);
});

Deno.test("reliability PDF broken: dates over two weeks", async () => {
  const f = makeReliabilityPdf({ ...base, shiftDays: 3 });
  const r = await parseReliabilityPdf(f.bytes, "reliability.pdf");
  assert(!r.ok);
  assert.deepEqual(
    fatalText(r),
    "the dates run over more than one week (2026-W21, 2026-W22); a reliability file covers one week.",
  );
});

Deno.test("headerDate: US, ISO, day-first and month-name dates, with or without a weekday", () => {
  assert.deepEqual(headerDate("05/17/2026"), "2026-05-17");
  assert.deepEqual(headerDate("Sun 05/17/2026"), "2026-05-17");
  assert.deepEqual(headerDate("Sunday, 2026-05-17"), "2026-05-17");
  assert.deepEqual(headerDate("17-05-2026"), "2026-05-17");
  assert.deepEqual(headerDate("May 17, 2026"), "2026-05-17");
  assert.deepEqual(headerDate("Sun 17 May 2026"), "2026-05-17");
  assert.deepEqual(headerDate("17-May-2026"), "2026-05-17");
  assert.deepEqual(headerDate("Total"), null);
  assert.deepEqual(headerDate("Metric"), null);
  assert.deepEqual(headerDate("02/30/2026"), null);
  assert.deepEqual(headerDate("Foo 17, 2026"), null);
  assert.deepEqual(headerDate("98.5%"), null);
});
