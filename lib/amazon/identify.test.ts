import assert from "node:assert/strict";
import { baseName, csvKindOfHeader, identifyFile, kindOf, readName } from "./identify.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const PDF = enc("%PDF-1.7\n");
const ZIP = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]);

Deno.test("identify: every name pattern of amazon-files.md gives kind, DSP, station and week", () => {
  const cases: [string, Uint8Array, object][] = [
    ["US_ACME_DON9_Week21_2026_en_DSPScorecard.pdf", PDF, {
      kind: "scorecard-pdf",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
    [
      "DSP_Overview_Dashboard_ACME_HYZ1_2026-W05.csv",
      enc("Week,Delivery Associate ,Transporter ID,Overall Standing\r\n"),
      { kind: "overview-csv", dsp: "ACME", station: "HYZ1", week: { year: 2026, week: 5 } },
    ],
    ["Quality_DSB_DNR_BLUE_SKY_DTO3_2025-W52.csv", enc("\uFEFFWeek,DA,TID,DSB Count\r\n"), {
      kind: "dnr-csv",
      dsp: "BLUE_SKY",
      station: "DTO3",
      week: { year: 2025, week: 52 },
    }],
    [
      "DSP_Delivery_Concessions_DON9_2026-W21.csv",
      enc("Delivery Associate Name,Delivery Associate,Impacts DSB\r\n"),
      { kind: "concessions-csv", dsp: null, station: "DON9", week: { year: 2026, week: 21 } },
    ],
    [
      "Quality_DCR_ACME_DON9_2026-W21.csv",
      enc("Week,DA,TID,DCR,Packages Delivered,Packages Dispatched\r\n"),
      { kind: "dcr-csv", dsp: "ACME", station: "DON9", week: { year: 2026, week: 21 } },
    ],
    [
      "Quality_POD_ACME_DON9_2026-W21.csv",
      enc("Week,DA,TID,SWC - Photo on Delivery,POD Success,POD Opportunities\r\n"),
      { kind: "pod-csv", dsp: "ACME", station: "DON9", week: { year: 2026, week: 21 } },
    ],
    ["Quality_PSB_ACME_DON9_2026-W21.csv", enc("Week,DA,TID,PSB,Successful Stops,Failed Stops\r\n"), {
      kind: "psb-csv",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
    ["Package_Returns_ACME_DON9_2026-W21.csv", enc("TransporterId,RouteCode,ReasonCode\r\n"), {
      kind: "returns-csv",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
    ["Capacity_Reliability_ACME_DON9_2026-W21.xlsx", ZIP, {
      kind: "reliability-xlsx",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
    ["Capacity_Reliability_ACME_DON9_2026-W21.pdf", PDF, {
      kind: "reliability-pdf",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
    ["WHC_ACME_DON9_2026-W21.xlsx", ZIP, {
      kind: "whc-xlsx",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }],
  ];
  for (const [name, bytes, want] of cases) assert.deepEqual(identifyFile(name, bytes), want, name);
});

Deno.test("identify: republished copies name the same file", () => {
  for (
    const name of [
      "US_ACME_DON9_Week21_2026_en_DSPScorecard (1).pdf",
      "US_ACME_DON9_Week21_2026_en_DSPScorecard_v2.pdf",
      "US_ACME_DON9_Week21_2026_en_DSPScorecard - Copy.pdf",
    ]
  ) {
    assert.deepEqual(identifyFile(name, PDF), {
      kind: "scorecard-pdf",
      dsp: "ACME",
      station: "DON9",
      week: { year: 2026, week: 21 },
    }, name);
  }
  assert.equal(
    baseName("C:\\Users\\x\\DSP_Overview_Dashboard_ACME_DON9_2026-W21 (2).csv"),
    "DSP_Overview_Dashboard_ACME_DON9_2026-W21",
  );
});

Deno.test("identify: content decides the kind before the name; the name helps when the header does not", () => {
  assert.equal(
    kindOf("Quality_DCR_ACME_DON9_2026-W21.csv", enc("Week,DA,TID,PSB,Successful Stops\r\n")),
    "psb-csv",
  );
  assert.equal(kindOf("Quality_DCR_ACME_DON9_2026-W21.csv", enc("a,b\r\n")), "dcr-csv");
  assert.equal(kindOf("DSP_Overview_Dashboard_ACME_DON9_2026-W21.csv"), "overview-csv");
  assert.equal(kindOf("renamed.pdf", PDF), "scorecard-pdf");
  assert.equal(kindOf("renamed.xlsx", ZIP), null);
  assert.equal(identifyFile("holiday.jpg", new Uint8Array([0xff, 0xd8])), null);
  assert.equal(csvKindOfHeader("Week;DA;TID;DSB Count"), "dnr-csv");
  assert.equal(csvKindOfHeader("TransporterId\tRouteCode\tReasonCode"), "returns-csv");
});

Deno.test("readName: week labels in all forms, a bare week, a date, or none", () => {
  assert.deepEqual(readName("Quality_DSB_DNR_ACME_DON9_Week 5 - 2026.csv").week, { year: 2026, week: 5 });
  const bare = readName("DSP_Delivery_Concessions_DON9_21.csv");
  assert.deepEqual([bare.station, bare.week, bare.bareWeek], ["DON9", null, 21]);
  const dated = readName("Package_Returns_ACME_DON9_2026-05-20.csv");
  assert.deepEqual([dated.station, dated.dsp, dated.week, dated.date], ["DON9", "ACME", {
    year: 2026,
    week: 21,
  }, "2026-05-20"]);
  const none = readName("overview.csv");
  assert.deepEqual([none.station, none.week, none.dsp], [null, null, null]);
  assert.deepEqual(readName("my_stuff.csv").dsp, "my_stuff");
  assert.equal(readName("Quality_DSB_DNR_acme_don9_2026-W21.csv").station, "DON9");
  assert.equal(readName("x_DON9_2026-W99.csv").week, null, "week 99 does not exist");
});
