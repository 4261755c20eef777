import assert from "node:assert/strict";
import { readName } from "./identify.ts";
import { parseDnr } from "./dnr.ts";
import { latestWeek, readWeekForm, withYear } from "./week-forms.ts";

Deno.test("readWeekForm: every form Amazon writes, year-less ones without a year; nonsense is null", () => {
  const y44 = { year: 2026, week: 44 };
  for (
    const s of [
      "2026-W44",
      "2026-w44",
      "2026W44",
      "2026-44",
      "2026/44",
      "W44 2026",
      "W44-2026",
      "Week 44 - 2026",
      "Week44_2026",
      "Wk 44, 2026",
      "2026 Week 44",
    ]
  ) {
    assert.deepEqual(readWeekForm(s), y44, s);
  }
  for (const s of ["Week 44", "week44", "W44", "Wk 44", " 44 "]) {
    assert.deepEqual(readWeekForm(s), { year: null, week: 44 }, s);
  }
  for (const s of ["", "Week 0", "W54", "2026-05-18", "2026-W53", "forty-four", "2026-W44x"]) {
    assert.equal(readWeekForm(s), null, s);
  }
  assert.deepEqual(readWeekForm("2028-W53"), { year: 2028, week: 53 });
});

Deno.test("withYear: its own year, else the name's, else the latest such week up to the import's day", () => {
  assert.deepEqual(withYear({ year: 2025, week: 3 }, { year: 2026, week: 3 }, "2026-01-20"), {
    year: 2025,
    week: 3,
  });
  assert.deepEqual(withYear({ year: null, week: 44 }, { year: 2024, week: 44 }, "2026-11-20"), {
    year: 2024,
    week: 44,
  });
  assert.equal(withYear({ year: null, week: 53 }, { year: 2026, week: 1 }, "2026-11-20"), null);
  // Uploaded in January, week 44 is last year's; in November, this year's.
  assert.deepEqual(withYear({ year: null, week: 44 }, null, "2027-01-10"), { year: 2026, week: 44 });
  assert.deepEqual(latestWeek(44, "2026-11-05"), { year: 2026, week: 44 });
  assert.deepEqual(latestWeek(53, "2026-11-05"), { year: 2022, week: 53 });
});

Deno.test("readName: the week forms of older and renamed exports, with station and DSP", () => {
  const cases: [string, { year: number; week: number } | null, number | null][] = [
    ["Quality_DSB_DNR_ACME_DON9_2026-W44.csv", { year: 2026, week: 44 }, null],
    ["Quality_DSB_DNR_ACME_DON9_Week44_2026.csv", { year: 2026, week: 44 }, null],
    ["Quality_DSB_DNR_ACME_DON9_W44_2026.csv", { year: 2026, week: 44 }, null],
    ["Quality_DSB_DNR_ACME_DON9_2026_W44.csv", { year: 2026, week: 44 }, null],
    ["Quality_DSB_DNR_ACME_DON9_2026-44.csv", { year: 2026, week: 44 }, null],
    ["Quality_DSB_DNR_ACME_DON9_W44.csv", null, 44],
    ["Quality_DSB_DNR_ACME_DON9.csv", null, null],
  ];
  for (const [name, week, bare] of cases) {
    const n = readName(name);
    assert.deepEqual([n.station, n.dsp, n.week, n.bareWeek], ["DON9", "ACME", week, bare], name);
  }
  assert.equal(readName("Package_Returns_ACME_DON9_2026-05-18.csv").date, "2026-05-18");
});

const enc = (s: string) => new TextEncoder().encode(s);
const TID = "A1B2C3D4E5F6G7";
const dnr = (week: string, extra = "") =>
  enc(`Week,TID,DSB Count${extra ? `,${extra}` : ""}\r\n${week},${TID},2${extra ? ",x" : ""}\r\n`);

Deno.test("parseWeeklyCsv: week cells in any form; a year-less one takes the name's year, else the import's", () => {
  for (const w of ["2026-W44", "2026-44", "W44 2026", "Week 44"]) {
    const r = parseDnr(dnr(w), "Quality_DSB_DNR_ACME_DON9_2026-W44.csv");
    assert.ok(r.ok, w);
    assert.deepEqual([r.identity.week, r.rows[0].week, r.rows[0].dsb_count], [
      { year: 2026, week: 44 },
      "2026-W44",
      2,
    ]);
  }
  const bare = parseDnr(dnr("Week 44"), "Quality_DSB_DNR_ACME_DON9.csv", { today: "2027-01-10" });
  assert.deepEqual(bare.identity.week, { year: 2026, week: 44 });
  assert.match(bare.problems.map((p) => p.message).join(), /without its year; read as 2026-W44/);
  const named = parseDnr(dnr("2025-W44"), "Quality_DSB_DNR_ACME_DON9_W44.csv");
  assert.deepEqual(named.identity.week, { year: 2025, week: 44 });
  const clash = parseDnr(dnr("Week 45"), "Quality_DSB_DNR_ACME_DON9_2026-W44.csv");
  assert.equal(clash.ok, false);
  const noWeek = parseDnr(enc(`TID,DSB Count\r\n${TID},2\r\n`), "Quality_DSB_DNR_ACME_DON9_W44_2026.csv");
  assert.deepEqual([noWeek.ok, noWeek.rows[0].week], [true, "2026-W44"]);
  const neither = parseDnr(enc(`TID,DSB Count\r\n${TID},2\r\n`), "Quality_DSB_DNR_ACME_DON9.csv");
  assert.equal(neither.problems.find((p) => p.fatal)?.code, "missing_key_columns");
});
