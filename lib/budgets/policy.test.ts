import assert from "node:assert/strict";
import {
  budgetCountsFor,
  budgetEditRefusal,
  isBudgetEditable,
  isCurrentMonth,
  monthIndex,
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
  const may = { month: 5, year: 2026 };
  assert.deepEqual(
    [...takenStations(budgets, { month: 4, year: 2026 }, may)],
    [2],
    "a past month: that month",
  );
  assert.deepEqual(
    [...takenStations(budgets, { month: 6, year: 2026 }, may)],
    [],
    "a future month: that month",
  );
  assert.deepEqual([...takenStations(budgets, { month: 6, year: 2026 }, { month: 6, year: 2026 })], [
    1,
    2,
    3,
  ]);
});

Deno.test("for the current month, any budget up to the current month counts (02 section 5)", () => {
  const budgets = [
    { station: { id: 1 }, month: 5, year: 2026 },
    { station: { id: 2 }, month: 4, year: 2026 },
    { station: { id: 3 }, month: 12, year: 2025 },
    { station: { id: 4 }, month: 6, year: 2026 },
  ];
  const may = { month: 5, year: 2026 };
  assert.deepEqual([...takenStations(budgets, may, may)], [1, 2, 3], "a later month's budget does not count");
  assert.equal(budgetCountsFor({ month: 12, year: 2025 }, may, may), true, "across the year too");
  assert.equal(budgetCountsFor({ month: 6, year: 2026 }, may, may), false);
  assert.equal(budgetCountsFor({ month: 4, year: 2026 }, { month: 6, year: 2026 }, may), false);
  assert.equal(budgetCountsFor({ month: 6, year: 2026 }, { month: 6, year: 2026 }, may), true);
  assert.equal(isCurrentMonth(may, may), true);
  assert.equal(monthIndex({ month: 1, year: 2026 }) - monthIndex({ month: 12, year: 2025 }), 1);
});

Deno.test("month input values", () => {
  assert.deepEqual(parseMonthInput("2026-05"), { year: 2026, month: 5 });
  assert.equal(parseMonthInput("2026-13"), null);
  assert.equal(parseMonthInput("2026-5"), null);
  assert.equal(parseMonthInput(""), null);
  assert.equal(monthInputValue({ year: 2026, month: 5 }), "2026-05");
});
