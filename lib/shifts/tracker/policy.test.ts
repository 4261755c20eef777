import assert from "node:assert/strict";
import {
  bumpVersions,
  conflictingField,
  plainChanges,
  reportClosedRefusal,
  rowLockRefusal,
  toRowChange,
  watchedKeys,
} from "./policy.ts";
import { recordPatchInput } from "../inputs.ts";

const today = "2026-03-10";
const plain = { canCreateOldShifts: false };
const old = { canCreateOldShifts: true };

Deno.test("row lock: status 2/3 rows and rows older than two days, with the reason", () => {
  const open = { daStatus: 1, statusAssignedBySms: false, driverId: 4 };
  assert.equal(rowLockRefusal(open, "2026-03-08", today, plain), null, "two days ago is still open");
  assert.match(
    rowLockRefusal(open, "2026-03-07", today, plain)!,
    /^This row is locked: the shift date is more than 2 days ago/,
  );
  assert.match(rowLockRefusal({ ...open, daStatus: 2 }, today, today, plain)!, /rejected \(status 2\)/);
  assert.match(rowLockRefusal({ ...open, daStatus: 3 }, today, today, plain)!, /cancelled \(status 3\)/);
  assert.equal(
    rowLockRefusal({ daStatus: 3, statusAssignedBySms: true, driverId: 4 }, today, today, plain),
    null,
    "SMS-set statuses do not lock",
  );
  assert.equal(
    rowLockRefusal({ ...open, daStatus: 3 }, "2026-01-01", today, old),
    null,
    "old-shift access unlocks all",
  );
});

Deno.test("report closed only after the edit window, never for old-shift access", () => {
  assert.equal(reportClosedRefusal("2026-03-08", today, plain), null);
  assert.equal(reportClosedRefusal("2026-03-20", today, plain), null, "future reports are open");
  assert.match(reportClosedRefusal("2026-03-07", today, plain)!, /^This report is closed: /);
  assert.equal(reportClosedRefusal("2025-01-01", today, old), null);
});

Deno.test("conflict: only a field changed after the seen version, to another value than the one sent", () => {
  const versions = { route: 5, driver: 3 };
  const current = { route: "CX1", driver: 9 };
  assert.equal(conflictingField({ route: "CX2" }, current, versions, 4), "route");
  assert.equal(
    conflictingField({ route: "CX1" }, current, versions, 4),
    null,
    "sending what is there is no conflict",
  );
  assert.equal(conflictingField({ route: "CX2" }, current, versions, 5), null, "the editor saw version 5");
  assert.equal(conflictingField({ driver: 7 }, current, versions, 4), null, "driver last changed at 3");
  assert.equal(
    conflictingField({ uta: 2 }, current, versions, 1),
    null,
    "never-changed fields never conflict",
  );
  assert.equal(
    conflictingField({ driver: 0 }, { driver: null }, { driver: 9 }, 1),
    null,
    "0 and null both mean none",
  );
});

Deno.test("conflict: fleet_size watches the van and the cancelled size", () => {
  assert.deepEqual(watchedKeys("fleet_size"), ["van", "cancelled_fleet_size"]);
  assert.equal(conflictingField({ fleet_size: 1 }, { fleet_size: 6 }, { van: 4 }, 3), "fleet_size");
  assert.equal(
    conflictingField({ fleet_size: 1 }, { fleet_size: 6 }, { cancelled_fleet_size: 4 }, 3),
    "fleet_size",
  );
  assert.equal(conflictingField({ fleet_size: 1 }, { fleet_size: 6 }, { role: 4 }, 3), null);
});

Deno.test("input mapping: 0 and null clear ids, plain fields map to columns, null stores empty", () => {
  const input = recordPatchInput.parse({
    version: 2,
    driver: 0,
    fleet_size: 6,
    rescue_given: null,
    uta: null,
    route: "CX9",
    actual_DA: "",
  });
  assert.deepEqual(toRowChange(input), { driverId: null, fleetSizeId: 6, rescueGiven: null });
  assert.deepEqual(plainChanges(input), { route: "CX9", uta: null, actualDa: null });
  assert.deepEqual(toRowChange(recordPatchInput.parse({ version: 1, second_driver: 12, role: 7 })), {
    secondDriverId: 12,
    role: 7,
  });
});

Deno.test("field versions: every changed column's API name at the new version", () => {
  const out = bumpVersions({ route: 2 }, [
    "driverId",
    "daStatus",
    "isStatusPublished",
    "vanId",
    "numberOfPackages",
    "actualDa",
  ], 7);
  assert.deepEqual(out, {
    route: 2,
    driver: 7,
    da_status: 7,
    is_status_published: 7,
    van: 7,
    number_of_packages: 7,
    actual_DA: 7,
  });
});
