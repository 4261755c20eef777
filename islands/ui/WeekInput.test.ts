import assert from "node:assert/strict";
import { shiftWeek, weekLabel } from "./WeekInput.tsx";

Deno.test("a week reads 'week N, year', N shown +1 from the stored zero-based week", () => {
  assert.equal(weekLabel({ year: 2026, week: 4 }), "week 5, 2026");
  assert.equal(weekLabel({ year: 2028, week: 52 }), "week 53, 2028");
});

Deno.test("WeekInput steps zero-based weeks, wrapping 52 -> 1 with the year (53 where a year has it)", () => {
  assert.deepEqual(shiftWeek({ year: 2026, week: 51 }, 1), { year: 2027, week: 0 }, "2026-W52 -> 2027-W1");
  assert.deepEqual(shiftWeek({ year: 2027, week: 0 }, -1), { year: 2026, week: 51 });
  assert.deepEqual(shiftWeek({ year: 2028, week: 51 }, 1), { year: 2028, week: 52 }, "2028 has a week 53");
  assert.deepEqual(shiftWeek({ year: 2029, week: 0 }, -1), { year: 2028, week: 52 });
  assert.deepEqual(shiftWeek({ year: 2026, week: 10 }, 3), { year: 2026, week: 13 });
  assert.deepEqual(shiftWeek({ year: 2026, week: 10 }, 0), { year: 2026, week: 10 });
});
