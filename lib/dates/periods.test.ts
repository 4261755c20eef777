import assert from "node:assert/strict";
import {
  canStepForward,
  daysAgo,
  isFuturePeriod,
  isPeriodType,
  periodEnd,
  periodOf,
  periodStart,
  stepPeriod,
  todayIn,
  tomorrowIn,
  yesterdayIn,
} from "./periods.ts";

const at = (iso: string) => new Date(iso);

Deno.test("today, yesterday and tomorrow come from the injected clock in the organisation's zone", () => {
  const now = at("2026-01-01T03:00:00Z"); // 22:00 on 31 December at UTC-5
  assert.equal(todayIn(undefined, now), "2025-12-31");
  assert.equal(todayIn("Etc/GMT+5", now), "2025-12-31");
  assert.equal(todayIn("UTC", now), "2026-01-01");
  assert.equal(yesterdayIn("Etc/GMT+5", now), "2025-12-30");
  assert.equal(tomorrowIn("Etc/GMT+5", now), "2026-01-01");
  assert.equal(todayIn("Etc/GMT+5", at("2026-01-01T05:00:00Z")), "2026-01-01");
  assert.equal(yesterdayIn("Etc/GMT+5", at("2026-01-01T05:00:00Z")), "2025-12-31");
  assert.equal(todayIn("Etc/GMT+5", at("2028-03-01T04:00:00Z")), "2028-02-29");
  assert.equal(yesterdayIn("UTC", at("2028-03-01T04:00:00Z")), "2028-02-29");
  assert.match(todayIn(), /^\d{4}-\d{2}-\d{2}$/);
  assert.throws(() => todayIn("Etc/GMT+5", at("nope")), RangeError);
});

Deno.test("daysAgo counts calendar days back to today", () => {
  assert.equal(daysAgo("2026-05-20", "2026-05-20"), 0);
  assert.equal(daysAgo("2026-05-19", "2026-05-20"), 1);
  assert.equal(daysAgo("2025-12-31", "2026-01-01"), 1);
  assert.equal(daysAgo("2028-02-28", "2028-03-01"), 2);
  assert.equal(daysAgo("2026-05-21", "2026-05-20"), -1);
  assert.throws(() => daysAgo("2026-02-30", "2026-05-20"), RangeError);
});

Deno.test("months step and wrap 12 -> 1 and 1 -> 12 with the year", () => {
  assert.deepEqual(stepPeriod("month", { year: 2025, month: 12 }, 1), { year: 2026, month: 1 });
  assert.deepEqual(stepPeriod("month", { year: 2026, month: 1 }, -1), { year: 2025, month: 12 });
  assert.deepEqual(stepPeriod("month", { year: 2026, month: 5 }, 1), { year: 2026, month: 6 });
  assert.deepEqual(stepPeriod("month", { year: 2026, month: 5 }, -1), { year: 2026, month: 4 });
  assert.deepEqual(stepPeriod("month", { year: 2026, month: 12 }, 1), { year: 2027, month: 1 });
  assert.throws(() => stepPeriod("month", { year: 2026, month: 13 }, 1), RangeError);
  assert.throws(() => stepPeriod("month", { year: 2026, month: 0 }, -1), RangeError);
});

Deno.test("weeks, years and days step across year boundaries", () => {
  assert.deepEqual(stepPeriod("week", { year: 2025, week: 52 }, 1), { year: 2026, week: 1 });
  assert.deepEqual(stepPeriod("week", { year: 2026, week: 1 }, -1), { year: 2025, week: 52 });
  assert.deepEqual(stepPeriod("week", { year: 2026, week: 52 }, 1), { year: 2027, week: 1 });
  assert.deepEqual(stepPeriod("week", { year: 2027, week: 1 }, -1), { year: 2026, week: 52 });
  assert.deepEqual(stepPeriod("annual", { year: 2026 }, 1), { year: 2027 });
  assert.deepEqual(stepPeriod("annual", { year: 2026 }, -1), { year: 2025 });
  assert.equal(stepPeriod("day", "2025-12-31", 1), "2026-01-01");
  assert.equal(stepPeriod("day", "2026-01-01", -1), "2025-12-31");
  assert.equal(stepPeriod("day", "2028-02-28", 1), "2028-02-29");
  assert.equal(stepPeriod("day", "2026-03-01", -1), "2026-02-28");
  assert.throws(() => stepPeriod("day", "2026-02-30", 1), RangeError);
  assert.throws(() => stepPeriod("day", "2026-05-20", 2 as 1), RangeError);
  assert.throws(() => stepPeriod("fortnight" as "day", "2026-05-20", 1), RangeError);
});

