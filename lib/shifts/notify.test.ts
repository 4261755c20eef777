import assert from "node:assert/strict";
import { kindFor, messageBody, type NotifySlot, planNotifications, previewOf } from "./notify.ts";

const report = { id: 5, stationTitle: "Demo Station DON9", reportDate: "2026-03-11" };
const ana = { id: 7, firstName: "Ana", mobileNumber: "+12065550101", ignoreSms: false };
const ben = { id: 8, firstName: "Ben", mobileNumber: "+12065550102", ignoreSms: false };
const slot = (over: Partial<NotifySlot>): NotifySlot => ({
  recordId: 1,
  slot: "first",
  status: 0,
  published: false,
  driver: ana,
  route: "CX12",
  waveTime: "Wave 2",
  van: "104",
  ...over,
});

Deno.test("status 0 gets shift_attendance, any other status shift_status", () => {
  assert.equal(kindFor(0), "shift_attendance");
  for (const s of [1, 2, 3]) assert.equal(kindFor(s), "shift_status");
  const plan = planNotifications(report, [
    slot({ recordId: 1, status: 0 }),
    slot({ recordId: 2, status: 1, driver: ben }),
    slot({ recordId: 3, status: 3, driver: { ...ben, id: 9 } }),
  ]);
  assert.deepEqual(plan.messages.map((m) => [m.kind, m.meta?.record_id]), [["shift_attendance", 1], [
    "shift_status",
    2,
  ], ["shift_status", 3]]);
  assert.deepEqual(plan.publish.map((p) => p.recordId), [1, 2, 3]);
  assert.deepEqual(plan.messages[0].meta, { record_id: 1, report_id: 5, driver_id: 7, slot: "first" });
  assert.equal(plan.messages[0].channel, "sms");
  assert.equal(plan.messages[0].recipient, "+12065550101");
});

Deno.test("rows without a driver, and published statuses, get nothing", () => {
  const plan = planNotifications(report, [slot({ driver: null }), slot({ published: true })]);
  assert.equal(plan.messages.length, 0);
  assert.equal(plan.publish.length, 0);
});

Deno.test("second drivers follow the same rules on their own status", () => {
  const plan = planNotifications(report, [
    slot({ recordId: 4, slot: "first", status: 1, published: true }),
    slot({ recordId: 4, slot: "second", status: 0, driver: ben }),
  ]);
  assert.equal(plan.messages.length, 1);
  assert.equal(plan.messages[0].kind, "shift_attendance");
  assert.equal(plan.messages[0].recipient, ben.mobileNumber);
  assert.deepEqual(plan.publish, [{ recordId: 4, slot: "second" }]);
});

Deno.test("blocked drivers get no message but are published; no mobile stays unpublished and is counted", () => {
  const plan = planNotifications(report, [
    slot({ recordId: 1, driver: { ...ana, ignoreSms: true } }),
    slot({ recordId: 2, driver: { ...ben, mobileNumber: null } }),
    slot({ recordId: 3, driver: { ...ben, id: 10, mobileNumber: "  " } }),
  ]);
  assert.equal(plan.messages.length, 0);
  assert.deepEqual(plan.publish, [{ recordId: 1, slot: "first" }]);
  assert.equal(plan.skippedBlocked, 1);
  assert.equal(plan.skippedNoMobile, 2);
});

Deno.test("message_type narrows to one kind", () => {
  const slots = [slot({ recordId: 1, status: 0 }), slot({ recordId: 2, status: 1, driver: ben })];
  assert.deepEqual(planNotifications(report, slots, "shift_status").publish, [{
    recordId: 2,
    slot: "first",
  }]);
  assert.deepEqual(planNotifications(report, slots, "shift_attendance").publish, [{
    recordId: 1,
    slot: "first",
  }]);
});

