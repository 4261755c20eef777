import assert from "node:assert/strict";
import { budgetDto } from "./dto.ts";

Deno.test("the budget DTO uses the spec's field names and carries the editable flag", () => {
  const row = {
    id: 4,
    stationId: 2,
    stationTitle: "Demo Station HYZ1",
    stationTag: "HYZ1",
    month: 11,
    year: 2026,
    routes: 30,
    deliveries: 5200,
    das: 32,
    fleet: 31,
  };
  assert.deepEqual(budgetDto(row, true), {
    id: 4,
    station: { id: 2, title: "Demo Station HYZ1", tag: "HYZ1" },
    month: 11,
    year: 2026,
    budget_no_of_routes: 30,
    budget_no_of_deliveries: 5200,
    budget_no_of_da: 32,
    budget_no_of_fleet: 31,
    editable: true,
  });
  assert.equal(budgetDto(row, false).editable, false);
});
