import assert from "node:assert/strict";
import { applyChange, changedFields, releasedVan, RowState } from "./rules.ts";
import { RuleError, SHIFT_RULE } from "./errors.ts";

const blank: RowState = {
  driverId: null,
  secondDriverId: null,
  daStatus: 0,
  secondDaStatus: 0,
  isStatusPublished: false,
  isSecondStatusPublished: false,
  role: 0,
  roleHours: "10.00",
  vanId: null,
  fleetNumber: null,
  cancelledFleetSizeId: null,
  rescueGiven: null,
  rescue: false,
};
const withDriver: RowState = { ...blank, driverId: 7, daStatus: 1, isStatusPublished: true };

Deno.test("choosing a driver sets status 0 and unpublished", () => {
  const { next } = applyChange({ ...blank, isStatusPublished: true, daStatus: 1 }, { driverId: 5 });
  assert.equal(next.driverId, 5);
  assert.equal(next.daStatus, 0);
  assert.equal(next.isStatusPublished, false);
});

Deno.test("removing the driver clears the van and the second driver", () => {
  const out = applyChange({ ...withDriver, secondDriverId: 9, secondDaStatus: 1, vanId: 3 }, {
    driverId: null,
  });
  assert.equal(out.next.driverId, null);
  assert.equal(out.next.secondDriverId, null);
  assert.deepEqual(out.van, { kind: "clear" });
});

Deno.test("changing role resets status unless confirmed or a cancel role", () => {
  const pending = applyChange({ ...withDriver, daStatus: 0, isStatusPublished: true }, { role: 4 });
  assert.equal(pending.next.daStatus, 0);
  assert.equal(pending.next.isStatusPublished, false);
  const confirmed = applyChange(withDriver, { role: 4 });
  assert.equal(confirmed.next.daStatus, 1, "a confirmed status survives a role change");
  assert.equal(confirmed.next.isStatusPublished, true);
  const second = applyChange({ ...withDriver, secondDriverId: 8, secondDaStatus: 2 }, { role: 3 });
  assert.equal(second.next.secondDaStatus, 0);
});

Deno.test("roles 7 and 9 cancel (status 3, second too); role 10 rejects (status 2)", () => {
  for (const role of [7, 9]) {
    const { next } = applyChange({ ...withDriver, secondDriverId: 8, secondDaStatus: 1 }, { role });
    assert.equal(next.daStatus, 3);
    assert.equal(next.secondDaStatus, 3);
    assert.equal(next.isStatusPublished, false);
  }
  const { next } = applyChange(withDriver, { role: 10 });
  assert.equal(next.daStatus, 2);
});

Deno.test("status 2 sets role 10; status 3 is refused unless already 3", () => {
  const { next } = applyChange(withDriver, { daStatus: 2 });
  assert.equal(next.role, 10);
  assert.equal(next.roleHours, "0.00");
  assert.throws(() => applyChange(withDriver, { daStatus: 3 }), (e) => {
    assert.ok(e instanceof RuleError);
    assert.equal(e.code, SHIFT_RULE.invalidStatus);
    assert.equal(e.kind, "invalid");
    assert.deepEqual(e.fields, { da_status: ["Status must be 0 (pending), 1 (confirmed) or 2 (rejected)."] });
    return true;
  });
  assert.throws(() => applyChange(blank, { daStatus: 1 }), /Choose a DA/);
});

Deno.test("role hours: base-hour roles reset, flexible roles keep or take base, editing limited", () => {
  assert.equal(applyChange({ ...withDriver, roleHours: "7.50" }, { role: 3 }).next.roleHours, "3.00");
  assert.equal(applyChange({ ...withDriver, roleHours: "7.50" }, { role: 8 }).next.roleHours, "7.50");
  assert.equal(applyChange({ ...withDriver, roleHours: null }, { role: 2 }).next.roleHours, "6.00");
  assert.throws(() => applyChange(withDriver, { roleHours: "5" }), /Hours can be changed only/);
  assert.equal(applyChange({ ...withDriver, role: 8 }, { roleHours: "4.5" }).next.roleHours, "4.50");
  assert.throws(() => applyChange({ ...withDriver, role: 8 }, { roleHours: "25" }), /between 0 and 24/);
});

