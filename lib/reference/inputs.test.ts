import assert from "node:assert/strict";
import { ENTITY_INPUTS, isEntityKey, scannerInput, scannerPatch } from "./inputs.ts";

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

Deno.test("patches change only what they name", () => {
  assert.deepEqual(scannerPatch.parse({ serial_number: "R-1" }), { serial_number: "R-1" });
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
