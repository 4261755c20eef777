import assert from "node:assert/strict";
import { BUDGET_NUMBERS, budgetListQuery } from "./inputs.ts";

Deno.test("budget list query: paging defaults; month, year and station are optional and read from text", () => {
  const none = budgetListQuery.parse({});
  assert.deepEqual([none.page, none.page_size, none.month, none.year, none.station], [
    1,
    10,
    undefined,
    undefined,
    undefined,
  ]);
  const q = budgetListQuery.parse({ page: "2", page_size: "25", month: "11", year: "2026", station: "" });
  assert.deepEqual([q.page, q.page_size, q.month, q.year, q.station], [2, 25, 11, 2026, undefined]);
  assert.equal(budgetListQuery.safeParse({ month: "13" }).success, false);
  assert.equal(budgetListQuery.safeParse({ page_size: "1000" }).success, false);
});

Deno.test("the four budget numbers keep the spec's names and the table's order", () => {
  assert.deepEqual(BUDGET_NUMBERS.map((n) => n.key), [
    "budget_no_of_routes",
    "budget_no_of_deliveries",
    "budget_no_of_da",
    "budget_no_of_fleet",
  ]);
});
