import { publicEndpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { refreshInput } from "../../../../lib/auth/inputs.ts";
import { rotateRefreshToken } from "../../../../lib/auth/sessions.ts";
import { HttpError } from "../../../../lib/web/errors.ts";

export const POST = publicEndpoint(async (ctx) => {
  const { refresh } = await readJson(ctx.request, refreshInput);
  const outcome = await rotateRefreshToken(ctx.db, refresh);
  if (!outcome.ok) {
    const detail = outcome.reason === "reused"
      ? "This refresh token was already used; the session has been ended. Sign in again."
      : "Token is invalid or expired";
    throw new HttpError(401, { detail, code: "token_not_valid" });
  }
  return outcome.pair;
});
