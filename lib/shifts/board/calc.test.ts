import assert from "node:assert/strict";
import { activeFilterCount, digitsOnly, reportDateLabel, weekLabel } from "./calc.ts";

Deno.test("the week column shows the stored week +1 with two digits", () => {
  assert.equal(weekLabel(0), "01");
  assert.equal(weekLabel(8), "09");
  assert.equal(weekLabel(46), "47");
  assert.equal(weekLabel(52), "53");
});

Deno.test("the report date shows its weekday and DD-MM-YYYY", () => {
  assert.equal(reportDateLabel("2026-11-22"), "Sun 22-11-2026");
  assert.equal(reportDateLabel("2026-05-18"), "Mon 18-05-2026");
  assert.equal(reportDateLabel("2028-02-29"), "Tue 29-02-2028");
});

Deno.test("the filter badge counts set filters; missing only when true; page and size never", () => {
  assert.equal(activeFilterCount({}), 0);
  assert.equal(activeFilterCount({ page: "3", page_size: "50", station: "", missing: "false" }), 0);
  assert.equal(activeFilterCount({ station: "1", missing: "true", driver: "7", week_number: "21" }), 4);
  assert.equal(activeFilterCount({ date_from: "2026-01-01", date_to: "2026-01-31", rabbit_number: "R1" }), 3);
});

Deno.test("digits only: typing and pasting keep digits", () => {
  assert.equal(digitsOnly("12a3"), "123");
  assert.equal(digitsOnly(" 4,500 "), "4500");
  assert.equal(digitsOnly("-1.5e3"), "153");
  assert.equal(digitsOnly(""), "");
});
