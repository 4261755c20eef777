import assert from "node:assert/strict";
import { boardListQuery, duplicateQuery } from "./inputs.ts";

Deno.test("board query: defaults, and empty parameters mean 'not set'", () => {
  const q = boardListQuery.parse({ station: "", driver: "", week_number: "", missing: "" });
  assert.equal(q.page, 1);
  assert.equal(q.page_size, 10);
  assert.equal(q.station, undefined);
  assert.equal(q.driver, undefined);
  assert.equal(q.week_number, undefined);
  assert.equal(q.missing, undefined);
});

Deno.test("board query: numbers, dates and flags are read from the query string", () => {
  const q = boardListQuery.parse({
    page: "2",
    page_size: "25",
    station: "3",
    created_by: "12",
    date_shift: "2026-05-17",
    month: "5",
    year: "2026",
    week_number: "21",
    missing: "true",
    fleet_number: " 104 ",
  });
  assert.deepEqual(
    [
      q.page,
      q.page_size,
      q.station,
      q.created_by,
      q.date_shift,
      q.month,
      q.year,
      q.week_number,
      q.missing,
      q.fleet_number,
    ],
    [2, 25, 3, 12, "2026-05-17", 5, 2026, 21, "true", "104"],
  );
});

Deno.test("board query: bad values are refused with a message naming the field", () => {
  const issues = (o: Record<string, string>) => {
    const r = boardListQuery.safeParse(o);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };
  assert.deepEqual(issues({ page_size: "20" }), ["page_size: Must be 10, 25, 50 or 100"]);
  assert.deepEqual(issues({ week_number: "54" }), ["week_number: Use a week from 1 to 53"]);
  assert.deepEqual(issues({ month: "13" }), ["month: Use 1 to 12"]);
  assert.deepEqual(issues({ station: "x" }), ["station: Not a station id"]);
  assert.deepEqual(issues({ date_shift: "17-05-2026" }), ["date_shift: Use YYYY-MM-DD"]);
  assert.deepEqual(issues({ missing: "yes" }), ["missing: Use true or false"]);
  assert.deepEqual(issues({ date_from: "2026-05-20", date_to: "2026-05-10" }), [
    "date_to: Must be on or after the 'from' date",
  ]);
});

Deno.test("duplicate look-up needs a date", () => {
  assert.equal(duplicateQuery.safeParse({}).success, false);
  assert.equal(duplicateQuery.safeParse({ date: "2026-13-01" }).success, false);
  assert.deepEqual(duplicateQuery.parse({ date: "2026-05-17" }), { date: "2026-05-17" });
});
