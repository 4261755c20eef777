// Who may open what, read from the permission table; 401/403/404 answers; security headers; health.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { homeFor, PAGES } from "../../lib/auth/permissions.ts";
import { COMMON } from "../../lib/errors.ts";
import { DEMO_ACCOUNTS } from "../../lib/demo/seed.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

const clients = new Map<number, Client>();
/** One signed-in client per demo role, reused across the tests of this file. */
async function as(role: number): Promise<Client> {
  let c = clients.get(role);
  if (!c) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    c = new Client(app.url);
    await c.login(account.email, account.password);
    clients.set(role, c);
  }
  return c;
}

async function get(
  c: Client,
  path: string,
): Promise<{ status: number; location: string | null; text: string; res: Response }> {
  const res = await c.fetch(path);
  const text = await res.text();
  const loc = res.headers.get("location");
  return { status: res.status, location: loc === null ? null : new URL(loc, app.url).pathname, text, res };
}

const ROLES = DEMO_ACCOUNTS.map((a) => a.role);

Deno.test("GET /account: 200 for every staff role, with the user's own name", async () => {
  for (const account of DEMO_ACCOUNTS) {
    const r = await get(await as(account.role), "/account");
    assert.equal(r.status, 200, account.email);
    assert.ok(r.text.includes(account.firstName), `${account.email} sees their own profile`);
  }
});

Deno.test("GET /outbox: 200 for the owner only; everyone else is sent to /", async () => {
  for (const role of ROLES) {
    const r = await get(await as(role), "/outbox");
    if (role === 4) assert.equal(r.status, 200);
    else {
      assert.equal(r.status, 302, `role ${role}`);
      assert.equal(r.location, "/");
    }
  }
});

Deno.test("every page in the permission table opens for exactly its roles and sends visitors to /", async () => {
  const visitor = new Client(app.url);
  for (const page of PAGES) {
    const v = await get(visitor, page.path);
    assert.equal(v.status, 302, `visitor ${page.path}`);
    assert.equal(v.location, "/");
    for (const role of ROLES) {
      const c = await as(role);
      let r = await get(c, page.path);
      if (page.roles.includes(role as never)) {
        // A page may open on one of its sub-pages (/setup -> /setup/stations), never back at /.
        if (r.status === 302 && r.location !== "/") r = await get(c, r.location!);
        assert.equal(r.status, 200, `role ${role} opens ${page.path}`);
      } else {
        assert.equal(r.status, 302, `role ${role} is refused ${page.path}`);
        assert.equal(r.location, "/");
      }
    }
  }
});

Deno.test("/ sends each signed-in role to homeFor(role), a page that role can open", async () => {
  for (const role of ROLES) {
    const c = await as(role);
    const r = await get(c, "/");
    assert.equal(r.status, 302, `role ${role}`);
    assert.equal(r.location, homeFor(role), `role ${role}`);
    const home = await get(c, homeFor(role));
    assert.equal(home.status, 200, `role ${role} can open its home ${homeFor(role)}`);
  }
});

Deno.test("/ shows the sign-in page to a visitor", async () => {
  const r = await get(new Client(app.url), "/");
  assert.equal(r.status, 200);
  assert.match(r.text, /LoginPanel|Sign in/);
});

Deno.test("an unknown path is a 404 page saying 'Not Found', signed in or not", async () => {
  for (const c of [new Client(app.url), await as(1)]) {
    for (const path of ["/no-such-page", "/account/extra/deep"]) {
      const r = await get(c, path);
      assert.equal(r.status, 404, path);
      assert.match(r.text, /Not Found/);
    }
  }
});

Deno.test("API without a session: 401 JSON", async () => {
  for (const path of ["/api/current-user/", "/api/users/", "/api/outbox/", "/api/settings/navigation/"]) {
    const res = await fetch(app.url + path);
    assert.equal(res.status, 401, path);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const body = await res.json();
    assert.equal(typeof body.detail, "string");
    assert.equal(body.code, COMMON.unauthenticated, path);
  }
});