Deno.test("rescue follows rescue_given: non-zero true, zero false, empty clears both", () => {
  assert.equal(applyChange(withDriver, { rescueGiven: 2 }).next.rescue, true);
  assert.equal(
    applyChange({ ...withDriver, rescueGiven: 2, rescue: true }, { rescueGiven: 0 }).next.rescue,
    false,
  );
  const cleared = applyChange({ ...withDriver, rescueGiven: 2, rescue: true }, { rescueGiven: null }).next;
  assert.equal(cleared.rescueGiven, null);
  assert.equal(cleared.rescue, false);
});

Deno.test("fleet size: assigns a van for drivers, stores cancelled size for roles 7 and 9", () => {
  assert.deepEqual(applyChange(withDriver, { fleetSizeId: 6 }).van, { kind: "assign", fleetSizeId: 6 });
  const cancelled = applyChange({ ...withDriver, role: 7 }, { fleetSizeId: 2 });
  assert.equal(cancelled.next.cancelledFleetSizeId, 2);
  assert.deepEqual(cancelled.van, { kind: "none" });
  assert.throws(() => applyChange(blank, { fleetSizeId: 1 }), /Choose a DA before a van size/);
  assert.throws(() => applyChange(withDriver, { fleetSizeId: 4 }), /not offered/);
});

Deno.test("fleet number is editable only without a van; second DA needs a first", () => {
  assert.throws(() => applyChange({ ...withDriver, vanId: 3 }, { fleetNumber: "12" }), /clear the van/);
  assert.equal(applyChange(withDriver, { fleetNumber: " 12 " }).next.fleetNumber, "12");
  assert.throws(() => applyChange(blank, { secondDriverId: 4 }), /first DA/);
  assert.throws(() => applyChange(withDriver, { secondDriverId: 7 }), /another person/);
  assert.equal(applyChange(withDriver, { secondDriverId: 4 }).next.secondDaStatus, 0);
});

Deno.test("changedFields lists exactly the differing keys", () => {
  const { next } = applyChange(withDriver, { role: 10 });
  assert.deepEqual(changedFields(withDriver, next).sort(), [
    "daStatus",
    "isStatusPublished",
    "role",
    "roleHours",
  ]);
});

Deno.test("every rule refuses with its own code, and names where when asked", () => {
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof RuleError) return e.code;
      throw e;
    }
    return null;
  };
  assert.equal(codeOf(() => applyChange(blank, { secondDriverId: 4 })), SHIFT_RULE.secondDriverBeforeDriver);
  assert.equal(codeOf(() => applyChange(withDriver, { secondDriverId: 7 })), SHIFT_RULE.secondDriverSame);
  assert.equal(codeOf(() => applyChange(withDriver, { role: 99 })), SHIFT_RULE.unknownRole);
  assert.equal(codeOf(() => applyChange(blank, { daStatus: 1 })), SHIFT_RULE.statusBeforeDriver);
  assert.equal(
    codeOf(() => applyChange(withDriver, { secondDaStatus: 1 })),
    SHIFT_RULE.secondStatusBeforeDriver,
  );
  assert.equal(
    codeOf(() => applyChange({ ...withDriver, secondDriverId: 8 }, { secondDaStatus: 9 })),
    SHIFT_RULE.invalidSecondStatus,
  );
  assert.equal(codeOf(() => applyChange(withDriver, { roleHours: "5" })), SHIFT_RULE.hoursNotEditable);
  assert.equal(
    codeOf(() => applyChange({ ...withDriver, role: 8 }, { roleHours: "25" })),
    SHIFT_RULE.hoursOutOfRange,
  );
  assert.equal(
    codeOf(() => applyChange({ ...withDriver, vanId: 3 }, { fleetNumber: "12" })),
    SHIFT_RULE.fleetNumberFromVan,
  );
  assert.equal(codeOf(() => applyChange(withDriver, { fleetSizeId: 4 })), SHIFT_RULE.fleetSizeNotOffered);
  assert.equal(codeOf(() => applyChange(blank, { fleetSizeId: 1 })), SHIFT_RULE.fleetSizeBeforeDriver);

  const e = new RuleError("fleet_size", SHIFT_RULE.fleetSizeBeforeDriver, "Choose a DA before a van size.");
  const there = e.at("Row 4 of day.xlsx (route CX1)");
  assert.equal(there.code, SHIFT_RULE.fleetSizeBeforeDriver);
  assert.deepEqual(there.fields, {
    fleet_size: ["Row 4 of day.xlsx (route CX1): Choose a DA before a van size."],
  });
});

