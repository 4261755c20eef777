import assert from "node:assert/strict";
import {
  budgetEditRefusal,
  isBudgetEditable,
  monthInputValue,
  monthOfDay,
  parseMonthInput,
  takenStations,
} from "./policy.ts";

Deno.test("a budget is editable only in its own month", () => {
  assert.deepEqual(monthOfDay("2026-05-31"), { year: 2026, month: 5 });
  assert.equal(isBudgetEditable({ month: 5, year: 2026 }, "2026-05-01"), true);
  assert.equal(isBudgetEditable({ month: 5, year: 2026 }, "2026-05-31"), true);
  assert.equal(isBudgetEditable({ month: 4, year: 2026 }, "2026-05-01"), false);
  assert.equal(isBudgetEditable({ month: 6, year: 2026 }, "2026-05-31"), false);
  assert.equal(isBudgetEditable({ month: 5, year: 2025 }, "2026-05-15"), false);
  assert.equal(budgetEditRefusal({ month: 5, year: 2026 }, "2026-05-15"), null);
  assert.equal(
    budgetEditRefusal({ month: 4, year: 2026 }, "2026-05-15"),
    "Only budgets of the current month (May 2026) can be changed; this one is for Apr 2026.",
  );
});

Deno.test("the Add dialog disables stations with a budget for the chosen month", () => {
  const budgets = [
    { station: { id: 1 }, month: 5, year: 2026 },
    { station: { id: 2 }, month: 4, year: 2026 },
    { station: { id: 3 }, month: 5, year: 2025 },
  ];
  assert.deepEqual([...takenStations(budgets, { month: 5, year: 2026 })], [1]);
  assert.deepEqual([...takenStations(budgets, { month: 4, year: 2026 })], [2]);
  assert.deepEqual([...takenStations(budgets, { month: 6, year: 2026 })], []);
});

Deno.test("month input values", () => {
  assert.deepEqual(parseMonthInput("2026-05"), { year: 2026, month: 5 });
  assert.equal(parseMonthInput("2026-13"), null);
  assert.equal(parseMonthInput("2026-5"), null);
  assert.equal(parseMonthInput(""), null);
  assert.equal(monthInputValue({ year: 2026, month: 5 }), "2026-05");
});
