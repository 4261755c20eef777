import { z } from "zod";

// Shared by the API, the forms and the CLI. Messages are the spec's: 'Required' and 'Not valid'.
// Bounded before any hashing or lookup: an 8 KB address gave 500, a 10 MB one took seconds (issue 9).
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;
const email = z.string({ error: "Required" }).trim().min(1, "Required")
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters`).pipe(z.email("Not valid"));
const password = (min: number, tooShort: string) =>
  z.string({ error: "Required" }).min(min, tooShort).max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`);

export const loginInput = z.object({
  email,
  password: password(1, "Required"),
});
export type LoginInput = z.infer<typeof loginInput>;

export const resetRequestInput = z.object({ email });

export const PASSWORD_MIN = 8;
export const newPasswordInput = z.object({
  token: z.string({ error: "Required" }).min(1, "Required"),
  password: password(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`),
  password_confirm: z.string({ error: "Required" }).min(1, "Required"),
}).refine((v) => v.password === v.password_confirm, {
  path: ["password_confirm"],
  message: "Passwords do not match",
});

export const refreshInput = z.object({ refresh: z.string({ error: "Required" }).min(1, "Required") });
