import assert from "node:assert/strict";
import { ScheduleRole } from "../../schedule/roles.ts";
import { ShiftRole } from "../../shifts/roles.ts";
import { DemoRng } from "./random.ts";
import {
  availabilityDay,
  dayFromRecords,
  MAX_DAYS_A_WEEK,
  plannedDay,
  staffDay,
  type StaffPlan,
} from "./schedule-days.ts";

const at = { date: "2026-11-24", stationId: 1 }; // a Tuesday
const das = Array.from({ length: 40 }, (_, i) => i + 1);
const rec = (driverId: number, role: number, over: Record<string, unknown> = {}) => ({
  driverId,
  secondDriverId: null,
  role,
  roleHours: role === ShiftRole.Flex ? "8.00" : "10.00",
  waveTime: "Wave 3",
  ...over,
});

Deno.test("a history day keeps each record's role in schedule terms, and a DA 2 helps the driver", () => {
  const day = dayFromRecords(new DemoRng(1), das, [
    rec(1, ShiftRole.Standard, { secondDriverId: 2 }),
    rec(3, ShiftRole.Flex),
    rec(4, ShiftRole.MycuCancelled, { roleHours: "0.00", waveTime: null }),
    rec(5, ShiftRole.Rejected, { roleHours: "0.00", waveTime: null }),
    rec(6, ShiftRole.ClientCancelled, { roleHours: "0.00", waveTime: null }),
  ], at);
  const of = (id: number) => day.find((e) => e.userId === id)!;
  assert.deepEqual([of(1).role, of(1).hours, of(1).start], [ScheduleRole.Standard, "10.00", "09:40"]);
  assert.deepEqual([of(2).role, of(2).helperOf, of(2).hours], [ScheduleRole.Helper, 1, "10.00"]);
  assert.deepEqual([of(3).role, of(3).hours], [ScheduleRole.Flex, "8.00"]);
  assert.deepEqual([of(4).role, of(5).role, of(6).role], [15, 16, 7]);
  assert.ok(day.every((e) => e.role === null || e.available));
  assert.equal(new Set(day.map((e) => e.userId)).size, day.length);
  assert.equal(day.filter((e) => e.role === ScheduleRole.LeadDriver).length <= 1, true);
});

Deno.test("a planned day spreads the week: nobody past five days, the least worked first", () => {
  const worked = new Map(das.map((id) => [id, id <= 20 ? MAX_DAYS_A_WEEK : 1]));
  const day = plannedDay(new DemoRng(2), das, at, worked);
  const roles = day.filter((e) => e.role !== null);
  assert.ok(roles.length >= 15);
  assert.ok(roles.every((e) => e.userId > 20), "the five-day DAs get no role");
  assert.equal(new Set(day.map((e) => e.userId)).size, day.length);
  for (const h of day.filter((e) => e.role === ScheduleRole.Helper)) {
    const helped = day.find((e) => e.userId === h.helperOf)!;
    assert.ok(helped.role === ScheduleRole.Standard || helped.role === ScheduleRole.Flex);
    assert.equal(h.hours, helped.hours);
  }
  // Deterministic: the same seed plans the same day.
  assert.deepEqual(plannedDay(new DemoRng(2), das, at, worked), day);
});

Deno.test("the week ahead holds availability answers only; staff work their days", () => {
  const day = availabilityDay(new DemoRng(3), das, at);
  assert.ok(day.length > 25 && day.every((e) => e.role === null && !e.helperOf));
  assert.ok(day.every((e) => (e.available ? e.start === "09:00" : e.start === null)));
  const plan: StaffPlan = {
    userId: 99,
    stationId: 1,
    role: ScheduleRole.Dispatcher,
    hours: "12.00",
    start: "07:00",
    days: [1, 2],
  };
  assert.equal(staffDay(plan, at.date, false).role, ScheduleRole.Dispatcher);
  assert.equal(staffDay(plan, at.date, true).role, null);
  assert.equal(staffDay(plan, "2026-11-25", false).available, false);
});
