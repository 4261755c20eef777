import assert from "node:assert/strict";
import {
  canCopy,
  dayEditable,
  type DayEntry,
  helperCandidates,
  normaliseDraft,
  publishRefusal,
  type ReportDraft,
  reportRefusal,
  requestRefusal,
  roleOptions,
  startTimeOrDefault,
  takenStaffRoles,
} from "./policy.ts";
import { SCHEDULE } from "./errors.ts";

const TODAY = "2026-11-24"; // a Tuesday
const driver = (userId: number, role: number | null, helperOfId: number | null = null): DayEntry => ({
  userId,
  userRole: 5,
  role,
  isAvailable: role !== null,
  helperOfId,
});
const draft = (over: Partial<ReportDraft> = {}): ReportDraft => ({
  date: TODAY,
  user_id: 1,
  is_available: true,
  role: 0,
  role_hours: null,
  helper_of: null,
  shift_start_time: "09:00",
  ...over,
});
const refuse = (d: Partial<ReportDraft>, day: DayEntry[] = [], viewerRole = 3) =>
  reportRefusal(normaliseDraft(draft(d)), { today: TODAY, viewerRole, day });

Deno.test("past days are closed; the Owner (role 4) alone may change yesterday", () => {
  assert.equal(dayEditable(TODAY, TODAY, 2), true);
  assert.equal(dayEditable("2026-11-30", TODAY, 3), true);
  assert.equal(dayEditable("2026-11-23", TODAY, 3), false);
  assert.equal(dayEditable("2026-11-23", TODAY, 4), true);
  assert.equal(dayEditable("2026-11-22", TODAY, 4), false);
  assert.equal(refuse({ date: "2026-11-23" }), SCHEDULE.pastDay);
  assert.equal(refuse({ date: "2026-11-23" }, [], 4), null);
});

Deno.test("available needs a start time; a role needs the person available", () => {
  assert.equal(refuse({ shift_start_time: null }), SCHEDULE.startTimeRequired);
  assert.equal(refuse({ is_available: false, role: null, shift_start_time: null }), null);
  assert.equal(
    reportRefusal(draft({ is_available: false }), { today: TODAY, viewerRole: 3, day: [] }),
    SCHEDULE.roleNeedsAvailable,
  );
  assert.equal(startTimeOrDefault(null), "09:00");
  assert.equal(startTimeOrDefault("07:30:00"), "07:30");
});

Deno.test("hours are required for roles 6, 8, 10 and 14 (1 has its fixed base hours)", () => {
  for (const role of [6, 8, 10, 14]) {
    assert.equal(refuse({ role, role_hours: null }), SCHEDULE.hoursRequired, `role ${role}`);
    assert.equal(refuse({ role, role_hours: 0 }), SCHEDULE.hoursRequired, `role ${role} with 0`);
    assert.equal(refuse({ role, role_hours: 5 }), null, `role ${role} with 5`);
  }
  assert.equal(refuse({ role: 1 }), null, "No Show is not flexible: its hours are its base 0");
  assert.equal(refuse({ role: 2, role_hours: null }), null, "Rescue falls back on its base hours");
});

Deno.test("staff roles are unique per date and station", () => {
  const day = [{ ...driver(7, 9), userRole: 1 }, driver(8, 0)];
  assert.deepEqual([...takenStaffRoles(day, 1)], [9]);
  assert.deepEqual([...takenStaffRoles(day, 7)], [], "one's own role is not taken from oneself");
  assert.equal(refuse({ role: 9, role_hours: 12 }, day), SCHEDULE.roleTaken);
  assert.equal(refuse({ user_id: 7, role: 9, role_hours: 12 }, day), null);
  assert.equal(refuse({ role: 0 }, [driver(8, 0), driver(9, 0)]), null, "Standard is not unique");
  const opts = roleOptions(day, 1, null);
  assert.equal(opts.find((o) => o.id === 9)!.refusal, SCHEDULE.roleTaken);
  assert.equal(opts.find((o) => o.id === 10)!.refusal, null);
});

Deno.test("helpers: need helper_of, a driver on Standard or Flex whom nobody else helps", () => {
  const day = [driver(2, 0), driver(3, 8), driver(4, 2), { ...driver(5, 0), userRole: 2 }, driver(6, 13, 3)];
  assert.deepEqual(
    helperCandidates(day, 1).map((e) => e.userId),
    [2],
    "3 is helped by 6; 4 is Rescue; 5 no driver",
  );
  assert.deepEqual(helperCandidates(day, 6).map((e) => e.userId), [2, 3], "6's own link does not exclude 3");
  assert.deepEqual(helperCandidates(day, 2).map((e) => e.userId), [], "nobody helps themself");
  assert.equal(refuse({ role: 13 }, day), SCHEDULE.helperOfRequired);
  assert.equal(refuse({ role: 13, helper_of: 3 }, day), SCHEDULE.helperOfNotCandidate);
  assert.equal(refuse({ role: 13, helper_of: 4 }, day), SCHEDULE.helperOfNotCandidate);
  assert.equal(refuse({ role: 13, helper_of: 2 }, day), null);
  assert.equal(refuse({ user_id: 6, role: 13, helper_of: 3 }, day), null);
});

Deno.test("a helper cannot take the helped person's role; other roles clear helper_of", () => {
  const day = [driver(2, 0)];
  assert.equal(roleOptions(day, 1, 2).find((o) => o.id === 0)!.refusal, SCHEDULE.helperSameRole);
  assert.equal(roleOptions(day, 1, 2).find((o) => o.id === 13)!.refusal, null);
  assert.equal(normaliseDraft(draft({ role: 0, helper_of: 2 })).helper_of, null);
  assert.equal(normaliseDraft(draft({ role: 13, helper_of: 2 })).helper_of, 2);
  const off = normaliseDraft(draft({ is_available: false, role: null, role_hours: 4 }));
  assert.deepEqual([off.role, off.role_hours, off.shift_start_time], [null, null, null]);
  assert.equal(refuse({ is_available: false, role: 2 }), SCHEDULE.roleNeedsAvailable, "refused, not dropped");
  assert.equal(normaliseDraft(draft({ role: 0, role_hours: 4 })).role_hours, null, "hours of a fixed role");
});

Deno.test("copy is disabled for a helper with a link", () => {
  assert.equal(canCopy({ role: 13, helperOfId: 2 }), false);
  assert.equal(canCopy({ role: 13, helperOfId: null }), true);
  assert.equal(canCopy({ role: 0, helperOfId: null }), true);
  assert.equal(canCopy(null), false);
});

Deno.test("availability requests: future weeks only and someone chosen", () => {
  assert.equal(requestRefusal("2026-11-22", TODAY, 3), SCHEDULE.requestWeekNotFuture, "current week");
  assert.equal(requestRefusal("2026-11-15", TODAY, 3), SCHEDULE.requestWeekNotFuture, "past week");
  assert.equal(requestRefusal("2026-11-29", TODAY, 0), SCHEDULE.noPeople);
  assert.equal(requestRefusal("2026-11-29", TODAY, 2), null);
});

Deno.test("publish: not a past week, not without data, not when every entry is past", () => {
  assert.equal(publishRefusal("2026-11-21", TODAY, ["2026-11-20"]), SCHEDULE.publishPastWeek);
  assert.equal(publishRefusal("2026-11-28", TODAY, []), SCHEDULE.publishNoData);
  assert.equal(publishRefusal("2026-11-28", TODAY, ["2026-11-22", "2026-11-23"]), SCHEDULE.publishAllPast);
  assert.equal(publishRefusal("2026-11-28", TODAY, ["2026-11-22", TODAY]), null);
});
