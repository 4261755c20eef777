import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "./password.ts";

Deno.test("a hashed password verifies and a wrong one does not", async () => {
  const hash = await hashPassword("demo1234");
  assert.match(hash, /^\$argon2id\$/);
  assert.equal(await verifyPassword("demo1234", hash), true);
  assert.equal(await verifyPassword("demo12345", hash), false);
  assert.equal(await verifyPassword("demo1234", null), false);
  assert.equal(await verifyPassword("demo1234", "not-a-hash"), false);
});

Deno.test("two hashes of one password differ (salted)", async () => {
  assert.notEqual(await hashPassword("x"), await hashPassword("x"));
});
