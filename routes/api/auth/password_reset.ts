import { publicEndpoint, readJson } from "../../../lib/web/endpoint.ts";
import { resetRequestInput } from "../../../lib/auth/inputs.ts";
import { requestPasswordReset } from "../../../lib/auth/password-reset.ts";
import { assertNotThrottled, recordFailure } from "../../../lib/auth/throttle.ts";
import { clientIp } from "../../../lib/web/endpoint.ts";
import { publicBaseUrl } from "../../../lib/web/base-url.ts";
import { isDomainError } from "../../../lib/errors.ts";
import { AUTH } from "../../../lib/auth/errors.ts";

export const POST = publicEndpoint(async (ctx) => {
  const { email } = await readJson(ctx.request, resetRequestInput);
  // The spec tells a visitor when no account has the address; throttling keeps that from being a lookup service.
  await assertNotThrottled(ctx.db, email, clientIp(ctx));
  try {
    await requestPasswordReset(ctx.db, email, publicBaseUrl(ctx.url));
  } catch (e) {
    if (isDomainError(e) && e.code === AUTH.userNotFound) await recordFailure(ctx.db, email, clientIp(ctx));
    throw e;
  }
  return { detail: "Password reset e-mail has been sent." };
});
