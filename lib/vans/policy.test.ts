import assert from "node:assert/strict";
import {
  canChangeStation,
  isAvailable,
  isChange,
  reasonFor,
  reasonLabel,
  settableStatuses,
  statusChangeRefusal,
  statusLabel,
} from "./policy.ts";

Deno.test("status 1 is available, every other status is not", () => {
  assert.equal(isAvailable(1), true);
  assert.equal(isAvailable(2), false);
  assert.equal(isAvailable(3), false);
});

Deno.test("labels follow 01 section 3", () => {
  assert.deepEqual([1, 2, 3].map(statusLabel), ["Available", "Out of Service", "Off Boarded"]);
  assert.deepEqual([0, 1, 2, 3].map(reasonLabel), [
    "Regular maintenance",
    "Accident fixing",
    "Malfunction",
    "Other",
  ]);
  assert.equal(reasonLabel(null), "");
});

Deno.test("dispatchers (and users without a role) may set 1 and 2 only; management 1, 2 and 3", () => {
  assert.deepEqual(settableStatuses(1), [1, 2]);
  assert.deepEqual(settableStatuses(null), [1, 2]);
  for (const role of [2, 3, 4]) assert.deepEqual(settableStatuses(role), [1, 2, 3]);
});

Deno.test("a dispatcher is refused Off Boarded, and changing an Off Boarded van", () => {
  assert.match(statusChangeRefusal(1, 3)!, /cannot set a van to Off Boarded/);
  assert.equal(statusChangeRefusal(1, 2), null);
  assert.equal(statusChangeRefusal(1, 1, 2), null);
  assert.match(statusChangeRefusal(1, 1, 3)!, /cannot change an Off Boarded van/);
  for (const role of [2, 3, 4]) {
    assert.equal(statusChangeRefusal(role, 3, 1), null);
    assert.equal(statusChangeRefusal(role, 1, 3), null);
  }
});

Deno.test("the reason is kept for Out of Service only", () => {
  assert.equal(reasonFor(2, 1), 1);
  assert.equal(reasonFor(2, 0), 0);
  assert.equal(reasonFor(1, 2), null);
  assert.equal(reasonFor(3, 3), null);
});

Deno.test("a change is a different status or a different reason", () => {
  assert.equal(isChange({ status: 1, reason: null }, { status: 1, reason: null }), false);
  assert.equal(isChange({ status: 1, reason: null }, { status: 2, reason: 0 }), true);
  assert.equal(isChange({ status: 2, reason: 0 }, { status: 2, reason: 0 }), false);
  assert.equal(isChange({ status: 2, reason: 0 }, { status: 2, reason: 3 }), true);
});

Deno.test("only management changes a van's station", () => {
  assert.equal(canChangeStation(1), false);
  assert.equal(canChangeStation(undefined), false);
  assert.equal(canChangeStation(5), false);
  for (const role of [2, 3, 4]) assert.equal(canChangeStation(role), true);
});
