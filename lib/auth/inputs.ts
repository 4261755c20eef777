import { z } from "zod";

// Shared by the API, the forms and the CLI. Messages are the spec's: 'Required' and 'Not valid'.
const email = z.string({ error: "Required" }).trim().min(1, "Required").pipe(z.email("Not valid"));

export const loginInput = z.object({
  email,
  password: z.string({ error: "Required" }).min(1, "Required"),
});
export type LoginInput = z.infer<typeof loginInput>;

export const resetRequestInput = z.object({ email });

export const PASSWORD_MIN = 8;
export const newPasswordInput = z.object({
  token: z.string({ error: "Required" }).min(1, "Required"),
  password: z.string({ error: "Required" }).min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`),
  password_confirm: z.string({ error: "Required" }).min(1, "Required"),
}).refine((v) => v.password === v.password_confirm, {
  path: ["password_confirm"],
  message: "Passwords do not match",
});

export const refreshInput = z.object({ refresh: z.string({ error: "Required" }).min(1, "Required") });
