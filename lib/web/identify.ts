import type { AstroCookies } from "astro";
import type { Db } from "../db/client.ts";
import { rotateRefreshToken, viewerFromAccessToken } from "../auth/sessions.ts";
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
