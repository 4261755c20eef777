import assert from "node:assert/strict";
import { z } from "zod";
import { isoDay, periodQueryWith } from "./inputs.ts";
import { periodQuery } from "../dashboard/inputs.ts";
import { falconQuery } from "../falcon/inputs.ts";

const q = periodQueryWith({ who: z.string().optional() });
const issues = (r: { success: boolean; error?: z.ZodError }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

Deno.test("period fields: a year alone, with a month, with a week (zero-based), or a day; numbers from text", () => {
  assert.deepEqual(q.parse({ year: "2026" }), { year: 2026 });
  assert.deepEqual(q.parse({ who: "x", year: "2026", month: "3" }), { who: "x", year: 2026, month: 3 });
  assert.deepEqual(q.parse({ year: "2026", week: "0" }), { year: 2026, week: 0 });
  assert.deepEqual(q.parse({ day: "2026-02-28" }), { day: "2026-02-28" });
});

Deno.test("period rules: a year or a day; a month or a week, not both; a week the year has", () => {
  assert.deepEqual(issues(q.safeParse({})), ["year: Give a year (with a month or a week) or a day"]);
  assert.deepEqual(issues(q.safeParse({ month: "3" })), [
    "year: Give a year (with a month or a week) or a day",
  ]);
  assert.deepEqual(issues(q.safeParse({ year: "2026", month: "3", week: "2" })), [
    "week: Give a month or a week, not both",
  ]);
  // 2026 has 52 delivery weeks (0..51), 2028 has 53 (0..52).
  assert.deepEqual(issues(q.safeParse({ year: "2026", week: "51" })), []);
  assert.deepEqual(issues(q.safeParse({ year: "2026", week: "52" })), ["week: That year has no such week"]);
  assert.deepEqual(issues(q.safeParse({ year: "2028", week: "52" })), []);
  assert.deepEqual(issues(q.safeParse({ year: "1999" })), ["year: A year from 2000 to 2100"]);
  assert.deepEqual(issues(q.safeParse({ year: "2026", month: "13" })), ["month: A month from 1 to 12"]);
  assert.deepEqual(issues(q.safeParse({ year: "2026", week: "x" })), [
    "week: A week from 0 to 52 (zero-based)",
  ]);
});

Deno.test("isoDay: the shape, then a date that exists, each message naming the field", () => {
  const d = isoDay("start_date");
  assert.equal(d.parse("2024-02-29"), "2024-02-29");
  assert.deepEqual(issues(d.safeParse("2026-2-3")), [
    ": start_date: a date as YYYY-MM-DD",
    ": start_date: no such date",
  ]);
  assert.deepEqual(issues(d.safeParse("2026-02-30")), [": start_date: no such date"]);
  assert.deepEqual(issues(d.safeParse(5)), [": start_date: a date as YYYY-MM-DD"]);
});

Deno.test("the dashboard's and Falcon's queries share the period and keep their own station fields", () => {
  const period = { year: "2026", week: "47" };
  assert.deepEqual(periodQuery.parse({ stations: "2_1_2", ...period }), {
    stations: [2, 1],
    year: 2026,
    week: 47,
  });
  assert.deepEqual(falconQuery.parse({ station: "3", ...period }), { station: 3, year: 2026, week: 47 });
  for (
    const bad of [{ year: "2026", week: "52" }, { year: "2026", month: "1", week: "1" }, {
      day: "2026-13-01",
    }]
  ) {
    const a = issues(periodQuery.safeParse(bad));
    assert.ok(a.length > 0, JSON.stringify(bad));
    assert.deepEqual(issues(falconQuery.safeParse({ station: "3", ...bad })), a, JSON.stringify(bad));
  }
  assert.deepEqual(issues(falconQuery.safeParse(period)), ["station: A station id"]);
  assert.deepEqual(Object.keys(falconQuery.shape), ["station", "year", "month", "week", "day"]);
  assert.deepEqual(Object.keys(periodQuery.shape), ["stations", "year", "month", "week", "day"]);
});
