// Sign-in through the real app: cookies, the spec's bearer token API, transparent refresh and logout.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { makeDriver, makeSpot, makeUser } from "../../lib/demo/factories.ts";
import { sessions } from "../../lib/auth/schema.ts";
import { signAccessToken } from "../../lib/auth/tokens.ts";
import { signingKey } from "../../lib/settings/queries.ts";
import { users } from "../../lib/org/schema.ts";
import { AUTH } from "../../lib/auth/errors.ts";
import type { StationSpotDto } from "../../lib/stations/dto.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

const INVALID = "Email or password not valid!";

/** The Set-Cookie line for one cookie name, as sent. */
function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function bearer(token: string): RequestInit {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function postJson(path: string, json: unknown, init: RequestInit = {}) {
  const res = await fetch(app.url + path, {
    method: "POST",
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string> ?? {}) },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

Deno.test("a visitor is sent from a guarded page to /", async () => {
  const c = new Client(app.url);
  const res = await c.fetch("/account");
  await res.body?.cancel();
  assert.equal(res.status, 302);
  assert.equal(new URL(res.headers.get("location")!, app.url).pathname, "/");
});

Deno.test("the dispatcher signs in and reads their own profile", async () => {
  const c = new Client(app.url);
  await c.login("dispatcher@example.com");
  const me = await c.json("/api/current-user/");
  assert.equal(me.status, 200);
  assert.equal(me.body.email, "dispatcher@example.com");
  assert.equal(me.body.role, 1);
  assert.deepEqual(me.body.station_spots.map((s: StationSpotDto) => s.station.tag), ["DON9", "HYZ1"]);
  assert.equal("password_hash" in me.body || "passwordHash" in me.body, false);
});

Deno.test("login: 200 with HttpOnly, SameSite=Lax session cookies and no token in the body", async () => {
  const c = new Client(app.url);
  const res = await c.fetch("/api/auth/login/", {
    method: "POST",
    json: { email: "supervisor@example.com", password: "demo1234" },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(typeof body.redirect, "string");
  assert.equal("access" in body || "refresh" in body, false, "tokens stay out of the page");
  for (const name of ["dsp_access", "dsp_refresh"]) {
    const line = setCookie(res, name);
    assert.ok(line, `${name} is set`);
    assert.match(line!, /;\s*HttpOnly/i);
    assert.match(line!, /;\s*SameSite=Lax/i);
    assert.match(line!, /;\s*Path=\//i);
    assert.doesNotMatch(line!, /;\s*Secure/i, "plain http: no Secure flag");
  }
  const page = await c.fetch("/account");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Sam/);
});

Deno.test("login: a wrong password is 400 with the spec's non_field_errors and sets no cookie", async () => {
  const c = new Client(app.url);
  const res = await c.fetch("/api/auth/login/", {
    method: "POST",
    json: { email: "manager@example.com", password: "wrong-password" },
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.deepEqual(body.non_field_errors, [INVALID]);
  assert.equal(body.code, AUTH.invalidCredentials);
  assert.equal(res.headers.getSetCookie().length, 0);
  // An unknown account answers exactly alike (no account discovery through sign-in).
  const unknown = await c.json("/api/auth/login/", {
    method: "POST",
    json: { email: "nobody@example.com", password: "demo1234" },
  });
  assert.equal(unknown.status, 400);
  assert.deepEqual(unknown.body.non_field_errors, [INVALID]);
  assert.equal(unknown.body.code, AUTH.invalidCredentials);
});

Deno.test("login: missing or invalid fields are 400 'Required' / 'Not valid'", async () => {
  const c = new Client(app.url);
  const missing = await c.json("/api/auth/login/", { method: "POST", json: {} });
  assert.equal(missing.status, 400);
  assert.deepEqual(missing.body.email, ["Required"]);
  assert.deepEqual(missing.body.password, ["Required"]);
  const empty = await c.json("/api/auth/login/", { method: "POST", json: { email: "", password: "" } });
  assert.equal(empty.status, 400);
  assert.deepEqual(empty.body.email, ["Required"]);
  assert.deepEqual(empty.body.password, ["Required"]);
  const invalid = await c.json("/api/auth/login/", {
    method: "POST",
    json: { email: "not-an-email", password: "x" },
  });
  assert.equal(invalid.status, 400);
  assert.deepEqual(invalid.body.email, ["Not valid"]);
  assert.equal(invalid.body.password, undefined);
});

Deno.test("login: a driver account (role 5) with a valid password is refused", async () => {
  const driver = await makeDriver(app.db.db);
  const { hashPassword } = await import("../../lib/auth/password.ts");
  await app.db.db.update(users).set({ passwordHash: await hashPassword("driver-pass-1") }).where(
    eq(users.id, driver.id),
  );
  const c = new Client(app.url);
  for (const path of ["/api/auth/login/", "/api/auth/token/"]) {
    const res = await c.fetch(path, {
      method: "POST",
      json: { email: driver.email, password: "driver-pass-1" },
    });
    assert.equal(res.status, 403, path);
    const body = await res.json();
    assert.match(body.detail, /driver/i);
    assert.equal(body.code, AUTH.driverAccount);
    assert.equal("access" in body, false);
    assert.equal(res.headers.getSetCookie().length, 0);
  }
  const opened = await app.db.db.select().from(sessions).where(eq(sessions.userId, driver.id));
  assert.equal(opened.length, 0, "no session was opened for the driver");
});

Deno.test("login: a deactivated account is refused, and deactivation ends its open sessions", async () => {
  const user = await makeUser(app.db.db, { password: "s3cret-pass", role: 2 });
  await makeSpot(app.db.db, user.id, 1);
  const c = new Client(app.url);
  await c.login(user.email, "s3cret-pass");
  assert.equal((await c.json("/api/current-user/")).status, 200);

  await app.db.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
  assert.equal((await c.json("/api/current-user/")).status, 401, "the open session stops at once");
  const again = await new Client(app.url).json("/api/auth/login/", {
    method: "POST",
    json: { email: user.email, password: "s3cret-pass" },
  });
  assert.equal(again.status, 403);
  assert.match(again.body.detail, /deactivated/i);
  assert.equal(again.body.code, AUTH.deactivated);
});

Deno.test("bearer API: token pair, current user, rotation, and reuse of a rotated refresh revokes the session", async () => {
  const first = await postJson("/api/auth/token/", { email: "manager@example.com", password: "demo1234" });
  assert.equal(first.status, 200);
  assert.equal(typeof first.body.access, "string");
  assert.equal(typeof first.body.refresh, "string");
  assert.equal(first.res.headers.getSetCookie().length, 0, "bearer clients get no cookies");

  const me = await fetch(app.url + "/api/current-user/", bearer(first.body.access));
  assert.equal(me.status, 200);
  assert.equal((await me.json()).email, "manager@example.com");

  const second = await postJson("/api/auth/token/refresh/", { refresh: first.body.refresh });
  assert.equal(second.status, 200);
  assert.equal(typeof second.body.access, "string");
  assert.equal(typeof second.body.refresh, "string");
  assert.notEqual(second.body.refresh, first.body.refresh, "the refresh token rotates");
  const me2 = await fetch(app.url + "/api/current-user/", bearer(second.body.access));
  assert.equal(me2.status, 200);
  await me2.body?.cancel();

  const third = await postJson("/api/auth/token/refresh/", { refresh: second.body.refresh });
  assert.equal(third.status, 200);

  // The first refresh token again: a copy is in use somewhere. The whole family ends.
  const reuse = await postJson("/api/auth/token/refresh/", { refresh: first.body.refresh });
  assert.equal(reuse.status, 401);
  // The spec's client contract: exactly this body, Simple JWT's code included.
  assert.deepEqual(reuse.body, {
    detail: "This refresh token was already used; the session has been ended. Sign in again.",
    code: "token_not_valid",
  });
  const newest = await postJson("/api/auth/token/refresh/", { refresh: third.body.refresh });
  assert.equal(newest.status, 401, "the newest refresh token is revoked too");
  const access = await fetch(app.url + "/api/current-user/", bearer(third.body.access));
  assert.equal(access.status, 401, "and so is the newest access token");
  await access.body?.cancel();

  const bad = await postJson("/api/auth/token/refresh/", { refresh: "not-a-token" });
  assert.equal(bad.status, 401);
  assert.deepEqual(bad.body, { detail: "Token is invalid or expired", code: "token_not_valid" });
  const missing = await postJson("/api/auth/token/refresh/", {});
  assert.equal(missing.status, 400);
  assert.deepEqual(missing.body.refresh, ["Required"]);
});

Deno.test("bearer API: a garbage or wrongly signed token is 401", async () => {
  for (const token of ["garbage", "a.b.c"]) {
    const res = await fetch(app.url + "/api/current-user/", bearer(token));
    assert.equal(res.status, 401);
    await res.body?.cancel();
  }
  const forged = await signAccessToken(new TextEncoder().encode("not the secret"), {
    userId: 1,
    sessionId: crypto.randomUUID(),
  }, 300);
  const res = await fetch(app.url + "/api/current-user/", bearer(forged));
  assert.equal(res.status, 401);
  await res.body?.cancel();
});

Deno.test("cookie refresh: without the access cookie a page still opens and new cookies are set", async () => {
  const c = new Client(app.url);
  await c.login("owner@example.com");
  const oldRefresh = c.cookies.get("dsp_refresh")!;
  c.cookies.delete("dsp_access");

  const page = await c.fetch("/account");
  assert.equal(page.status, 200);
  await page.body?.cancel();
  assert.ok(setCookie(page, "dsp_access"), "a new access cookie");
  assert.ok(setCookie(page, "dsp_refresh"), "a rotated refresh cookie");
  assert.match(setCookie(page, "dsp_access")!, /HttpOnly/i);
  assert.notEqual(c.cookies.get("dsp_refresh"), oldRefresh);
  assert.equal((await c.json("/api/current-user/")).status, 200);
});

Deno.test("cookie refresh: an expired access cookie is refreshed transparently", async () => {
  const c = new Client(app.url);
  await c.login("supervisor@example.com");
  const me = await c.json("/api/current-user/");
  const [row] = await app.db.db.select({ id: sessions.id }).from(sessions)
    .where(eq(sessions.userId, me.body.id)).orderBy(sessions.createdAt);
  assert.ok(row);
  const expired = await signAccessToken(await signingKey(app.db.db), {
    userId: me.body.id,
    sessionId: row.id,
  }, -60);
  const direct = await fetch(app.url + "/api/current-user/", bearer(expired));
  assert.equal(direct.status, 401, "the expired token alone is refused");
  await direct.body?.cancel();

  c.cookies.set("dsp_access", expired);
  const page = await c.fetch("/settings");
  assert.equal(page.status, 200);
  await page.body?.cancel();
  assert.ok(setCookie(page, "dsp_access"));
  assert.notEqual(c.cookies.get("dsp_access"), expired);
});

Deno.test("logout (POST /logout) revokes the session on the server", async () => {
  const c = new Client(app.url);
  await c.login("dispatcher@example.com");
  const saved = new Map(c.cookies);
  const access = saved.get("dsp_access")!;
  assert.equal((await fetch(app.url + "/api/current-user/", bearer(access))).status, 200);

  const out = await c.fetch("/logout", { method: "POST", headers: { origin: app.url } });
  await out.body?.cancel();
  assert.equal(out.status, 303);
  assert.equal(new URL(out.headers.get("location")!, app.url).pathname, "/");
  assert.equal(c.cookies.size, 0, "the response clears both cookies");

  // Someone who kept a copy of the cookies gets nowhere.
  const replay = new Client(app.url);
  replay.cookies = new Map(saved);
  const page = await replay.fetch("/account");
  await page.body?.cancel();
  assert.equal(page.status, 302);
  assert.equal(new URL(page.headers.get("location")!, app.url).pathname, "/");
  const api = await fetch(app.url + "/api/current-user/", bearer(access));
  assert.equal(api.status, 401);
  await api.body?.cancel();
  const refresh = await postJson("/api/auth/token/refresh/", { refresh: saved.get("dsp_refresh") });
  assert.equal(refresh.status, 401);
});

Deno.test("logout through the API (POST /api/auth/logout/) ends the session as well", async () => {
  const c = new Client(app.url);
  await c.login("manager@example.com");
  const access = c.cookies.get("dsp_access")!;
  const out = await c.json("/api/auth/logout/", { method: "POST" });
  assert.equal(out.status, 200);
  const api = await fetch(app.url + "/api/current-user/", bearer(access));
  assert.equal(api.status, 401);
  await api.body?.cancel();
});

Deno.test("the sign-in and password forms post: a submit before the page is interactive never puts a password in the URL", async () => {
  const html = await (await fetch(app.url + "/")).text();
  const forms = html.match(/<form\b[^>]*>/g) ?? [];
  assert.ok(forms.some((f) => f.includes('data-testid="login-form"')), "the login form is server-rendered");
  for (const f of forms.filter((f) => /login-form|reset-form/.test(f))) assert.match(f, /method="post"/, f);
  // A native (pre-hydration) post to the landing page is answered with the page, not an error.
  const posted = await fetch(app.url + "/", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: "email=a%40b.c&password=x",
  });
  await posted.body?.cancel();
  assert.ok(posted.status < 500, `POST / answered ${posted.status}`);
});
