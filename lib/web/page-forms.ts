// Forms that work before their scripts arrive (issue 10): the sign-in and password-reset pages post
// natively when a person submits before the islands hydrate. These handlers do what the JSON endpoints do,
// through the same lib calls (throttle included), and answer as a page can: a 303 to where the user
// lands, or the same page again with the refusal's words and the fields kept.
import type { AstroCookies } from "astro";
import { z } from "zod";
import { DomainError, forbidden } from "../errors.ts";
import { statusOf } from "./endpoint.ts";
import { clientAddress } from "./client-address.ts";
import { setSessionCookies } from "./cookies.ts";
import { publicBaseUrl } from "./base-url.ts";
import { loginInput, newPasswordInput, resetRequestInput } from "../auth/inputs.ts";
import { login } from "../auth/login.ts";
import { completePasswordReset, requestPasswordReset } from "../auth/password-reset.ts";
import { RESET_SENT } from "../auth/errors.ts";
import { loadViewer, type Viewer } from "../users/current-user.ts";
import type { Db } from "../db/client.ts";
import { can, homeFor } from "../auth/permissions.ts";
import { profileInput } from "../users/inputs.ts";
import { updateOwnProfile } from "../users/mutations.ts";

/** What an Astro page hands over (Astro's global has these). */
export interface PageCtx {
  request: Request;
  cookies: AstroCookies;
  url: URL;
  clientAddress: string;
  response: { status?: number; headers: Headers };
  locals: { db: Db; viewer?: Viewer | null };
}

/** A refused form: the words above the form, the first message per field, and the status to answer. */
export interface FormRefusal {
  status: number;
  error: string;
  fields: Record<string, string>;
}
export type FormOutcome = { redirect: string } | { notice: string } | FormRefusal;

export const PASSWORD_RESET_DONE = "Password was reset! Sign in with the new password.";

/**
 * The posted fields as strings (files are not expected on these forms and are dropped). A body that is
 * not a form reads as no fields, which the form's schema then refuses field by field.
 */
export async function formValues(request: Request): Promise<Record<string, string>> {
  let data: FormData;
  try {
    data = await request.formData();
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of data) if (typeof v === "string") out[k] = v;
  return out;
}

/** A refusal as the page shows it; anything else is a real failure and goes on to the 500 handling. */
export function formRefusal(e: unknown): FormRefusal {
  if (e instanceof DomainError) return { status: statusOf(e.kind), error: e.message, fields: {} };
  if (e instanceof z.core.$ZodError) {
    const fields: Record<string, string> = {};
    for (const i of e.issues) fields[String(i.path[0] ?? "form")] ??= i.message;
    return { status: 400, error: "", fields };
  }
  throw e;
}

function peer(ctx: PageCtx): string {
  try {
    return clientAddress(ctx.clientAddress, ctx.request.headers);
  } catch {
    return "unknown";
  }
}

/** Runs one form's work; a throttle's Retry-After goes on the page's answer as the API sends it. */
async function attempt(ctx: PageCtx, work: () => Promise<FormOutcome>): Promise<FormOutcome> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError && e.retryAfterSeconds) {
      ctx.response.headers.set("retry-after", String(e.retryAfterSeconds));
    }
    const refused = formRefusal(e);
    ctx.response.status = refused.status;
    return refused;
  }
}

/** The landing page's POST: `intent=login` signs in (cookies as the API sets them); `intent=reset` asks a link. */
export function landingPost(ctx: PageCtx, values: Record<string, string>): Promise<FormOutcome> {
  const db = ctx.locals.db;
  if (values.intent === "reset") {
    return attempt(ctx, async () => {
      const { email } = resetRequestInput.parse(values);
      await requestPasswordReset(db, email, publicBaseUrl());
      return { notice: RESET_SENT };
    });
  }
  return attempt(ctx, async () => {
    const input = loginInput.parse(values);
    const session = await login(db, input, {
      ip: peer(ctx),
      userAgent: ctx.request.headers.get("user-agent"),
    });
    setSessionCookies(ctx.cookies, ctx.url, session);
    const viewer = await loadViewer(db, session.userId, session.sessionId);
    return { redirect: homeFor(viewer?.role) };
  });
}

/** The new-password page's POST: the token comes back in a hidden field, as the island sends it. */
export function newPasswordPost(ctx: PageCtx, values: Record<string, string>): Promise<FormOutcome> {
  return attempt(ctx, async () => {
    const input = newPasswordInput.parse(values);
    await completePasswordReset(ctx.locals.db, input.token, input.password);
    return { redirect: "/?password=reset" };
  });
}

export const PROFILE_SAVED = "Profile information was changed!";

/**
 * The account page's POST: like the island, only the fields that differ from what the page showed
 * (`shown`) are sent to the same mutation, so an untouched field is never re-validated or overwritten.
 */
export function accountPost(
  ctx: PageCtx,
  shown: Record<string, string>,
  values: Record<string, string>,
): Promise<FormOutcome> {
  return attempt(ctx, async () => {
    const viewer = ctx.locals.viewer;
    if (!viewer || !can(viewer.role, "account.update")) throw forbidden();
    const changed = Object.fromEntries(
      Object.keys(shown).filter((k) => k in values && values[k] !== shown[k]).map((k) => [k, values[k]]),
    );
    await updateOwnProfile(ctx.locals.db, viewer, viewer.id, profileInput.parse(changed));
    return { redirect: "/account?saved" };
  });
}
