import { endpoint } from "../../../lib/web/endpoint.ts";
import { revokeSession } from "../../../lib/auth/sessions.ts";
import { clearSessionCookies } from "../../../lib/web/cookies.ts";

export const POST = endpoint("account.read", async (ctx) => {
  if (ctx.viewer.sessionId) await revokeSession(ctx.db, ctx.viewer.sessionId, "logout");
  clearSessionCookies(ctx.cookies);
  return { ok: true };
});
