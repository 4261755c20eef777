import assert from "node:assert/strict";
import { confirmedMessageQuery, getReportsQuery, reportInput, requestMessageQuery } from "./inputs.ts";

Deno.test("get_reports: zero-based week, year, optional filters; week 52 only in 53-week years", () => {
  const q = getReportsQuery.parse({ week: "0", year: "2026", station: "2", status: "1", role: "5" });
  assert.deepEqual([q.week, q.year, q.station, q.status, q.role, q.ordering], [0, 2026, 2, 1, 5, "-role"]);
  assert.equal(getReportsQuery.safeParse({ week: "52", year: "2026" }).success, false);
  assert.equal(getReportsQuery.safeParse({ week: "52", year: "2028" }).success, true);
  assert.equal(getReportsQuery.safeParse({ week: "-1", year: "2026" }).success, false);
  assert.equal(getReportsQuery.safeParse({ week: "1", year: "2026", ordering: "badge" }).success, false);
});

Deno.test("create_or_update_report: hours, times and roles are checked; blanks mean none", () => {
  const base = { date: "2026-11-24", user_id: 3, station: 1, is_available: true };
  const r = reportInput.parse({ ...base, role: 2, role_hours: "4.5", shift_start_time: "07:30:00" });
  assert.deepEqual([r.role, r.role_hours, r.shift_start_time, r.helper_of], [2, 4.5, "07:30", null]);
  const blank = reportInput.parse({ ...base, role_hours: "", shift_start_time: "" });
  assert.deepEqual([blank.role, blank.role_hours, blank.shift_start_time], [null, null, null]);
  for (
    const bad of [{ role: 18 }, { role_hours: 25 }, { role_hours: 1.234 }, { shift_start_time: "25:00" }]
  ) {
    assert.equal(reportInput.safeParse({ ...base, ...bad }).success, false, JSON.stringify(bad));
  }
  assert.equal(reportInput.parse({ ...base, role_hours: 0.29 }).role_hours, 0.29);
});

Deno.test("message queries: underscore-joined ids, empty is none", () => {
  const r = requestMessageQuery.parse({ user_id_list: "3_7_3", week_date: "2026-12-01" });
  assert.deepEqual(r.user_id_list, [3, 7]);
  assert.deepEqual(
    confirmedMessageQuery.parse({ station_id: "1", week_date: "2026-12-01" }).user_id_list,
    [],
  );
  assert.equal(
    requestMessageQuery.safeParse({ user_id_list: "3,7", week_date: "2026-12-01" }).success,
    false,
  );
  assert.equal(confirmedMessageQuery.safeParse({ week_date: "2026-12-01" }).success, false, "station_id");
});
