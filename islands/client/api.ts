import { toast, trackLoading } from "./toast.ts";

export class ApiError extends Error {
  /** The server's stable error code (lib/errors.ts and each domain's errors.ts); "" when it sent none. */
  readonly code: string;
  constructor(public status: number, public body: Record<string, unknown>) {
    super(typeof body.detail === "string" ? body.detail : `Request failed (${status})`);
    this.code = typeof body.code === "string" ? body.code : "";
  }
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.body)) if (Array.isArray(v) && typeof v[0] === "string") out[k] = v[0];
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

export function notifyError(err: ApiError): void {
  const b = err.body;
  if (err.status === 500) return toast("error", "Internal server error!");
  if (err.status === 403) {
    const why = typeof b.detail === "string" && b.detail !== "You haven't permissions" ? `: ${b.detail}` : "";
    return toast("warning", `You haven't permissions${why}`);
  }
  if (err.status === 404 && b.detail === "No free vans!") return toast("warning", "No free vans!");
  if (err.status === 413) return toast("error", "File so large for upload");
  if (err.status === 400 && Array.isArray(b.non_field_errors)) return toast("error", "Email or password not valid!");
  // The server names what was wrong in `detail`; the catalogue's fixed texts are for answers without one.
  if (typeof b.detail === "string") return toast("error", b.detail);
  if (err.status === 400 && Array.isArray(b.email)) return toast("error", "User with this email does not found!");
  console.error(err);
}
