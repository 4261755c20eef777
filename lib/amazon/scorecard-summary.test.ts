import assert from "node:assert/strict";
import type { PdfItem, PdfPage } from "./pdf-text.ts";
import { metricValue, SCORECARD_METRICS, summaryOf, tierPrefix } from "./scorecard-summary.ts";
import type { Problem } from "./types.ts";

const it = (str: string, x: number, y: number): PdfItem => ({ str, x, y, w: str.length * 4.5 });
const page = (number: number, items: PdfItem[]): PdfPage => ({ number, items });

Deno.test("tierPrefix: the longest tier a text starts with, case-insensitive", () => {
  assert.deepEqual(tierPrefix("Fantastic Plus"), "Fantastic Plus");
  assert.deepEqual(tierPrefix("fantastic plus 1. Photo-On-Delivery"), "Fantastic Plus");
  assert.deepEqual(tierPrefix("Fantastic"), "Fantastic");
  assert.deepEqual(tierPrefix("in compliance"), "In Compliance");
  assert.deepEqual(tierPrefix("Fantasticish"), null);
  assert.deepEqual(tierPrefix(""), null);
});

Deno.test("metricValue: 'value | tier', lone status words, empty markers; prose is not a value", () => {
  assert.deepEqual(metricValue("850 | Fantastic"), { value: 850, shown: "850", tier: "Fantastic" });
  assert.deepEqual(metricValue("99.38% | Great"), { value: 99.38, shown: "99.38%", tier: "Great" });
  assert.deepEqual(metricValue("0.2|Fantastic Plus"), { value: 0.2, shown: "0.2", tier: "Fantastic Plus" });
  assert.deepEqual(metricValue("1,250 | Fair"), { value: 1250, shown: "1,250", tier: "Fair" });
  assert.deepEqual(metricValue("- | N/A"), { value: null, shown: "-", tier: "N/A" });
  assert.deepEqual(metricValue("N/A | -"), { value: null, shown: "N/A", tier: null });
  assert.deepEqual(metricValue("None"), { value: null, shown: "None", tier: "None" });
  assert.deepEqual(metricValue("In Compliance"), {
    value: null,
    shown: "In Compliance",
    tier: "In Compliance",
  });
  assert.deepEqual(metricValue(": 97.5%"), { value: 97.5, shown: "97.5%", tier: null });
  assert.deepEqual(metricValue("85O | Great"), null);
  assert.deepEqual(metricValue("12 | Superb"), null);
  assert.deepEqual(metricValue("the share of packages delivered"), null);
});

Deno.test("summaryOf: header facts, two metric columns on one line, focus areas, US spelling", () => {
  const problems: Problem[] = [];
  const s = summaryOf(
    [
      page(1, [
        it("DSP Scorecard", 40, 56),
        it("Swift Parcel LLC at HYZ1", 400, 56),
        it("Week 7 - 2026", 40, 76),
        it("Overall Standing", 40, 116),
        it("Recommended Focus Areas", 330, 116),
        it("Overall Score: 87.53 | Fantastic", 40, 136),
        it("1. Photo-On-Delivery", 330, 134),
        it("Rank at HYZ1: 4 (+2 WoW)", 40, 154),
        it("2. Contact Compliance", 330, 148),
        it("Safe Driving Metric (FICO)", 40, 228),
        it("812 | Great", 250, 228),
        it("Customer escalation DPMO", 320, 228),
        it("0 | Fantastic", 530, 228),
        it("Breach of Contract (BOC)", 40, 250),
        it("None", 270, 250),
        it("Photo-On-Delivery", 320, 250),
        it("98.71% | Great", 520, 250),
        it("Pickup Success Behaviors", 40, 272),
        it("99.1% | Fantastic Plus", 230, 272),
        it("Contact Compliance", 320, 272),
        it("9z.1% | Fair", 520, 272),
      ]),
      page(2, [it("Delivery Completion Rate (DCR) is the share of packages delivered", 40, 60)]),
    ],
    "f.pdf",
    problems,
  );
  assert(s);
  assert.deepEqual(
    [s.page, s.dsp, s.station, s.week, s.overallScore, s.overallTier, s.rank, s.rankChange],
    [1, "Swift Parcel LLC", "HYZ1", { year: 2026, week: 7 }, 87.53, "Fantastic", 4, 2],
  );
  assert.deepEqual(s.focusAreas, ["Photo-On-Delivery", "Contact Compliance"]);
  assert.deepEqual(s.metrics.map((m) => [m.key, m.value, m.tier]), [
    ["fico", 812, "Great"],
    ["boc", null, "None"],
    ["customerEscalationDpmo", 0, "Fantastic"],
    ["pod", 98.71, "Great"],
    ["psb", 99.1, "Fantastic Plus"],
  ]);
  assert.deepEqual(problems, [{
    file: "f.pdf",
    page: 1,
    column: "Contact Compliance",
    message: "'9z.1% | Fair' is not 'value | tier'; the metric was skipped.",
  }]);
});

Deno.test("summaryOf: null when no page looks like a summary; negative rank change", () => {
  assert.deepEqual(summaryOf([page(1, [it("Invoice 42", 40, 40)])], "f.pdf", []), null);
  const s = summaryOf(
    [page(1, [it("Week 1 - 2026", 40, 40), it("Rank at DON9: 12 (-3 WoW)", 40, 60)])],
    "f.pdf",
    [],
  );
  assert.deepEqual([s?.rank, s?.rankChange, s?.station, s?.overallScore], [12, -3, null, null]);
});

Deno.test("the metric list is the spec's seventeen, with unique keys", () => {
  assert.deepEqual(SCORECARD_METRICS.length, 17);
  assert.deepEqual(new Set(SCORECARD_METRICS.map((m) => m.key)).size, 17);
});
