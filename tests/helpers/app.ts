// The real app (the built Astro server) in this test file's process, on a test database.
import { type DbHandle, setDb } from "../../lib/db/client.ts";
import { startHttpServer } from "../../lib/web/server.ts";
import { ENGINES } from "./db.ts";

export interface TestApp {
  url: string;
  db: DbHandle;
  close(): Promise<void>;
}

/**
 * One per test file: Deno runs each test file in its own isolate, so the module-level app is per file.
 * `engine`: the database it opens when not given one, PGlite (the embedded default) unless told;
 * TEST_APP_ENGINE=pglite|postgres puts every such app on one engine.
 */
export async function startTestApp(
  opts: { demo?: boolean; db?: DbHandle; engine?: "pglite" | "postgres" } = {},
): Promise<TestApp> {
  const name = Deno.env.get("TEST_APP_ENGINE") || opts.engine || "pglite";
  const engine = ENGINES.find((e) => e.name === name);
  if (!engine) {
    throw new Error(`TEST_APP_ENGINE=${name}: expected one of ${ENGINES.map((e) => e.name).join(", ")}`);
  }
  const db = opts.db ?? await engine.open({ demo: opts.demo ?? true });
  setDb(db);
  const server = await startHttpServer({ host: "127.0.0.1", port: 0 });
  // E-mailed links are built from the configured address (HOST:PORT on loopback), never the request's.
  process.env.PORT = new URL(server.url).port;
  return {
    url: server.url,
    db,
    close: async () => {
      await server.close();
      await db.close();
    },
  };
}

/** A tiny cookie-keeping client that speaks to the app like a browser on the same origin. */
export class Client {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      init = { ...init, body: JSON.stringify(init.json) };
    }
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", this.base);
    const res = await fetch(this.base + path, { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const [k, v] = pair.split("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || v === "") this.cookies.delete(k.trim());
      else this.cookies.set(k.trim(), v);
    }
    return res;
  }

  // The one `any` left on purpose: HTTP tests read whatever JSON an endpoint answers and assert on it
  // field by field; a caller that wants the DTO's type names it (`c.json<VanDto>(...)`).
  // deno-lint-ignore no-explicit-any
  async json<T = any>(
    path: string,
    init: RequestInit & { json?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async login(email: string, password = "demo1234"): Promise<void> {
    const r = await this.json("/api/auth/login/", { method: "POST", json: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
