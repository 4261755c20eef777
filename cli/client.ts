// The HTTP side of the CLI: signing in for tokens, and `apiFetch` for every command that talks to a
// server (imports, exports). It adds the stored bearer token, refreshes it when it has expired (once, on
// a 401 too), stores the rotated pair, and turns the usual failures into sentences.
import {
  type Credentials,
  credentialsPath,
  loadCredentials,
  saveCredentials,
  withCredentialsLock,
} from "./credentials.ts";
import { CliError, UsageError } from "./errors.ts";

export const NOT_LOGGED_IN = "Not logged in: run `dsp login --server URL --email E` first.";

/** A server's non-2xx answer, with the sentence from its body. */
export class ApiError extends CliError {
  constructor(public status: number, message: string, public body: unknown = null) {
    super(message);
    this.name = "ApiError";
  }
}

/** "https://dsp.example.com/" -> "https://dsp.example.com"; a path prefix (behind a proxy) is kept. */
export function normaliseServer(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.includes("://") ? raw : `https://${raw}`);
  } catch {
    throw new UsageError(`--server: "${raw}" is not a URL (for example https://dsp.example.com).`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--server: "${raw}" must be an http:// or https:// URL.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

const userAgent = (() => {
  try {
    return `dsp-cli (${Deno.hostname()})`;
  } catch {
    return "dsp-cli";
  }
})();

/** fetch, with "the server is down" said plainly. */
async function send(server: string, path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("user-agent", userAgent);
  headers.set("accept", "application/json");
  const method = (init.method ?? "GET").toUpperCase();
  // Astro's origin check applies to form posts (file uploads): say where the request is meant for.
  if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) {
    headers.set("origin", new URL(server).origin);
  }
  try {
    return await fetch(server + path, { ...init, headers });
  } catch (e) {
    const reason = (e as Error)?.message?.split("\n")[0] ?? String(e);
    throw new CliError(`Cannot reach the server at ${server} (${reason}).`);
  }
}

/** The sentence in an error response: the API's `detail`, else its first field message. */
export async function errorDetail(res: Response): Promise<{ message: string; body: unknown }> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch { /* not JSON */ }
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === "string" && b.detail) return { message: b.detail, body };
    for (const [k, v] of Object.entries(b)) {
      if (Array.isArray(v) && typeof v[0] === "string") {
        return { message: k === "non_field_errors" ? v[0] : `${k}: ${v[0]}`, body };
      }
    }
  }
  return { message: `HTTP ${res.status} ${res.statusText}`.trim(), body };
}

const postJson = (data: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(data),
});

/** Signs in: POST /api/auth/token/ -> {access, refresh}. Does not store anything. */
export async function requestTokens(server: string, email: string, password: string): Promise<Credentials> {
  const res = await send(server, "/api/auth/token/", postJson({ email, password }));
  if (!res.ok) {
    const { message, body } = await errorDetail(res);
    throw new ApiError(res.status, `Login to ${server} failed: ${message}`, body);
  }
  const pair = await res.json() as { access?: string; refresh?: string };
  if (!pair.access || !pair.refresh) {
    throw new CliError(`The server at ${server} did not answer with tokens: is it a DSP back office?`);
  }
  return { server, email, access: pair.access, refresh: pair.refresh };
}

/** Seconds since the epoch when a JWT expires, or null when it cannot be read. */
function expiresAt(token: string): number | null {
  try {
    const part = token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/");
    const exp = JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, "="))).exp;
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}

const expiresSoon = (token: string) => {
  const exp = expiresAt(token);
  return exp !== null && exp * 1000 < Date.now() + 15_000;
};

const loginAgain = (c: Credentials) => `run \`dsp login --server ${c.server} --email ${c.email}\` again`;

/**
 * Trades the stored refresh token for a new pair and stores it. Under a lock, and only if no other dsp
 * process has rotated it meanwhile (using a rotated token would end the session).
 */
async function refreshTokens(stale: Credentials): Promise<Credentials> {
  const path = credentialsPath();
  return await withCredentialsLock(async () => {
    const current = await loadCredentials(path);
    if (!current) throw new CliError(NOT_LOGGED_IN);
    if (current.refresh !== stale.refresh) return current; // rotated by a sibling process
    const res = await send(
      current.server,
      "/api/auth/token/refresh/",
      postJson({ refresh: current.refresh }),
    );
    if (!res.ok) {
      const { message, body } = await errorDetail(res);
      throw new ApiError(
        res.status,
        `The session on ${current.server} has ended (${message}): ${loginAgain(current)}.`,
        body,
      );
    }
    const pair = await res.json() as { access: string; refresh: string };
    const next = { ...current, access: pair.access, refresh: pair.refresh };
    await saveCredentials(next, path);
    return next;
  }, path);
}

/** The stored credentials, or the "not logged in" error. */
export async function requireCredentials(): Promise<Credentials> {
  const creds = await loadCredentials();
  if (!creds) throw new CliError(NOT_LOGGED_IN);
  return creds;
}

/**
 * A request to the logged-in server: `path` is relative to it ("/api/current-user/"). The token is
 * refreshed before sending when it has expired, and once more on a 401, so a request body must be one
 * that can be sent twice (string, Blob, FormData, bytes; not a stream). Returns the response as is:
 * check `ok`, or use apiJson.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  let creds = await requireCredentials();
  if (expiresSoon(creds.access)) creds = await refreshTokens(creds);
  const withToken = (c: Credentials) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${c.access}`);
    return send(c.server, path, { ...init, headers });
  };
  let res = await withToken(creds);
  if (res.status === 401) {
    await res.body?.cancel();
    creds = await refreshTokens(creds);
    res = await withToken(creds);
    if (res.status === 401) {
      await res.body?.cancel();
      throw new ApiError(
        401,
        `The server at ${creds.server} refused the stored session: ${loginAgain(creds)}.`,
      );
    }
  }
  return res;
}

/** apiFetch for JSON answers: the parsed body, or an ApiError carrying the server's sentence. */
export async function apiJson<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  if (!res.ok) {
    const { message, body } = await errorDetail(res);
    throw new ApiError(
      res.status,
      res.status === 403 ? `${message} (${path} is not open to your role)` : message,
      body,
    );
  }
  return await res.json() as T;
}
