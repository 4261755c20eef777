import type { APIRoute } from "astro";
import { revokeSession } from "../lib/auth/sessions.ts";
import { clearSessionCookies } from "../lib/web/cookies.ts";

/** Ends the session on the server, so the old cookies stop working everywhere at once. */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.viewer?.sessionId) await revokeSession(locals.db, locals.viewer.sessionId, "logout");
  clearSessionCookies(cookies);
  return redirect("/", 303);
};
