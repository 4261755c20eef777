import assert from "node:assert/strict";
import {
  canCreateForDate,
  canDeleteRow,
  isReportClosed,
  isRowLocked,
  LOCK_REASON_TEXT,
  rowLockReason,
} from "./locks.ts";

const plain = { canCreateOldShifts: false };
const old = { canCreateOldShifts: true };

Deno.test("a report closes more than two days after its date, except with old-shift access", () => {
  assert.equal(isReportClosed("2026-11-19", "2026-11-21", plain), false);
  assert.equal(isReportClosed("2026-11-18", "2026-11-21", plain), true);
  assert.equal(isReportClosed("2026-11-18", "2026-11-21", old), false);
  assert.equal(isReportClosed("2026-12-31", "2027-01-03", plain), true);
});

Deno.test("rows with status 2 or 3 lock unless assigned by SMS; old rows lock; old-shift access unlocks", () => {
  const today = "2026-11-21";
  assert.equal(
    isRowLocked({ daStatus: 2, statusAssignedBySms: false, driverId: 4 }, today, today, plain),
    true,
  );
  assert.equal(
    isRowLocked({ daStatus: 3, statusAssignedBySms: false, driverId: 4 }, today, today, plain),
    true,
  );
  assert.equal(
    isRowLocked({ daStatus: 3, statusAssignedBySms: true, driverId: 4 }, today, today, plain),
    false,
  );
  assert.equal(
    isRowLocked({ daStatus: 1, statusAssignedBySms: false, driverId: 4 }, today, today, plain),
    false,
  );
  assert.equal(
    isRowLocked({ daStatus: 1, statusAssignedBySms: false, driverId: 4 }, "2026-11-18", today, plain),
    true,
  );
  assert.equal(
    isRowLocked({ daStatus: 2, statusAssignedBySms: false, driverId: 4 }, "2026-11-01", today, old),
    false,
  );
});

Deno.test("SMS-assigned rows cannot be deleted; past dates need old-shift access", () => {
  assert.equal(canDeleteRow({ statusAssignedBySms: true }), false);
  assert.equal(canDeleteRow({ statusAssignedBySms: false }), true);
  assert.equal(canCreateForDate("2026-11-20", "2026-11-21", plain), false);
  assert.equal(canCreateForDate("2026-11-21", "2026-11-21", plain), true);
  assert.equal(canCreateForDate("2026-11-20", "2026-11-21", old), true);
});

Deno.test("a cancelled or rejected row without a DA is not locked: a dispatcher can set it back", () => {
  const today = "2026-11-21";
  const empty = { daStatus: 3, statusAssignedBySms: false, driverId: null };
  assert.equal(isRowLocked(empty, today, today, plain), false);
  assert.equal(isRowLocked({ ...empty, daStatus: 2 }, today, today, plain), false);
  assert.equal(isRowLocked(empty, "2026-11-18", today, plain), true, "the edit window still holds");
});

Deno.test("a locked row names why: a released status first, then the closed report; none with old-shift access", () => {
  const today = "2026-11-21";
  const row = (daStatus: number, statusAssignedBySms = false, driverId: number | null = 4) => ({
    daStatus,
    statusAssignedBySms,
    driverId,
  });
  assert.equal(rowLockReason(row(2), today, today, plain), "status");
  assert.equal(rowLockReason(row(3), "2026-11-10", today, plain), "status");
  assert.equal(rowLockReason(row(1), "2026-11-10", today, plain), "closed");
  assert.equal(rowLockReason(row(3, true), "2026-11-10", today, plain), "closed");
  assert.equal(rowLockReason(row(3, false, null), today, today, plain), null);
  assert.equal(rowLockReason(row(1), today, today, plain), null);
  assert.equal(rowLockReason(row(3), "2026-11-10", today, old), null);
  assert.match(LOCK_REASON_TEXT.status, /Rejected or Cancelled/);
  assert.match(LOCK_REASON_TEXT.closed, /more than 2 days old/);
});
