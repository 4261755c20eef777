import { publicEndpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { refreshInput } from "../../../../lib/auth/inputs.ts";
import { rotateRefreshToken } from "../../../../lib/auth/sessions.ts";
import { tokenNotValid } from "../../../../lib/auth/errors.ts";

export const POST = publicEndpoint(async (ctx) => {
  const { refresh } = await readJson(ctx.request, refreshInput);
  const outcome = await rotateRefreshToken(ctx.db, refresh);
  if (!outcome.ok) throw tokenNotValid(outcome.reason === "reused");
  return outcome.pair;
});
