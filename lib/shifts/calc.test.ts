import assert from "node:assert/strict";
import { isReleasedRow, returnSummary, shiftSummary, unpublishedCount } from "./calc.ts";

Deno.test("return summary: total of ten counters, percentages to 2 decimals, 0 without packages", () => {
  const s = returnSummary([{ uta: 1, utl: 2, missing: 1, numberOfPackages: 200 }, {
    others: 3,
    numberOfPackages: 100,
  }]);
  assert.deepEqual(s, { total: 7, packages: 300, percentReturns: 2.33, percentDelivers: 97.67 });
  assert.deepEqual(returnSummary([{ uta: 4 }]), {
    total: 4,
    packages: 0,
    percentReturns: 0,
    percentDelivers: 100,
  });
});

Deno.test("summary card counts standard and flex routes, packages and both drivers", () => {
  const s = shiftSummary([
    { role: 0, numberOfPackages: 250, driverId: 1, secondDriverId: 2 },
    { role: 8, numberOfPackages: 100, driverId: 3, secondDriverId: null },
    { role: 7, numberOfPackages: null, driverId: 4, secondDriverId: null },
  ]);
  assert.equal(s.routes, 2);
  assert.equal(s.deliveries, 350);
  assert.equal(s.das, 4);
  assert.deepEqual(s.perRole, [{ role: 0, count: 1 }, { role: 8, count: 1 }, { role: 7, count: 1 }]);
});

Deno.test("unpublished count: first and second drivers whose status is not yet published", () => {
  const row = (driver: boolean, pub: boolean, second: boolean, pub2: boolean) => ({
    driver: driver ? { id: 1 } : null,
    second_driver: second ? { id: 2 } : null,
    is_status_published: pub,
    is_second_status_published: pub2,
  });
  assert.equal(unpublishedCount([]), 0);
  assert.equal(
    unpublishedCount([
      row(true, false, true, false),
      row(true, true, false, false),
      row(false, false, true, true),
    ]),
    2,
  );
  assert.equal(
    unpublishedCount([row(false, false, false, false)]),
    0,
    "a row without drivers publishes nothing",
  );
});

Deno.test("cancelled and rejected rows (roles 7, 9, 10 or status 2, 3) release their van", () => {
  for (const role of [7, 9, 10]) assert.equal(isReleasedRow({ role, daStatus: 0 }), true, `role ${role}`);
  for (const daStatus of [2, 3]) {
    assert.equal(isReleasedRow({ role: 0, daStatus }), true, `status ${daStatus}`);
  }
  for (const role of [0, 1, 2, 8]) assert.equal(isReleasedRow({ role, daStatus: 1 }), false, `role ${role}`);
});
