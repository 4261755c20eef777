import assert from "node:assert/strict";
import {
  deliveriesOk,
  missingOk,
  percent,
  resolvePeriod,
  returnsOk,
  routesOk,
  scannersOk,
  trendBuckets,
} from "./calc.ts";
import { periodQuery, trendQuery } from "./inputs.ts";
import { scopeStations } from "./policy.ts";
import { weekNumberOf } from "./week-number.ts";

const period = (o: Record<string, string>) => resolvePeriod(periodQuery.parse(o));

Deno.test("resolvePeriod: the finest part named decides; the period before wraps months and weeks", () => {
  assert.deepEqual(period({ day: "2031-03-01" }), {
    type: "day",
    from: "2031-03-01",
    to: "2031-03-01",
    prevFrom: "2031-02-28",
    prevTo: "2031-02-28",
  });
  const jan = period({ year: "2031", month: "1" });
  assert.deepEqual([jan.from, jan.to, jan.prevFrom, jan.prevTo], [
    "2031-01-01",
    "2031-01-31",
    "2030-12-01",
    "2030-12-31",
  ]);
  const w1 = period({ year: "2031", week: "0" });
  assert.equal(w1.type, "week");
  assert.equal(w1.from, "2030-12-29", "week 1 of 2031 starts on the Sunday before 1 January");
  assert.equal(w1.prevFrom, "2030-12-22", "week 1 steps back to the last week of 2030");
  const y = period({ year: "2030" });
  assert.deepEqual([y.type, y.from, y.to, y.prevFrom], ["annual", "2030-01-01", "2030-12-31", "2029-01-01"]);
});

Deno.test("periodQuery: a year or a day; a month or a week, not both; stations joined by '_'", () => {
  assert.equal(periodQuery.safeParse({}).success, false);
  assert.equal(periodQuery.safeParse({ year: "2031", month: "2", week: "3" }).success, false);
  assert.equal(periodQuery.safeParse({ year: "2031", week: "53" }).success, false);
  assert.equal(periodQuery.safeParse({ day: "2031-02-30" }).success, false);
  assert.deepEqual(periodQuery.parse({ year: "2031", stations: "2_1_2" }).stations, [2, 1]);
  assert.equal(periodQuery.safeParse({ year: "2031", stations: "1_x" }).success, false);
});

Deno.test("trendBuckets: days, weeks (zero-based in, shown +1) and months within the range", () => {
  const days = trendBuckets(
    trendQuery.parse({ type: "day", start_date: "2031-02-27", end_date: "2031-03-01" }),
  );
  assert.deepEqual(days.map((d) => d.label), ["27-02-2031", "28-02-2031", "01-03-2031"]);
  const weeks = trendBuckets(trendQuery.parse({ type: "week", year: "2031", week_range: "0_1" }));
  assert.deepEqual(weeks.map((w) => [w.label, w.from, w.to]), [
    ["W1", "2030-12-29", "2031-01-04"],
    ["W2", "2031-01-05", "2031-01-11"],
  ]);
  const months = trendBuckets(trendQuery.parse({ type: "month", year: "2031" }));
  assert.equal(months.length, 12);
  assert.deepEqual([months[1].label, months[1].to], ["Feb", "2031-02-28"]);
  assert.equal(trendQuery.safeParse({ type: "month", year: "2031", month_range: "5_2" }).success, false);
  assert.equal(trendQuery.safeParse({ type: "day", start_date: "2031-01-01" }).success, false);
});

Deno.test("card colours of 01 section 4", () => {
  assert.deepEqual([routesOk(100), routesOk(100.01), routesOk(null)], [false, true, null], "above 100");
  assert.deepEqual([deliveriesOk(10, 10), deliveriesOk(10, 11), deliveriesOk(11, 10)], [true, true, false]);
  assert.deepEqual([scannersOk(90), scannersOk(89.99), scannersOk(null)], [true, false, null], "at least 90");
  assert.deepEqual([returnsOk(0.5), returnsOk(0.51), returnsOk(null)], [true, false, null], "at most 0.5 %");
  assert.deepEqual([missingOk(5, 5), missingOk(5, 4), missingOk(4, 5)], [true, true, false]);
  assert.deepEqual([percent(1, 4), percent(1, 0)], [25, null]);
});

Deno.test("scopeStations: none asked = all mine; another's is refused by code", () => {
  assert.deepEqual(scopeStations([], [1, 2]), [1, 2]);
  assert.deepEqual(scopeStations([2], [1, 2]), [2]);
  assert.throws(
    () => scopeStations([2, 3], [1, 2]),
    (e: Error & { code?: string }) => e.code === "dashboard.station_not_yours",
  );
});

Deno.test("weekNumberOf: zero-based, defaulting to yesterday in the zone", () => {
  assert.deepEqual(weekNumberOf("2031-01-01", "UTC"), { date: "2031-01-01", week_number: 0, year: 2031 });
  assert.deepEqual(weekNumberOf(undefined, "UTC", new Date("2031-01-05T12:00:00Z")).date, "2031-01-04");
});