Deno.test("texts name the station, date, route, wave and van", () => {
  assert.equal(
    messageBody(report, slot({})),
    "Hi Ana, you have a shift at Demo Station DON9 on 11-03-2026. Route CX12, Wave 2, van 104. Please confirm your attendance.",
  );
  assert.equal(
    messageBody(report, slot({ status: 1 })),
    "Hi Ana, your shift at Demo Station DON9 on 11-03-2026 is confirmed. Route CX12, Wave 2, van 104.",
  );
  assert.match(messageBody(report, slot({ status: 2 })), /is rejected\./);
  assert.match(
    messageBody(report, slot({ status: 3, route: null, waveTime: null, van: null })),
    /is cancelled\. Route TBA, wave TBA\.$/,
  );
});

Deno.test("a cancellation or rejection never names the van: the row gave it back", () => {
  for (const over of [{ status: 2 }, { status: 3 }, { status: 3, role: 7 }, { status: 3, role: 9 }]) {
    const text = messageBody(report, slot(over));
    assert.doesNotMatch(text, /van|104/i, text);
    assert.match(text, /Route CX12, Wave 2\.$/);
  }
  assert.match(messageBody(report, slot({ status: 1, role: 0 })), /van 104\.$/);
});

Deno.test("numbers no SMS can reach are listed apart and stay unpublished", () => {
  const plan = planNotifications(
    report,
    [
      slot({ recordId: 1, driver: { ...ana, mobileNumber: "abc" } }),
      slot({ recordId: 2, driver: ben }),
      slot({ recordId: 3, driver: { ...ben, id: 11, mobileNumber: null } }),
      slot({ recordId: 4, driver: { ...ben, id: 12, ignoreSms: true } }),
    ],
    undefined,
    "b1",
  );
  assert.deepEqual(plan.messages.map((m) => m.meta?.record_id), [2]);
  assert.equal(plan.messages[0].meta?.batch, "b1");
  assert.deepEqual(plan.publish, [{ recordId: 2, slot: "first" }, { recordId: 4, slot: "first" }]);
  assert.deepEqual(plan.skipped.map((k) => [k.recordId, k.reason]), [
    [1, "invalid_mobile"],
    [3, "no_mobile"],
    [4, "blocked"],
  ]);
  assert.equal(plan.skippedInvalid, 1);
});

Deno.test("numbers stored before E.164 are sent in E.164 (the org's country); unreadable ones are skipped", () => {
  const plan = planNotifications(report, [
    slot({ recordId: 1, driver: { ...ana, mobileNumber: "(206) 555-0101" } }),
    slot({ recordId: 2, driver: { ...ben, mobileNumber: "206-555-CALL" } }),
    slot({ recordId: 3, driver: { ...ben, id: 13, mobileNumber: "+1206555010112345" } }),
  ]);
  assert.deepEqual(plan.messages.map((m) => m.recipient), ["+12065550101"]);
  assert.deepEqual(plan.skipped.map((k) => [k.recordId, k.reason]), [[2, "invalid_mobile"], [
    3,
    "invalid_mobile",
  ]]);
});

Deno.test("the preview lists each recipient with number, kind and text, and the skipped with why", () => {
  const slots = [
    slot({ recordId: 1, status: 0, driver: { ...ana, lastName: "Lee" } }),
    slot({ recordId: 2, status: 3, driver: ben }),
    slot({ recordId: 3, driver: { ...ben, id: 13, firstName: "Cy", mobileNumber: "x" } }),
  ];
  const p = previewOf(planNotifications(report, slots), slots);
  assert.equal(p.count, 2);
  assert.deepEqual(p.recipients.map((r) => [r.name, r.number, r.kind]), [
    ["Ana Lee", "+12065550101", "shift_attendance"],
    ["Ben", "+12065550102", "shift_status"],
  ]);
  assert.match(p.recipients[1].body, /is cancelled/);
  assert.deepEqual(p.skipped.map((k) => [k.name, k.number, k.reason]), [["Cy", "x", "invalid_mobile"]]);
  assert.match(p.skipped[0].why, /cannot receive an SMS/);
});
