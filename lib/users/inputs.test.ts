import assert from "node:assert/strict";
import { profileInput } from "./inputs.ts";

Deno.test("profile dates: ISO from the API, dd-mm-yyyy from the page's own form, '' clears", () => {
  assert.deepEqual(profileInput.parse({ date_of_birth: "1990-05-17" }), { date_of_birth: "1990-05-17" });
  assert.deepEqual(profileInput.parse({ driver_license_expiry: "17-05-2027" }), {
    driver_license_expiry: "2027-05-17",
  });
  assert.deepEqual(profileInput.parse({ date_of_birth: "" }), { date_of_birth: null });
  for (const bad of ["31-02-1990", "05/17/1990", "soon"]) {
    assert.equal(profileInput.safeParse({ date_of_birth: bad }).success, false, bad);
  }
});
