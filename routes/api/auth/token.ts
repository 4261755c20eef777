import { clientIp, publicEndpoint, readJson } from "../../../lib/web/endpoint.ts";
import { loginInput } from "../../../lib/auth/inputs.ts";
import { login } from "../../../lib/auth/login.ts";

// Bearer clients (the CLI, scripts): the spec's token pair in the body.
export const POST = publicEndpoint(async (ctx) => {
  const input = await readJson(ctx.request, loginInput);
  const { access, refresh } = await login(ctx.db, input, {
    ip: clientIp(ctx),
    userAgent: ctx.request.headers.get("user-agent"),
  });
  return { access, refresh };
});
