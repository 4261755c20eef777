import { clientIp, publicEndpoint, readJson } from "../../../lib/web/endpoint.ts";
import { loginInput } from "../../../lib/auth/inputs.ts";
import { login } from "../../../lib/auth/login.ts";
import { setSessionCookies } from "../../../lib/web/cookies.ts";
import { loadViewer } from "../../../lib/users/current-user.ts";
import { homeFor } from "../../../lib/auth/permissions.ts";

// Browser sign-in: the tokens go into HttpOnly cookies, never into the page.
export const POST = publicEndpoint(async (ctx) => {
  const input = await readJson(ctx.request, loginInput);
  const session = await login(ctx.db, input, {
    ip: clientIp(ctx),
    userAgent: ctx.request.headers.get("user-agent"),
  });
  setSessionCookies(ctx.cookies, ctx.url, session);
  const viewer = await loadViewer(ctx.db, session.userId, session.sessionId);
  return { redirect: homeFor(viewer?.role) };
});
