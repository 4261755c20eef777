import assert from "node:assert/strict";
import { countColour, nextOrdering, searchRows, sortRows, trackerPeriod } from "./calc.ts";
import type { TrackerRowDto } from "./dto.ts";

const row = (o: Partial<TrackerRowDto>): TrackerRowDto => ({
  id: 1,
  name: "Ann Lee",
  badge: null,
  transporter_id: "A1B2",
  availability_count: 0,
  actual_shifts: 0,
  confirmed: 0,
  rejected: 0,
  client_cancelled: 0,
  mycu_cancelled: 0,
  ...o,
});

Deno.test("colours: availability and shifts green at 4+, confirmed = shifts, refusals 0/1/2+", () => {
  assert.equal(countColour("availability_count", row({ availability_count: 3 })), "red");
  assert.equal(countColour("availability_count", row({ availability_count: 4 })), "green");
  assert.equal(countColour("actual_shifts", row({ actual_shifts: 3 })), "red");
  assert.equal(countColour("actual_shifts", row({ actual_shifts: 9 })), "green");
  assert.equal(countColour("confirmed", row({ actual_shifts: 5, confirmed: 5 })), "green");
  assert.equal(countColour("confirmed", row({ actual_shifts: 5, confirmed: 4 })), "red");
  assert.equal(countColour("confirmed", row({ actual_shifts: 0, confirmed: 0 })), "green");
  for (const f of ["rejected", "client_cancelled", "mycu_cancelled"] as const) {
    assert.equal(countColour(f, row({ [f]: 0 })), "green", f);
    assert.equal(countColour(f, row({ [f]: 1 })), "yellow", f);
    assert.equal(countColour(f, row({ [f]: 2 })), "red", f);
    assert.equal(countColour(f, row({ [f]: 7 })), "red", f);
  }
});

Deno.test("periods: a year, a month, a zero-based week", () => {
  assert.deepEqual(trackerPeriod(2026), { from: "2026-01-01", to: "2026-12-31" });
  assert.deepEqual(trackerPeriod(2026, 2), { from: "2026-02-01", to: "2026-02-28" });
  assert.deepEqual(trackerPeriod(2026, null, 20), { from: "2026-05-17", to: "2026-05-23" });
  assert.deepEqual(trackerPeriod(2026, null, 0), { from: "2025-12-28", to: "2026-01-03" });
});

Deno.test("search by name or transporter id, any case; sorting flips on the active column", () => {
  const rows = [
    row({ id: 3, name: "Cid Moe", transporter_id: "ZZ9", actual_shifts: 2 }),
    row({ id: 1, name: "ann lee", transporter_id: "AB1", actual_shifts: 5 }),
    row({ id: 2, name: "Bo Ray", transporter_id: null, actual_shifts: 2 }),
  ];
  assert.deepEqual(searchRows(rows, "ANN").map((r) => r.id), [1]);
  assert.deepEqual(searchRows(rows, "zz").map((r) => r.id), [3]);
  assert.deepEqual(searchRows(rows, " ").map((r) => r.id), [3, 1, 2]);
  assert.deepEqual(sortRows(rows, "created").map((r) => r.id), [1, 2, 3]);
  assert.deepEqual(sortRows(rows, "-actual_shifts").map((r) => r.id), [1, 2, 3], "ties by id");
  assert.deepEqual(sortRows(rows, "actual_shifts").map((r) => r.id), [2, 3, 1]);
  assert.deepEqual(sortRows(rows, "-name").map((r) => r.id), [3, 2, 1]);
  assert.equal(nextOrdering("created", "rejected"), "rejected");
  assert.equal(nextOrdering("rejected", "rejected"), "-rejected");
  assert.equal(nextOrdering("-rejected", "rejected"), "rejected");
});
