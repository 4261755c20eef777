import assert from "node:assert/strict";
import {
  ENTITY_INPUTS,
  fleetSizePatch,
  isEntityKey,
  scannerInput,
  scannerPatch,
  stationInput,
  vanGroupPatch,
  vanInput,
  vanPatch,
} from "./inputs.ts";

const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

Deno.test("entity keys: the seven sections and nothing else", () => {
  assert.deepEqual(Object.keys(ENTITY_INPUTS), [
    "stations",
    "agencies",
    "fleet-groups",
    "van-groups",
    "fleet-sizes",
    "vans",
    "scanners",
  ]);
  assert.equal(isEntityKey("vans"), true);
  assert.equal(isEntityKey("users"), false);
  assert.equal(isEntityKey("__proto__"), false);
});

Deno.test("station tags: upper-cased, 3-5 letters or digits", () => {
  assert.deepEqual(stationInput.parse({ title: " Don 9 ", tag: "don9" }), { title: "Don 9", tag: "DON9" });
  for (const tag of ["DO", "DON9XX", "DO-9", ""]) {
    assert.equal(stationInput.safeParse({ title: "X", tag }).success, false, tag);
  }
  assert.equal(first(stationInput.safeParse({ title: "", tag: "ABC" })).title, "Required");
});

Deno.test("vans: rate in dollars to cents, VIN 17 of A-HJ-NPR-Z0-9 or empty, ownership 1 or 2, station required", () => {
  const ok = vanInput.parse({ number: "101", station: 1, ownership: 2, monthly_rate: "1250.00", vin: "" });
  assert.equal(ok.monthly_rate, 125_000);
  assert.equal(ok.vin, "");
  assert.equal(ok.company, "");
  assert.equal(ok.fleet_size, null);
  assert.equal(
    vanInput.parse({ number: "1", station: 1, ownership: 1, monthly_rate: 99.5 }).monthly_rate,
    9950,
  );
  assert.equal(
    vanInput.parse({ number: "1", station: 1, ownership: 1, monthly_rate: null }).monthly_rate,
    null,
  );
  const e = first(
    vanInput.safeParse({ number: "", vin: "1FTBW2CM5PKQ1234", ownership: 3, monthly_rate: "ten" }),
  );
  assert.equal(e.number, "Required");
  assert.match(e.vin, /17 letters and digits/);
  assert.match(e.ownership, /1 rental or 2 owned/);
  assert.match(e.monthly_rate, /an amount like 1250.00/);
  assert.equal(e.station, "Required");
  for (const vin of ["1FTBW2CM5PKO12345", "1FTBW2CM5PKI12345", "1FTBW2CM5PKQ12345"]) {
    assert.equal(vanInput.safeParse({ number: "1", station: 1, ownership: 1, vin }).success, false, vin);
  }
});

Deno.test("patches change only what they name", () => {
  assert.deepEqual(vanPatch.parse({}), {});
  assert.deepEqual(vanPatch.parse({ monthly_rate: "" }), { monthly_rate: null });
  assert.deepEqual(vanGroupPatch.parse({ supervisor: null }), { supervisor: null });
  assert.deepEqual(scannerPatch.parse({ serial_number: "R-1" }), { serial_number: "R-1" });
  assert.equal(
    fleetSizePatch.safeParse({ id: 9, title: "X" }).success,
    false,
    "a fleet size's id never changes",
  );
  assert.equal(
    vanPatch.safeParse({ status: 2 }).success,
    false,
    "the status belongs to the fleet-status register",
  );
});

Deno.test("scanners: rabbit or dolly, status 1 by default or 0", () => {
  assert.deepEqual(scannerInput.parse({ kind: "dolly", serial_number: " D-7 ", station: 2 }), {
    kind: "dolly",
    serial_number: "D-7",
    station: 2,
    status: 1,
  });
  assert.equal(scannerInput.parse({ kind: "rabbit", serial_number: "R", station: 2, status: 0 }).status, 0);
  assert.equal(scannerInput.safeParse({ kind: "pallet", serial_number: "R", station: 2 }).success, false);
  assert.equal(
    scannerInput.safeParse({ kind: "rabbit", serial_number: "R", station: 2, status: 2 }).success,
    false,
  );
});
