import { toast, trackLoading } from "./toast.ts";
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

/** The client error catalogue (01 section 8): by status for the generic cases, by code for the named ones. */
export function notifyError(err: ApiError): void {
  const b = err.body;
  if (err.status === 500) return toast("error", "Internal server error!");
  if (err.status === 403) {
    // The catalogue's words, then the server's reason when it gave one beyond them.
    const why = typeof b.detail === "string" && b.detail !== FORBIDDEN_TEXT ? `: ${b.detail}` : "";
    return toast("warning", `${FORBIDDEN_TEXT}${why}`);
  }
  if (err.code === TRACKER.noFreeVans) return toast("warning", "No free vans!");
  if (err.status === 413) return toast("error", "File so large for upload");
  if (err.code === AUTH.invalidCredentials) return toast("error", INVALID_CREDENTIALS);
  // The server names what was wrong in `detail`; the catalogue's fixed texts are for answers without one.
  if (typeof b.detail === "string") return toast("error", b.detail);
  console.error(err);
}
