import type { AstroCookies } from "astro";
import type { Db } from "../db/client.ts";
import { rotateRefreshToken, viewerFromAccessToken } from "../auth/sessions.ts";
import { signingKey } from "../settings/queries.ts";
import { type PendingSession, pendingViewer, verifiedClaims } from "../auth/session-cache.ts";
import type { Viewer } from "../users/current-user.ts";
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from "./cookies.ts";

/**
 * Who is asking. API clients send a bearer token (and refresh it themselves, as the spec's client
 * does); browsers hold cookies, and an expired access cookie is refreshed here transparently.
 */
export async function identify(
  db: Db,
  request: Request,
  cookies: AstroCookies,
  url: URL,
): Promise<Viewer | null> {
  const auth = request.headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) {
    return await viewerFromAccessToken(db, auth.slice(7).trim());
  }
  const access = cookies.get(ACCESS_COOKIE)?.value;
  if (access) {
    const viewer = await viewerFromAccessToken(db, access);
    if (viewer) return viewer;
  }
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!refresh) return null;
  const outcome = await rotateRefreshToken(db, refresh, { grace: true });
  if (!outcome.ok) {
    clearSessionCookies(cookies);
    return null;
  }
  setSessionCookies(cookies, url, outcome.pair);
  return await viewerFromAccessToken(db, outcome.pair.access);
}

/**
 * Requests whose handler confirms the session inside its own write (endpoint's `sessionInStatement`), so
 * the remembered viewer may go ahead unchecked: "METHOD route pattern". A tracker cell edit is then one
 * round trip to the database (issue 15). Every other request checks its session first.
 */
const CHECKED_IN_STATEMENT = new Set(["PATCH /api/da-daily-report-record/[id]"]);

/**
 * identify, or, for a request in CHECKED_IN_STATEMENT whose session this server remembers, the
 * remembered viewer with its check still pending (lib/auth/session-cache.ts PendingSession).
 */
export async function identifyOrDefer(
  db: Db,
  request: Request,
  cookies: AstroCookies,
  url: URL,
  route: string,
): Promise<{ viewer: Viewer | null; pending?: PendingSession }> {
  if (CHECKED_IN_STATEMENT.has(`${request.method} ${route}`)) {
    const auth = request.headers.get("authorization");
    const token = auth?.toLowerCase().startsWith("bearer ")
      ? auth.slice(7).trim()
      : cookies.get(ACCESS_COOKIE)?.value;
    const claims = token ? await verifiedClaims(await signingKey(db), token) : null;
    const known = claims ? pendingViewer(db, claims) : null;
    if (known) return known;
  }
  return { viewer: await identify(db, request, cookies, url) };
}
