import { toast, type ToastKind, trackLoading } from "./toast.ts";
import { FORBIDDEN_TEXT } from "../../lib/errors.ts";
import { AUTH, INVALID_CREDENTIALS } from "../../lib/auth/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";

export class ApiError extends Error {
  /** The server's stable error code (lib/errors.ts and each domain's errors.ts); "" when it sent none. */
  readonly code: string;
  constructor(public status: number, public body: Record<string, unknown>) {
    super(typeof body.detail === "string" ? body.detail : `Request failed (${status})`);
    this.code = typeof body.code === "string" ? body.code : "";
  }
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.body)) {
      if (Array.isArray(v) && typeof v[0] === "string") out[k] = v[0];
    }
    return out;
  }
}

/**
 * The one fetch wrapper, applying the client error catalogue of 01 section 8. Cookies carry the
 * session; the server refreshes an expired access cookie itself, so a 401 here means the session is
 * over (one refresh retry, then back to the sign-in page).
 */
export async function api<T = unknown>(
  path: string,
  init: RequestInit & { json?: unknown; quiet?: boolean; retried?: boolean } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  trackLoading(1);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, body, credentials: "same-origin" });
  } catch {
    trackLoading(-1);
    if (!init.quiet) toast("error", "The server cannot be reached. Check your connection.");
    throw new ApiError(0, { detail: "network" });
  }
  trackLoading(-1);
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { detail: text };
  }
  if (res.ok) return data as T;
  if (res.status === 401) {
    if (!init.retried) {
      const again = await fetch("/api/auth/session/refresh/", { method: "POST", credentials: "same-origin" });
      if (again.ok) return api<T>(path, { ...init, retried: true });
    }
    window.location.assign("/");
    throw new ApiError(401, data);
  }
  const err = new ApiError(res.status, data);
  if (!init.quiet) notifyError(err);
  throw err;
}

/**
 * The client error catalogue (01 section 8) as data: by status for the generic cases, by code for the
 * named ones. Only a sign-in refusal (its code, not any 400 with `non_field_errors`) reads 'Email or
 * password not valid!'; a 403 reads the catalogue's words. Null: nothing to show (logged instead).
 */
export function catalogueMessage(err: ApiError): { kind: ToastKind; message: string } | null {
  const b = err.body;
  if (err.status === 500) return { kind: "error", message: "Internal server error!" };
  if (err.status === 403) return { kind: "warning", message: FORBIDDEN_TEXT };
  if (err.code === TRACKER.noFreeVans) return { kind: "warning", message: "No free vans!" };
  if (err.status === 413) return { kind: "error", message: "File so large for upload" };
  if (err.code === AUTH.invalidCredentials) return { kind: "error", message: INVALID_CREDENTIALS };
  // The server names what was wrong in `detail`; the catalogue's fixed texts are for answers without one.
  if (typeof b.detail === "string" && b.detail) return { kind: "error", message: b.detail };
  return null;
}

export function notifyError(err: ApiError): void {
  const shown = catalogueMessage(err);
  if (shown) toast(shown.kind, shown.message);
  // A 403's own reason stays out of the toast (the catalogue's words) but is kept for whoever looks.
  if (err.status === 403 && typeof err.body.detail === "string" && err.body.detail !== FORBIDDEN_TEXT) {
    console.warn(err.body.detail);
  }
  if (!shown) console.error(err);
}