Deno.test("API without permission: 403 JSON 'You haven't permissions'", async () => {
  for (const role of [1, 2, 3]) {
    const r = await (await as(role)).json("/api/outbox/");
    assert.equal(r.status, 403, `role ${role}`);
    assert.deepEqual(r.body, { detail: "You haven't permissions", code: COMMON.forbidden });
  }
  const owner = await (await as(4)).json("/api/outbox/");
  assert.equal(owner.status, 200);
  assert.equal(typeof owner.body.count, "number");
  assert.ok(Array.isArray(owner.body.results));
});

// ---------------------------------------------------------------------------------------------------------
// Security headers and the origin check

function assertSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy");
  assert.ok(csp, `${what}: a CSP`);
  assert.doesNotMatch(csp!, /unsafe-eval/, `${what}: no unsafe-eval`);
  assert.match(csp!, /frame-ancestors 'none'/, `${what}: frame-ancestors 'none'`);
  const scriptSrc = csp!.split(";").find((d) => d.trim().startsWith("script-src"));
  if (scriptSrc) assert.doesNotMatch(scriptSrc, /unsafe-inline/, `${what}: no inline scripts`);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff", `${what}: nosniff`);
}

Deno.test("security headers on pages, API answers, redirects, errors and static files", async () => {
  const visitor = new Client(app.url);
  const signedIn = await as(2);
  const cases: [Client, string, RequestInit?][] = [
    [visitor, "/"],
    [visitor, "/account"], // a redirect
    [visitor, "/no-such-page"],
    [visitor, "/api/health"],
    [visitor, "/api/current-user/"], // a 401
    [visitor, "/favicon.svg"],
    [signedIn, "/account"],
    [signedIn, "/"], // a redirect to the home page
    [signedIn, "/api/current-user/"],
    [signedIn, "/api/outbox/"], // a 403
  ];
  for (const [c, path] of cases) {
    const res = await c.fetch(path);
    await res.body?.cancel();
    assertSecurityHeaders(res, `${path} (${res.status})`);
  }
  // A page's CSP is Astro's hashed script/style policy (no inline code allowed) plus ours.
  const page = await signedIn.fetch("/account");
  await page.body?.cancel();
  assert.match(page.headers.get("content-security-policy")!, /script-src 'self' 'sha256-/);
});

Deno.test("the origin check refuses cross-site form posts (login CSRF, forced logout)", async () => {
  const foreign = "https://evil.example";
  const body = JSON.stringify({ email: "owner@example.com", password: "demo1234" });
  for (
    const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]
  ) {
    const res = await fetch(app.url + "/api/auth/login/", {
      method: "POST",
      headers: { origin: foreign, "content-type": contentType },
      body,
    });
    assert.equal(res.status, 403, contentType);
    assert.equal(res.headers.getSetCookie().length, 0);
    assertSecurityHeaders(res, `cross-site ${contentType}`);
    await res.body?.cancel();
  }
  // The same text/plain post from the app's own origin reaches the handler (and signs in).
  const same = await fetch(app.url + "/api/auth/login/", {
    method: "POST",
    headers: { origin: app.url, "content-type": "text/plain" },
    body,
  });
  assert.equal(same.status, 200);
  await same.body?.cancel();

  // A cross-site POST /logout (no body) does not end the session.
  const c = await as(3);
  const res = await fetch(app.url + "/logout", {
    method: "POST",
    headers: { origin: foreign, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  assert.equal(res.status, 403);
  await res.body?.cancel();
  assert.equal((await c.json("/api/current-user/")).status, 200);

  // A JSON post from another site is refused too (it needs a CORS preflight a browser would not get,
  // but the refusal does not rest on that).
  const json = await fetch(app.url + "/api/auth/login/", {
    method: "POST",
    headers: { origin: foreign, "content-type": "application/json" },
    body,
  });
  assert.equal(json.status, 403);
  assert.equal(json.headers.getSetCookie().length, 0);
  await json.body?.cancel();

  // No CORS grant: a browser on another site may not send JSON to the API.
  const pre = await fetch(app.url + "/api/auth/login/", {
    method: "OPTIONS",
    headers: {
      origin: foreign,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
  });
  await pre.body?.cancel();
  assert.equal(pre.headers.get("access-control-allow-origin"), null);
});

Deno.test("/api/health reports ok and the database kind", async () => {
  const res = await fetch(app.url + "/api/health");
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: "ok", database: { kind: "pglite", reachable: true } });
});
