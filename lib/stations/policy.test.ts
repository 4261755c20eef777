import assert from "node:assert/strict";
import { duplicateStations } from "./policy.ts";

Deno.test("duplicateStations: the stations a list of spots uses more than once", () => {
  assert.deepEqual(duplicateStations([{ station: 1 }, { station: 2 }, { station: 1 }]), [1]);
  assert.deepEqual(duplicateStations([{ station: 1 }, { station: 2 }]), []);
});
