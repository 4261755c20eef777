import { defineMiddleware } from "astro:middleware";
import type { APIContext, MiddlewareNext } from "astro";
import { appDb } from "../lib/boot/database.ts";
import { identifyOrDefer } from "../lib/web/identify.ts";
import { databaseUnavailable } from "../lib/web/endpoint.ts";
import { isDatabaseUnavailable } from "../lib/db/errors.ts";
import { canOpen, homeFor, pageRule } from "../lib/auth/permissions.ts";
import { applySecurityHeaders } from "../lib/web/headers.ts";
import { isCrossSiteRefused } from "../lib/web/origin.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../lib/web/cookies.ts";
import { forwardedHttps } from "../lib/web/client-address.ts";
import { publicUrlIsHttps } from "../lib/web/base-url.ts";
import {
  currentRequest,
  newRequestRecord,
  type RequestRecord,
  timed,
  withRequest,
} from "../lib/log/request-context.ts";

function peerAddress(ctx: APIContext): string {
  try {
    return ctx.clientAddress;
  } catch {
    return "";
  }
}

const isAsset = (p: string) => p.startsWith("/_astro/") || /\.(css|js|png|svg|ico|jpg|webp|woff2?)$/.test(p);

// Identify, then guard pages with the permission table; API handlers authorise per action themselves.
async function guard(ctx: APIContext, next: MiddlewareNext, request: RequestRecord): Promise<Response> {
  request.route = ctx.routePattern;
  const path = ctx.url.pathname;
  if (isAsset(path)) return next();
  const isApi = path.startsWith("/api/");
  // Behind a TLS-terminating trusted proxy the app sees http; from here on the URL says what the user
  // sees (origin check, Secure cookies).
  if (forwardedHttps(peerAddress(ctx), ctx.request.headers)) ctx.url.protocol = "https:";
  const https = ctx.url.protocol === "https:" || publicUrlIsHttps();
  // The one origin check (Astro's is off): cookie sessions and anonymous browsers are held to their own
  // origin; bearer-token scripts are not (lib/web/origin.ts says why).
  const cookie = ctx.cookies.has(ACCESS_COOKIE) || ctx.cookies.has(REFRESH_COOKIE);
  if (isCrossSiteRefused(ctx.request, ctx.url, cookie)) {
    const res = new Response(
      JSON.stringify({ detail: "Cross-site request refused.", code: "request.cross_site" }),
      {
        status: 403,
        headers: { "content-type": "application/json" },
      },
    );
    applySecurityHeaders(res.headers, true, https);
    return res;
  }
  const db = await appDb();
  ctx.locals.db = db;
  try {
    const who = await timed(
      "session",
      () => identifyOrDefer(db, ctx.request, ctx.cookies, ctx.url, ctx.routePattern),
    );
    ctx.locals.viewer = who.viewer;
    ctx.locals.pendingSession = who.pending;
  } catch (e) {
    // The session check is every request's first statement: a database that does not answer is a 503 here.
    if (!isDatabaseUnavailable(e)) throw e;
    const res = databaseUnavailable();
    applySecurityHeaders(res.headers, true, https);
    return res;
  }
  const viewer = ctx.locals.viewer;
  if (viewer) request.userId = viewer.id;
  if (!isApi) {
    if (path === "/" && viewer) return ctx.redirect(homeFor(viewer.role), 302);
    const rule = pageRule(path);
    if (rule && (!viewer || !canOpen(viewer.role, path))) return ctx.redirect("/", 302);
  }
  const response = await next();
  applySecurityHeaders(response.headers, isApi, https);
  return response;
}

// lib/web/server.ts opens the request's record (id, log line); under `astro dev` nothing has, so open one
// here for the request id in logs and 500 bodies.
export const onRequest = defineMiddleware((ctx, next) => {
  const served = currentRequest();
  if (served) return guard(ctx, next, served);
  const record = newRequestRecord(ctx.request.method);
  return withRequest(record, async () => {
    const response = await guard(ctx, next, record);
    response.headers.set("X-Request-Id", record.id);
    return response;
  });
});
