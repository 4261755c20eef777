import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { idParam } from "./params.ts";

Deno.test("idParam(): 404 for what is not a row id the integer column can hold", () => {
  assert.equal(idParam("12"), 12);
  for (const bad of ["0", "-1", "1.5", "abc", "99999999999", undefined]) {
    assert.throws(
      () => idParam(bad),
      (e: unknown) => e instanceof DomainError && e.kind === "not_found" && e.code === "common.not_found",
      String(bad),
    );
  }
});
