import type { AstroCookies } from "astro";
import { config } from "../config.ts";
import { publicUrlIsHttps } from "./base-url.ts";

export const ACCESS_COOKIE = "dsp_access";
export const REFRESH_COOKIE = "dsp_refresh";

/**
 * HttpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS: directly, through a trusted
 * proxy (the middleware marks the URL), or because PUBLIC_URL is https.
 */
export function setSessionCookies(
  cookies: AstroCookies,
  url: URL,
  pair: { access: string; refresh: string | null },
) {
  const base = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: url.protocol === "https:" || publicUrlIsHttps(),
  };
  cookies.set(ACCESS_COOKIE, pair.access, { ...base, maxAge: config.accessTokenSeconds });
  if (pair.refresh) {
    cookies.set(REFRESH_COOKIE, pair.refresh, { ...base, maxAge: config.sessionDays * 86_400 });
  }
}

export function clearSessionCookies(cookies: AstroCookies) {
  cookies.delete(ACCESS_COOKIE, { path: "/" });
  cookies.delete(REFRESH_COOKIE, { path: "/" });
}
