import assert from "node:assert/strict";
import { compareMonths, shiftMonth } from "./MonthStepper.tsx";

Deno.test("stepping months crosses year ends both ways", () => {
  assert.deepEqual(shiftMonth({ year: 2026, month: 12 }, 1), { year: 2027, month: 1 });
  assert.deepEqual(shiftMonth({ year: 2026, month: 1 }, -1), { year: 2025, month: 12 });
  assert.deepEqual(shiftMonth({ year: 2026, month: 5 }, -17), { year: 2024, month: 12 });
  assert.deepEqual(shiftMonth({ year: 2026, month: 5 }, 0), { year: 2026, month: 5 });
});

Deno.test("months compare by year then month", () => {
  assert.ok(compareMonths({ year: 2026, month: 12 }, { year: 2027, month: 1 }) < 0);
  assert.ok(compareMonths({ year: 2027, month: 1 }, { year: 2026, month: 12 }) > 0);
  assert.equal(compareMonths({ year: 2026, month: 3 }, { year: 2026, month: 3 }), 0);
});
