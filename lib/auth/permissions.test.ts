import assert from "node:assert/strict";
import { can } from "./permissions.ts";

Deno.test("org-wide reference writes are for managers and owners; the every-station rule is a policy", () => {
  assert.deepEqual([1, 2, 3, 4, 5].filter((r) => can(r, "reference.org.edit")), [3, 4]);
  assert.deepEqual([1, 2, 3, 4, 5].filter((r) => can(r, "reference.manage")), [3, 4]);
  assert.equal(can(null, "reference.org.edit"), false);
});
