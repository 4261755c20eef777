import { publicEndpoint, readJson } from "../../../lib/web/endpoint.ts";
import { resetRequestInput } from "../../../lib/auth/inputs.ts";
import { requestPasswordReset } from "../../../lib/auth/password-reset.ts";
import { publicBaseUrl } from "../../../lib/web/base-url.ts";
import { RESET_SENT } from "../../../lib/auth/errors.ts";

// The same answer whether an account has the address or not (decisions.md, issue 9).
export const POST = publicEndpoint(async (ctx) => {
  const { email } = await readJson(ctx.request, resetRequestInput);
  await requestPasswordReset(ctx.db, email, publicBaseUrl());
  return { detail: RESET_SENT };
});