Deno.test("an empty row takes no role or status, but a cancelled empty row can be set back", () => {
  for (const change of [{ role: 9 }, { role: 10 }, { role: 4 }]) {
    assert.throws(() => applyChange(blank, change), (e) => {
      assert.ok(e instanceof RuleError);
      assert.equal(e.code, SHIFT_RULE.roleBeforeDriver);
      assert.deepEqual(e.fields, { role: ["Choose a DA before setting a role."] });
      return true;
    });
  }
  assert.throws(() => applyChange(blank, { daStatus: 2 }), /Choose a DA before setting a status/);
  assert.equal(applyChange(blank, { role: 0 }).next.role, 0, "sending the role it has is no change");
  assert.equal(applyChange(blank, { driverId: 4, role: 9 }).next.daStatus, 3, "DA and role together");
  // A row left cancelled without a DA (set before this rule, or its DA removed since).
  const stuck: RowState = { ...blank, role: 9, roleHours: "0.00", daStatus: 3 };
  const byRole = applyChange(stuck, { role: 0 }).next;
  assert.deepEqual([byRole.role, byRole.daStatus, byRole.roleHours], [0, 0, "10.00"]);
  const byStatus = applyChange(stuck, { daStatus: 0 }).next;
  assert.deepEqual([byStatus.role, byStatus.daStatus, byStatus.roleHours], [0, 0, "10.00"]);
  const rejected = applyChange({ ...blank, role: 10, daStatus: 2 }, { daStatus: 0 }).next;
  assert.deepEqual([rejected.role, rejected.daStatus], [0, 0]);
  assert.throws(
    () => applyChange(stuck, { role: 7 }),
    /Choose a DA before setting a role/,
    "no other cancel",
  );
  assert.throws(() => applyChange(stuck, { daStatus: 1 }), /Choose a DA before setting a status/);
  assert.throws(
    () => applyChange({ ...stuck, statusAssignedBySms: true }, { role: 0 }),
    /Choose a DA/,
    "a status the DA sent by SMS is not undone",
  );
});

Deno.test("a cancelled or rejected row gives its van back, keeping number and size as history", () => {
  const withVan: RowState = { ...withDriver, vanId: 12 };
  const van = { number: "V-12", fleetSizeId: 6 };
  for (const change of [{ role: 7 }, { role: 9 }, { daStatus: 2 }]) {
    const { next } = applyChange(withVan, change);
    assert.deepEqual(releasedVan(withVan, next, van), {
      vanId: null,
      fleetNumber: "V-12",
      cancelledFleetSizeId: 6,
    }, JSON.stringify(change));
  }
  assert.equal(releasedVan(withVan, applyChange(withVan, { role: 4 }).next, van), null, "still working");
  assert.equal(releasedVan(withDriver, applyChange(withDriver, { role: 7 }).next, van), null, "had no van");
  const named = applyChange({ ...withVan, role: 7, daStatus: 3 }, { fleetSizeId: 2 }).next;
  assert.equal(releasedVan(withVan, named, van)?.cancelledFleetSizeId, 2, "a size the change names wins");
  const rejectedSize = applyChange({ ...withDriver, role: 10, daStatus: 2 }, { fleetSizeId: 1 });
  assert.deepEqual([rejectedSize.next.cancelledFleetSizeId, rejectedSize.van], [1, { kind: "none" }]);
});
