import assert from "node:assert/strict";
import { EMAIL_MAX, loginInput, newPasswordInput, PASSWORD_MAX, resetRequestInput } from "./inputs.ts";

const at = (n: number) => `${"a".repeat(n - "@example.com".length)}@example.com`;

Deno.test("e-mails over 254 and passwords over 1,024 characters are refused by name, not parsed", () => {
  const long = loginInput.safeParse({ email: at(EMAIL_MAX + 1), password: "x" });
  assert.equal(long.success, false);
  assert.deepEqual(long.error?.issues.map((i) => [i.path[0], i.message]), [[
    "email",
    "At most 254 characters",
  ]]);
  assert.equal(resetRequestInput.safeParse({ email: "b".repeat(10_000_000) }).success, false);
  const huge = loginInput.safeParse({ email: "a@example.com", password: "p".repeat(PASSWORD_MAX + 1) });
  assert.deepEqual(huge.error?.issues.map((i) => i.path[0]), ["password"]);
  const reset = newPasswordInput.safeParse({
    token: "t",
    password: "p".repeat(PASSWORD_MAX + 1),
    password_confirm: "p".repeat(PASSWORD_MAX + 1),
  });
  assert.equal(reset.success, false);
  assert.equal(
    loginInput.safeParse({ email: "a@example.com", password: "p".repeat(PASSWORD_MAX) }).success,
    true,
  );
});
