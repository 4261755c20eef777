import assert from "node:assert/strict";
import { duplicateVanMessage } from "./vans.ts";

Deno.test("the 'Duplicate Vans' message names the van, the DA and the route", () => {
  assert.equal(
    duplicateVanMessage("104", { route: "CX12", firstName: "Ana", lastName: "Cruz" }),
    "Van 104 is already assigned to Ana Cruz on route CX12 today.",
  );
  assert.equal(
    duplicateVanMessage("104", { route: null, firstName: "Ana", lastName: "Cruz" }),
    "Van 104 is already assigned to Ana Cruz today.",
  );
  assert.equal(
    duplicateVanMessage("104", { route: "CX1", firstName: null, lastName: null }),
    "Van 104 is already assigned to a row without a DA on route CX1 today.",
  );
});
