import assert from "node:assert/strict";
import {
  canStepPick,
  dashboardPageQuery,
  initialPick,
  pickLabel,
  pickParams,
  stepPick,
} from "./calc-period.ts";
import { defaultTrendPick, trendParams, trendPickOf, trendSeries, validTrendPick } from "./calc-trend.ts";

const TODAY = "2026-11-25"; // a Wednesday, week 48 of 2026

Deno.test("stepPick: back and forth, never past the period holding today", () => {
  const week = { type: "week" as const, date: "2026-11-24" };
  assert.equal(canStepPick(week, TODAY), false, "the current week has no next");
  assert.deepEqual(stepPick(week, 1, TODAY), week);
  const before = stepPick(week, -1, TODAY);
  assert.deepEqual(before, { type: "week", date: "2026-11-15" });
  assert.equal(canStepPick(before, TODAY), true);
  assert.deepEqual(stepPick(before, 1, TODAY), { type: "week", date: "2026-11-22" });
  assert.equal(canStepPick({ type: "month", date: "2026-10-31" }, TODAY), true);
  assert.equal(canStepPick({ type: "annual", date: "2026-01-01" }, TODAY), false);
  assert.equal(canStepPick({ type: "day", date: TODAY }, TODAY), false);
  assert.equal(canStepPick({ type: "day", date: "2026-11-24" }, TODAY), true);
});

Deno.test("stepPick: weeks wrap 52 -> 1 with the year, months 12 -> 1", () => {
  const last = { type: "week" as const, date: "2025-12-27" }; // Saturday of week 52, 2025
  assert.equal(pickLabel(last), "Week 52, 2025");
  const next = stepPick(last, 1, TODAY);
  assert.equal(pickLabel(next), "Week 1, 2026");
  assert.equal(pickLabel(stepPick(next, -1, TODAY)), "Week 52, 2025");
  const dec = stepPick({ type: "month", date: "2025-12-10" }, 1, TODAY);
  assert.deepEqual([pickLabel(dec), dec.date], ["Jan 2026", "2026-01-01"]);
});

Deno.test("pickParams: what each period type sends (weeks zero-based)", () => {
  assert.deepEqual(pickParams({ type: "week", date: "2026-01-01" }), { year: "2026", week: "0" });
  assert.deepEqual(pickParams({ type: "month", date: "2026-03-31" }), { year: "2026", month: "3" });
  assert.deepEqual(pickParams({ type: "annual", date: "2026-03-31" }), { year: "2026" });
  assert.deepEqual(pickParams({ type: "day", date: "2026-03-31" }), { day: "2026-03-31" });
  assert.equal(pickLabel({ type: "day", date: "2026-11-24" }), "24-11-2026 (week 48)");
});

Deno.test("the page's URL: unreadable parts fall back; a future date becomes the default date", () => {
  const q = dashboardPageQuery.parse({ type: "decade", date: "nope", stations: "1_x" });
  assert.deepEqual(q, { type: "week", date: undefined, stations: [] });
  assert.deepEqual(initialPick("month", "2027-01-01", "2026-11-24", TODAY), {
    type: "month",
    date: "2026-11-24",
  });
  assert.deepEqual(initialPick("day", "2026-02-01", "2026-11-24", TODAY), {
    type: "day",
    date: "2026-02-01",
  });
});

Deno.test("trend pages: default ranges, validation, the statistic's query and the series", () => {
  assert.deepEqual(defaultTrendPick("month", TODAY), { type: "month", year: 2026, from: "1", to: "11" });
  assert.deepEqual(defaultTrendPick("month", TODAY, 2025), {
    type: "month",
    year: 2025,
    from: "1",
    to: "12",
  });
  assert.deepEqual(defaultTrendPick("week", TODAY), { type: "week", year: 2026, from: "1", to: "48" });
  assert.deepEqual(defaultTrendPick("day", TODAY), {
    type: "day",
    year: 2026,
    from: "2026-11-11",
    to: "2026-11-24",
  });
  assert.equal(validTrendPick({ type: "month", year: 2026, from: "5", to: "2" }), false);
  assert.deepEqual(
    trendPickOf({ type: "month", from: "5", to: "2" }, TODAY),
    defaultTrendPick("month", TODAY),
  );
  assert.deepEqual(trendParams({ type: "week", year: 2026, from: "2", to: "5" }), {
    type: "week",
    year: "2026",
    week_range: "1_4",
  });
  const item = {
    label: "Jan",
    date: null,
    week: null,
    month: 1,
    year: 2026,
    route_plan: 1,
    routes: 2,
    delivery_plan: 3,
    deliveries: 4,
    returns: 5,
    missing: 6,
  };
  assert.deepEqual(trendSeries("routes", [item]).map((s) => [s.label, s.data[0]]), [["Plan", 1], [
    "Actual",
    2,
  ]]);
  assert.deepEqual(trendSeries("deliveries", [item]).map((s) => [s.label, s.data[0]]), [["Plan", 3], [
    "Actual",
    4,
  ]]);
  assert.deepEqual(trendSeries("returns", [item]).map((s) => [s.label, s.data[0]]), [["Actual", 5]]);
  assert.deepEqual(trendSeries("missing", [item]).map((s) => [s.label, s.data[0]]), [["Actual", 6]]);
});