Deno.test("periodOf gives the current period after a type switch", () => {
  assert.deepEqual(periodOf("annual", "2025-12-29"), { year: 2025 });
  assert.deepEqual(periodOf("month", "2025-12-29"), { year: 2025, month: 12 });
  assert.deepEqual(periodOf("week", "2025-12-29"), { year: 2026, week: 1 }); // week-year differs
  assert.equal(periodOf("day", "2025-12-29"), "2025-12-29");
  assert.throws(() => periodOf("week", "29-12-2025"), RangeError);
});

Deno.test("periodStart and periodEnd bound each period", () => {
  assert.equal(periodStart("annual", { year: 2026 }), "2026-01-01");
  assert.equal(periodEnd("annual", { year: 2026 }), "2026-12-31");
  assert.equal(periodStart("month", { year: 2028, month: 2 }), "2028-02-01");
  assert.equal(periodEnd("month", { year: 2028, month: 2 }), "2028-02-29");
  assert.equal(periodEnd("month", { year: 2025, month: 12 }), "2025-12-31");
  assert.equal(periodStart("week", { year: 2026, week: 1 }), "2025-12-28");
  assert.equal(periodEnd("week", { year: 2026, week: 1 }), "2026-01-03");
  assert.equal(periodStart("day", "2026-05-20"), "2026-05-20");
  assert.equal(periodEnd("day", "2026-05-20"), "2026-05-20");
});

Deno.test("isFuturePeriod: a period is future when it starts after today", () => {
  const today = "2026-05-20"; // a Wednesday in 2026-W21
  assert.equal(isFuturePeriod("week", { year: 2026, week: 21 }, today), false);
  assert.equal(isFuturePeriod("week", { year: 2026, week: 22 }, today), true);
  assert.equal(isFuturePeriod("week", { year: 2026, week: 20 }, today), false);
  assert.equal(isFuturePeriod("month", { year: 2026, month: 5 }, today), false);
  assert.equal(isFuturePeriod("month", { year: 2026, month: 6 }, today), true);
  assert.equal(isFuturePeriod("annual", { year: 2026 }, today), false);
  assert.equal(isFuturePeriod("annual", { year: 2027 }, today), true);
  assert.equal(isFuturePeriod("day", "2026-05-20", today), false);
  assert.equal(isFuturePeriod("day", "2026-05-21", today), true);
  assert.throws(() => isFuturePeriod("day", "2026-05-21", "20-05-2026"), RangeError);
});

Deno.test("the next arrow is disabled when the next period lies in the future", () => {
  assert.equal(canStepForward("week", { year: 2026, week: 21 }, "2026-05-20"), false);
  assert.equal(canStepForward("week", { year: 2026, week: 20 }, "2026-05-20"), true);
  assert.equal(canStepForward("week", { year: 2026, week: 21 }, "2026-05-24"), true); // Sunday of week 22
  assert.equal(canStepForward("day", "2026-05-19", "2026-05-20"), true);
  assert.equal(canStepForward("day", "2026-05-20", "2026-05-20"), false);
  assert.equal(canStepForward("month", { year: 2026, month: 5 }, "2026-05-31"), false);
  assert.equal(canStepForward("month", { year: 2026, month: 5 }, "2026-06-01"), true);
  assert.equal(canStepForward("annual", { year: 2025 }, "2026-01-01"), true);
  assert.equal(canStepForward("annual", { year: 2026 }, "2026-12-31"), false);
  // 29 December 2025 already lies in 2026-W1: 2025-W52 can step into it, but not beyond.
  assert.equal(canStepForward("week", { year: 2025, week: 52 }, "2025-12-29"), true);
  assert.equal(canStepForward("week", { year: 2026, week: 1 }, "2025-12-29"), false);
  assert.equal(canStepForward("month", { year: 2025, month: 12 }, "2025-12-29"), false);
});

Deno.test("isPeriodType", () => {
  for (const t of ["annual", "month", "week", "day"]) assert.equal(isPeriodType(t), true);
  for (const t of ["monthly", "Week", "", null, 1]) assert.equal(isPeriodType(t), false);
});
