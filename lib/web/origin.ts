// Which state-changing requests the origin check refuses (routes/_middleware.ts). Cross-site request forgery
// needs a browser that adds credentials on its own: cookies. A bearer token is never added by a browser, and
// a cross-site page cannot set an Authorization header without a CORS preflight this app never grants, so
// requests carrying one are not checked (curl -F, cron, another system). Astro's own check is off
// (astro.config.ts): it refused every form-type body without a same-origin Origin, bearer or not.
import { config } from "../config.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function hasBearer(headers: Headers): boolean {
  return /^bearer\s/i.test(headers.get("authorization") ?? "");
}

function sameOrigin(origin: string, url: URL): boolean {
  return origin === url.origin || origin === config.publicUrl?.replace(/\/$/, "");
}

/**
 * True when the request must be refused as cross-site. `hasSessionCookie`: it carries the access or
 * refresh cookie. Rules, for POST/PUT/PATCH/DELETE without a bearer token:
 * - an `Origin` that is neither the server's own nor PUBLIC_URL is refused, cookie or not (an anonymous
 *   cross-site post to the sign-in endpoints is login CSRF);
 * - with a session cookie and no `Origin` (browsers send one on every such request; `null` counts as
 *   foreign), `Sec-Fetch-Site: cross-site`/`same-site` is refused too;
 * - with neither cookie nor Origin (the SMS provider's webhook, curl without a token) nothing is checked:
 *   such a request acts as nobody.
 */
export function isCrossSiteRefused(request: Request, url: URL, hasSessionCookie: boolean): boolean {
  if (SAFE_METHODS.has(request.method) || hasBearer(request.headers)) return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return !sameOrigin(origin, url);
  if (!hasSessionCookie) return false;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
