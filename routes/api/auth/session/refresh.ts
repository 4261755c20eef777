import { publicEndpoint } from "../../../../lib/web/endpoint.ts";
import { notAuthenticated } from "../../../../lib/errors.ts";

// The middleware has already rotated the refresh cookie if it could; this tells the page the outcome.
export const POST = publicEndpoint(async (ctx) => {
  if (!ctx.locals.viewer) throw notAuthenticated();
  return { ok: true };
});
