import assert from "node:assert/strict";
import { duplicateVanMessage } from "./vans.ts";

Deno.test("the 'Duplicate Vans' message names the van, the DA, the route and the shift's day", () => {
  assert.equal(
    duplicateVanMessage("104", { route: "CX12", firstName: "Ana", lastName: "Cruz" }, "2026-05-12"),
    "Van 104 is already assigned to Ana Cruz on route CX12 on Tue 12-05-2026.",
  );
  assert.equal(
    duplicateVanMessage("104", { route: null, firstName: "Ana", lastName: "Cruz" }, "2026-05-16"),
    "Van 104 is already assigned to Ana Cruz on Sat 16-05-2026.",
  );
  assert.equal(
    duplicateVanMessage("104", { route: "CX1", firstName: null, lastName: null }, "2026-05-17"),
    "Van 104 is already assigned to a row without a DA on route CX1 on Sun 17-05-2026.",
  );
});
