import assert from "node:assert/strict";
import {
  actualTotal,
  commentTone,
  differenceTone,
  falconRows,
  isPlanEditable,
  planCells,
  planEditRefusal,
  routeHours,
  toggleMatch,
  vanSizeKey,
} from "./calc.ts";
import { canStepFalcon, falconInitialPick, stepFalcon } from "./calc-period.ts";
import { columnsOf, resolveFalconPeriod } from "./queries.ts";
import type { StandardItemDto } from "./dto.ts";

// Friday 27-11-2026 is in week 48 of 2026 (22-11..28-11); 2026 has 52 weeks, 2027-W1 starts 27-12-2026.
const TODAY = "2026-11-27";

Deno.test("a plan is editable for the current and later weeks of the current year only", () => {
  assert.equal(isPlanEditable("2026-11-22", TODAY), true, "Sunday of the current week (before today)");
  assert.equal(isPlanEditable("2026-11-28", TODAY), true);
  assert.equal(isPlanEditable("2026-12-26", TODAY), true, "week 52, the last of 2026");
  assert.equal(isPlanEditable("2026-11-21", TODAY), false, "Saturday of last week");
  assert.equal(isPlanEditable("2026-12-27", TODAY), false, "week 1 of 2027: another year");
  assert.equal(isPlanEditable("2025-12-01", TODAY), false);
  assert.equal(planEditRefusal("2026-11-23", TODAY), null);
  assert.match(planEditRefusal("2026-11-14", TODAY)!, /week 48 on.*14-11-2026 is in week 46 of 2026/);
});

Deno.test("difference: green when actual >= plan, else red; no plan, no colour", () => {
  assert.equal(differenceTone(10, 10), "green");
  assert.equal(differenceTone(10, 11), "green");
  assert.equal(differenceTone(10, 9), "red");
  assert.equal(differenceTone(0, 0), "green");
  assert.equal(differenceTone(null, 5), "none");
});

Deno.test("comment colours: yes green, no red, a comment without a flag blue, none gray; toggles exclusive", () => {
  assert.equal(commentTone({ report_comment: "ok", is_match: 1 }), "green");
  assert.equal(commentTone({ report_comment: "", is_match: 2 }), "red");
  assert.equal(commentTone({ report_comment: "a note", is_match: 0 }), "blue");
  assert.equal(commentTone({ report_comment: "  ", is_match: 0 }), "gray");
  assert.equal(commentTone(undefined), "gray");
  assert.equal(toggleMatch(0, 1), 1);
  assert.equal(toggleMatch(1, 2), 2, "No replaces Yes");
  assert.equal(toggleMatch(2, 2), 0, "pressing the flag set clears it");
});

const item = (o: Partial<StandardItemDto>): StandardItemDto => ({
  role: 0,
  routes: 1,
  van__fleet_size: null,
  cancelled_fleet_size: null,
  role_hours: null,
  report_date: "2026-11-23",
  ...o,
});

Deno.test("actual total counts roles 0 and 8 only; hours default 10 for Standard", () => {
  const items = [
    item({ role: 0, routes: 3 }),
    item({ role: 8, routes: 2, role_hours: 6 }),
    item({ role: 4, routes: 5 }),
    item({ role: 7, routes: 1 }),
    item({ role: 2, routes: 1 }),
  ];
  assert.equal(actualTotal(items), 5);
  assert.equal(routeHours(item({ role: 0 })), 10);
  assert.equal(routeHours(item({ role: 8, role_hours: 6 })), 6);
  assert.equal(vanSizeKey(5), "cargo");
  assert.equal(vanSizeKey(6), "medium");
  assert.equal(vanSizeKey(4), "other");
  assert.equal(vanSizeKey(null), "other");
});

Deno.test("rows by role, van size and hours land in their columns", () => {
  const date_list = [{ key: "2026-11-23", date: "2026-11-23", day: "Mon" }, {
    key: "2026-11-24",
    date: "2026-11-24",
    day: "Tue",
  }];
  const standard_list = [
    item({ role: 0, routes: 3, van__fleet_size: 1 }),
    item({ role: 0, routes: 1, van__fleet_size: 5, report_date: "2026-11-24" }),
    item({ role: 8, routes: 2, van__fleet_size: 6, role_hours: 6, report_date: "2026-11-24" }),
    item({ role: 7, routes: 1, cancelled_fleet_size: 3 }),
  ];
  const rows = Object.fromEntries(falconRows({ date_list, standard_list }).map((r) => [r.key, r]));
  assert.deepEqual(rows.actual.cells, [3, 3]);
  assert.deepEqual(rows["role-8"].cells, [0, 2]);
  assert.deepEqual(rows["role-7"].cells, [1, 0]);
  assert.deepEqual(rows["van-cargo"].cells, [3, 1]);
  assert.deepEqual(rows["van-medium"].cells, [0, 2]);
  assert.deepEqual(rows["cancelled-cube"].cells, [1, 0]);
  assert.deepEqual(rows["hours-10"].cells, [3, 1]);
  assert.deepEqual(rows["hours-6"].cells, [0, 2]);
  assert.equal(rows["hours-total"].total, 4 * 10 + 2 * 6);
  assert.deepEqual(
    planCells({ date_list, plan_list: [{ report_date: "2026-11-24", number_of_routes: 4 }] }),
    [null, 4],
  );
});

Deno.test("periods: annual columns are the year's weeks, a month's are its days", () => {
  const year = resolveFalconPeriod({ station: 1, year: 2026 });
  assert.deepEqual([year.from, year.to], ["2025-12-28", "2026-12-26"]);
  assert.equal(columnsOf(year).length, 52);
  const month = resolveFalconPeriod({ station: 1, year: 2026, month: 2 });
  assert.equal(columnsOf(month).length, 28);
  const week = resolveFalconPeriod({ station: 1, year: 2026, week: 47 });
  assert.deepEqual(columnsOf(week).map((c) => c.day), ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  assert.equal(week.from, "2026-11-22");
});

Deno.test("stepping: weeks go on to the last week of this year; other views stop at today's period", () => {
  const week = { type: "week" as const, date: "2026-12-13" };
  assert.equal(canStepFalcon(week, TODAY), true, "week 51 steps into the future");
  assert.equal(stepFalcon(week, 1, TODAY).date, "2026-12-20");
  assert.equal(canStepFalcon({ type: "week", date: "2026-12-26" }, TODAY), false, "week 52 is the last");
  assert.equal(canStepFalcon({ type: "month", date: "2026-11-01" }, TODAY), false);
  assert.equal(canStepFalcon({ type: "day", date: TODAY }, TODAY), false);
  assert.equal(stepFalcon({ type: "week", date: "2026-01-01" }, -1, TODAY).date, "2025-12-21");
  assert.equal(falconInitialPick("week", "2026-12-01", TODAY, TODAY).date, "2026-12-01");
  assert.equal(falconInitialPick("month", "2026-12-01", TODAY, TODAY).date, TODAY);
});
