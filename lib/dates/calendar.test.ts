import assert from "node:assert/strict";
import { addDays, dayOfWeek, diffDays, isIsoDate, isoDate, utcDateOf } from "./calendar.ts";

Deno.test("isIsoDate accepts real YYYY-MM-DD dates only", () => {
  for (const ok of ["2026-01-01", "2028-02-29", "2025-12-31", "1999-07-04"]) {
    assert.equal(isIsoDate(ok), true, ok);
  }
  for (
    const bad of [
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "2026-1-1",
      "01-01-2026",
      "",
      "2026-01-01T00:00:00Z",
      " 2026-01-01",
      "0999-01-01",
      20260101,
      null,
    ]
  ) {
    assert.equal(isIsoDate(bad), false, String(bad));
  }
});

Deno.test("addDays crosses month, year and leap-day boundaries", () => {
  assert.equal(addDays("2025-12-31", 1), "2026-01-01");
  assert.equal(addDays("2026-01-01", -1), "2025-12-31");
  assert.equal(addDays("2028-02-28", 1), "2028-02-29");
  assert.equal(addDays("2026-02-28", 1), "2026-03-01");
  assert.equal(addDays("2026-03-08", 1), "2026-03-09"); // US DST change day: still one calendar day
  assert.equal(addDays("2026-05-17", 0), "2026-05-17");
  assert.equal(addDays("2026-05-17", 365), "2027-05-17");
  assert.throws(() => addDays("2026-05-17", 1.5), RangeError);
  assert.throws(() => addDays("2026-02-30", 1), RangeError);
});

Deno.test("dayOfWeek is 0 for Sunday .. 6 for Saturday", () => {
  assert.equal(dayOfWeek("2026-05-17"), 0);
  assert.equal(dayOfWeek("2026-05-23"), 6);
  assert.equal(dayOfWeek("2026-01-01"), 4);
  assert.equal(dayOfWeek("2028-01-01"), 6);
});

Deno.test("diffDays counts whole calendar days", () => {
  assert.equal(diffDays("2025-12-31", "2026-01-01"), 1);
  assert.equal(diffDays("2026-01-01", "2025-12-31"), -1);
  assert.equal(diffDays("2028-01-01", "2029-01-01"), 366);
  assert.equal(diffDays("2026-03-01", "2026-03-31"), 30);
});

Deno.test("isoDate builds and validates; utcDateOf takes the UTC date of an instant", () => {
  assert.equal(isoDate(2026, 5, 7), "2026-05-07");
  assert.throws(() => isoDate(2026, 2, 29), RangeError);
  assert.equal(utcDateOf(new Date("2026-01-01T23:59:59.999Z")), "2026-01-01");
  assert.equal(utcDateOf(new Date("2026-01-01T03:00:00+05:00")), "2025-12-31");
  assert.throws(() => utcDateOf(new Date("nope")), RangeError);
});
