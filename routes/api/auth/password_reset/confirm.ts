import { publicEndpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { newPasswordInput } from "../../../../lib/auth/inputs.ts";
import { completePasswordReset } from "../../../../lib/auth/password-reset.ts";

export const POST = publicEndpoint(async (ctx) => {
  const input = await readJson(ctx.request, newPasswordInput);
  await completePasswordReset(ctx.db, input.token, input.password);
  return { detail: "Password was reset!" };
});
