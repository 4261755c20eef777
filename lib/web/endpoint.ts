/// <reference path="./astro-env.d.ts" />
// The shape of ctx.locals (App.Locals), for every type check that loads this file, not only astro check's.
import type { APIContext, APIRoute } from "astro";
import { clientAddress } from "./client-address.ts";
import { z } from "zod";
import { type Action, can } from "../auth/permissions.ts";
import type { Viewer } from "../users/current-user.ts";
import type { Db } from "../db/client.ts";
import { COMMON, DomainError, type ErrorKind, forbidden, notAuthenticated } from "../errors.ts";
import { log } from "../log/logger.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { currentRequest } from "../log/request-context.ts";
import type { PendingSession } from "../auth/session-cache.ts";

export interface Ctx extends APIContext {
  db: Db;
  viewer: Viewer;
}

/** Turns zod issues into the DRF-shaped body the spec's client reads ({field: [msg]}), plus a sentence. */
export function validationBody(error: z.core.$ZodError): Record<string, unknown> {
  const body: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "non_field_errors";
    (body[key] ??= []).push(issue.message);
  }
  const detail = Object.entries(body).map(([k, v]) => (k === "non_field_errors" ? v[0] : `${k}: ${v[0]}`))
    .join("; ");
  return { ...body, detail };
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  throttled: 429,
  unavailable: 503,
};

export const statusOf = (kind: ErrorKind): number => STATUS_OF[kind];

/** The JSON body of a refusal: the spec's field keys and `detail`, the stable `code`, and any data. */
export function domainErrorBody(e: DomainError): Record<string, unknown> {
  return { ...e.fields, ...e.data, detail: e.message, code: e.code };
}

/** The database does not answer: a prompt 503 that says so (the pool reconnects when it is back). */
export function databaseUnavailable(): Response {
  log.warn("database unavailable", { request_id: currentRequest()?.id });
  return json(
    {
      detail: "The database is not answering at the moment; nothing was changed. Try again in a minute.",
      code: "db.unavailable",
    },
    503,
    { "retry-after": "10" },
  );
}

export function errorResponse(e: unknown): Response {
  if (e instanceof DomainError) {
    const headers: Record<string, string> = e.retryAfterSeconds
      ? { "retry-after": String(e.retryAfterSeconds) }
      : {};
    return json(domainErrorBody(e), statusOf(e.kind), headers);
  }
  if (e instanceof z.core.$ZodError) return json({ ...validationBody(e), code: COMMON.invalidInput }, 400);
  if (isDatabaseUnavailable(e)) return databaseUnavailable();
  const requestId = currentRequest()?.id;
  log.error("unhandled error", { error: e });
  return json({ detail: "Internal server error!", code: COMMON.internal, request_id: requestId }, 500);
}

/**
 * Buffers the whole body: safe because lib/web/server.ts caps every body while it streams (1 MB, 64 KB
 * under /api/auth/) before it gets here. Under `astro dev` there is no such cap (docs/decisions.md).
 */
export async function readJson<T extends z.core.$ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  let data: unknown;
  try {
    data = await request.json();
  } catch {
    throw new DomainError(COMMON.invalidJson, "invalid", "The request body is not valid JSON.");
  }
  return z.parse(schema, data);
}

export interface EndpointOptions {
  /**
   * The handler confirms the session inside its own write (lib/auth/session-cache.ts sessionGuard), so
   * a remembered viewer may run it before the check: `ctx.pending` is then the pending session, which
   * the handler must `ensure()` before any write without the guard. The route is listed in
   * lib/web/identify.ts CHECKED_IN_STATEMENT.
   */
  sessionInStatement?: boolean;
}

/** An authenticated API handler: 401 without a session, 403 without the action in the permission table. */
export function endpoint(
  action: Action,
  handler: (ctx: Ctx & { pending?: PendingSession }) => Promise<unknown>,
  opts: EndpointOptions = {},
): APIRoute {
  return async (ctx) => {
    try {
      const pending = ctx.locals.pendingSession;
      if (pending && opts.sessionInStatement) return await speculate(ctx, action, handler, pending);
      if (pending) ctx.locals.viewer = await pending.check();
      return await answer(ctx, action, handler);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

async function answer(
  ctx: APIContext,
  action: Action,
  handler: (ctx: Ctx & { pending?: PendingSession }) => Promise<unknown>,
  session?: PendingSession,
  request = ctx.request,
): Promise<Response> {
  const viewer = ctx.locals.viewer;
  if (!viewer) throw notAuthenticated();
  if (!can(viewer.role, action)) throw forbidden();
  // A second run reads the body from a copy taken before the first (a request's body reads once).
  const target = request === ctx.request ? ctx : Object.defineProperty(Object.create(ctx), "request", {
    value: request,
  });
  const result = await handler(Object.assign(target, { db: ctx.locals.db, viewer, pending: session }));
  return result instanceof Response ? result : json(result);
}

/**
 * Runs the handler with the remembered viewer, then settles the session before anything is answered:
 * confirmed by a guarded write, or checked now. A session gone is a 401 whatever the handler said; a
 * viewer changed meanwhile (a role, spots, org data) runs the handler again as the viewer is now.
 */
async function speculate(
  ctx: APIContext,
  action: Action,
  handler: (ctx: Ctx & { pending?: PendingSession }) => Promise<unknown>,
  pending: PendingSession,
): Promise<Response> {
  const again = ctx.request.clone();
  let outcome: { response: Response } | { error: unknown };
  try {
    outcome = { response: await answer(ctx, action, handler, pending) };
  } catch (e) {
    outcome = { error: e };
  }
  if (await pending.unchanged()) {
    if ("response" in outcome) return outcome.response;
    throw outcome.error;
  }
  ctx.locals.viewer = await pending.check();
  return await answer(ctx, action, handler, undefined, again);
}

/** A handler open to visitors (sign-in, token, password reset). */
export function publicEndpoint(handler: (ctx: APIContext & { db: Db }) => Promise<unknown>): APIRoute {
  return async (ctx) => {
    try {
      const result = await handler(Object.assign(ctx, { db: ctx.locals.db }));
      return result instanceof Response ? result : json(result);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

export function clientIp(ctx: APIContext): string {
  try {
    return clientAddress(ctx.clientAddress, ctx.request.headers);
  } catch {
    return "unknown";
  }
}
