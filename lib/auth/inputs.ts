// zod/mini, not zod: the sign-in and reset forms are the landing page's only scripts besides React, and
// the classic build added 24 KB gzip there (issue 15's 100 KB per page). Same schemas, same messages.
import { z } from "zod/mini";

// Shared by the API, the forms and the CLI. Messages are the spec's: 'Required' and 'Not valid'.
// Bounded before any hashing or lookup: an 8 KB address gave 500, a 10 MB one took seconds (issue 9).
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;
const email = z.pipe(
  z.string({ error: "Required" }).check(
    z.trim(),
    z.minLength(1, "Required"),
    z.maxLength(EMAIL_MAX, `At most ${EMAIL_MAX} characters`),
  ),
  z.email("Not valid"),
);
const password = (min: number, tooShort: string) =>
  z.string({ error: "Required" }).check(
    z.minLength(min, tooShort),
    z.maxLength(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
  );
const required = () => z.string({ error: "Required" }).check(z.minLength(1, "Required"));

export const loginInput = z.object({
  email,
  password: password(1, "Required"),
});
export type LoginInput = z.infer<typeof loginInput>;

export const resetRequestInput = z.object({ email });

export const PASSWORD_MIN = 8;
export const newPasswordInput = z.object({
  token: required(),
  password: password(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`),
  password_confirm: required(),
}).check(z.refine((v) => v.password === v.password_confirm, {
  path: ["password_confirm"],
  message: "Passwords do not match",
}));

export const refreshInput = z.object({ refresh: required() });
