import assert from "node:assert/strict";
import { SCHEDULE_ROLES, ScheduleRole, scheduleRole, scheduleRoleName } from "./roles.ts";

Deno.test("the schedule-role table is 02 section 6: 18 roles, ids 0-17 in order", () => {
  assert.deepEqual(SCHEDULE_ROLES.map((r) => r.id), [...Array(18).keys()]);
  assert.equal(scheduleRole(ScheduleRole.Standard)?.baseHours, 10);
  assert.equal(scheduleRole(ScheduleRole.Dispatcher)?.baseHours, 12);
  assert.equal(scheduleRole(ScheduleRole.Dispatcher)?.flexible, true);
  assert.equal(scheduleRole(ScheduleRole.Standby)?.flexible, false);
  assert.equal(scheduleRoleName(16), "Rejected");
  assert.equal(scheduleRoleName(null), "");
  assert.equal(scheduleRole(18), undefined);
});
