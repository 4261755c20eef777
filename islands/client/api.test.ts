import assert from "node:assert/strict";
import { ApiError, catalogueMessage } from "./api.ts";
import { saveErrorMessage } from "./form.ts";
import { FORBIDDEN_TEXT } from "../../lib/errors.ts";
import { AUTH, INVALID_CREDENTIALS } from "../../lib/auth/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";

const err = (status: number, body: Record<string, unknown>) => new ApiError(status, body);

Deno.test("'Email or password not valid!' only for a sign-in refusal, told by its code", () => {
  const signIn = err(400, {
    non_field_errors: [INVALID_CREDENTIALS],
    detail: INVALID_CREDENTIALS,
    code: AUTH.invalidCredentials,
  });
  assert.deepEqual(catalogueMessage(signIn), { kind: "error", message: INVALID_CREDENTIALS });
  assert.deepEqual(saveErrorMessage(signIn), { kind: "error", message: INVALID_CREDENTIALS });
  // Any other 400 whose body has non_field_errors says what was wrong, never the sign-in text.
  const other = err(400, {
    non_field_errors: ["Choose a DA before setting a status."],
    detail: "Choose a DA before setting a status.",
    code: "common.invalid_input",
  });
  for (const shown of [catalogueMessage(other), saveErrorMessage(other)]) {
    assert.deepEqual(shown, { kind: "error", message: "Choose a DA before setting a status." });
  }
  const bare = err(400, { non_field_errors: ["x"] });
  assert.deepEqual(saveErrorMessage(bare), { kind: "error", message: "Not valid" });
  assert.equal(catalogueMessage(bare), null, "logged, not the sign-in text");
});

Deno.test("a 403 toast reads the catalogue's words, whatever reason the server gave", () => {
  for (const body of [{ detail: FORBIDDEN_TEXT }, { detail: "Cross-site request refused." }, {}]) {
    assert.deepEqual(catalogueMessage(err(403, body)), { kind: "warning", message: FORBIDDEN_TEXT });
    assert.deepEqual(saveErrorMessage(err(403, body)), { kind: "warning", message: FORBIDDEN_TEXT });
  }
  assert.equal(FORBIDDEN_TEXT, "You haven't permissions");
});

Deno.test("the rest of the catalogue: 500, 413, no free vans by code, the server's detail", () => {
  assert.deepEqual(catalogueMessage(err(500, { detail: "boom" })), {
    kind: "error",
    message: "Internal server error!",
  });
  assert.deepEqual(catalogueMessage(err(413, {})), { kind: "error", message: "File so large for upload" });
  assert.deepEqual(catalogueMessage(err(404, { code: TRACKER.noFreeVans, detail: "No free vans!" })), {
    kind: "warning",
    message: "No free vans!",
  });
  assert.deepEqual(catalogueMessage(err(429, { detail: "Too many attempts." })), {
    kind: "error",
    message: "Too many attempts.",
  });
});
