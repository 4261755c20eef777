// Password reset end to end: the request, the e-mail in the outbox, the single-use expiring link.
import assert from "node:assert/strict";
import process from "node:process";
import http from "node:http";
import { Buffer } from "node:buffer";
import { and, desc, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { outbox } from "../../lib/outbox/schema.ts";
import { passwordResetTokens } from "../../lib/auth/schema.ts";
import { sha256 } from "../../lib/auth/tokens.ts";
import { AUTH, RESET_SENT } from "../../lib/auth/errors.ts";
import { makeDriver, makeUser } from "../../lib/demo/factories.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function post(path: string, json: unknown) {
  const res = await fetch(app.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function lastResetMail(email: string) {
  const [row] = await db.select().from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, "password_reset")))
    .orderBy(desc(outbox.id)).limit(1);
  return row;
}

function tokenOf(link: string): string {
  const url = new URL(link);
  assert.equal(url.pathname, "/reset-password");
  const token = url.searchParams.get("token");
  assert.ok(token);
  return token;
}

Deno.test("an unknown e-mail gets the same 200 and text as a known one, and nothing is queued", async () => {
  const known = await post("/api/auth/password_reset/", { email: (await makeUser(db, { role: 4 })).email });
  const before = await db.$count(outbox);
  const unknown = await post("/api/auth/password_reset/", { email: "nobody-here@example.com" });
  assert.deepEqual(unknown, known);
  assert.deepEqual(unknown, { status: 200, body: { detail: RESET_SENT } });
  assert.equal(await db.$count(outbox), before);
});

Deno.test("a driver's e-mail gets no reset link (drivers cannot sign in)", async () => {
  const driver = await makeDriver(db);
  const r = await post("/api/auth/password_reset/", { email: driver.email });
  assert.equal(r.status, 200);
  assert.equal(await lastResetMail(driver.email), undefined);
});

Deno.test("the 4th reset request for one address within an hour is throttled", async () => {
  const email = (await makeUser(db, { role: 4 })).email;
  for (let i = 0; i < 3; i++) assert.equal((await post("/api/auth/password_reset/", { email })).status, 200);
  const fourth = await post("/api/auth/password_reset/", { email });
  assert.deepEqual([fourth.status, fourth.body.code], [429, AUTH.resetThrottled]);
});

/** A reset request with a forged Host header (fetch always sends the real one, node:http does not). */
function resetWithHost(email: string, host: string): Promise<number> {
  const body = JSON.stringify({ email });
  return new Promise((ok, fail) => {
    const req = http.request(app.url + "/api/auth/password_reset/", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), host },
    }, (res) => {
      res.resume();
      res.on("end", () => ok(res.statusCode ?? 0));
    });
    req.on("error", fail);
    req.end(body);
  });
}

Deno.test("the link is built from the configured address, never the request's Host header", async () => {
  const email = (await makeUser(db, { role: 4 })).email;
  // On loopback without PUBLIC_URL: this server's HOST:PORT.
  assert.equal(await resetWithHost(email, "evil.example"), 200);
  const local = String((await lastResetMail(email)).meta.link);
  assert.ok(local.startsWith(`${app.url}/reset-password?token=`), local);
  const saved = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = "https://backoffice.example.com";
  try {
    assert.equal(await resetWithHost(email, "evil.example"), 200);
  } finally {
    if (saved === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = saved;
  }
  const link = String((await lastResetMail(email)).meta.link);
  assert.ok(link.startsWith("https://backoffice.example.com/reset-password?token="), link);
});

Deno.test("after a reset, the user's other outstanding link is refused", async () => {
  const email = (await makeUser(db, { role: 4 })).email;
  await post("/api/auth/password_reset/", { email });
  const first = tokenOf(String((await lastResetMail(email)).meta.link));
  await post("/api/auth/password_reset/", { email });
  const second = tokenOf(String((await lastResetMail(email)).meta.link));
  const pass = { password: "brand-new-pass", password_confirm: "brand-new-pass" };
  assert.equal((await post("/api/auth/password_reset/confirm/", { token: second, ...pass })).status, 200);
  const stale = await post("/api/auth/password_reset/confirm/", { token: first, ...pass });
  assert.deepEqual([stale.status, stale.body.code], [400, AUTH.invalidLink]);
});

Deno.test("invalid request bodies are 400 'Required' / 'Not valid'", async () => {
  assert.deepEqual((await post("/api/auth/password_reset/", {})).body.email, ["Required"]);
  assert.deepEqual((await post("/api/auth/password_reset/", { email: "nope" })).body.email, ["Not valid"]);
});

Deno.test("the owner resets their password through the e-mailed link, once", async () => {
  // A session opened before the reset, to see it end.
  const before = new Client(app.url);
  await before.login("owner@example.com");
  assert.equal((await before.json("/api/current-user/")).status, 200);

  const r = await post("/api/auth/password_reset/", { email: "owner@example.com" });
  assert.equal(r.status, 200);
  const mail = await lastResetMail("owner@example.com");
  assert.ok(mail, "an outbox row of kind password_reset");
  assert.equal(mail.channel, "email");
  assert.equal(mail.status === "pending" || mail.status === "kept", true, mail.status);
  const link = String(mail.meta.link);
  assert.ok(mail.body.includes(link), "the e-mail body holds the link");
  assert.ok(link.startsWith(app.url), `the link points at this app: ${link}`);
  const token = tokenOf(link);

  // Only a hash of the token is stored.
  const stored = await db.select().from(passwordResetTokens).where(
    eq(passwordResetTokens.tokenHash, await sha256(token)),
  );
  assert.equal(stored.length, 1);
  assert.equal(JSON.stringify(await db.select().from(passwordResetTokens)).includes(token), false);

  // The link opens the page that asks for the new password.
  const page = await fetch(link, { redirect: "manual" });
  assert.equal(page.status, 200);
  await page.body?.cancel();

  const mismatch = await post("/api/auth/password_reset/confirm/", {
    token,
    password: "brand-new-pass",
    password_confirm: "other",
  });
  assert.equal(mismatch.status, 400);
  assert.ok(mismatch.body.password_confirm);
  const short = await post("/api/auth/password_reset/confirm/", {
    token,
    password: "short",
    password_confirm: "short",
  });
  assert.equal(short.status, 400);
  assert.ok(short.body.password);

  const done = await post("/api/auth/password_reset/confirm/", {
    token,
    password: "brand-new-pass",
    password_confirm: "brand-new-pass",
  });
  assert.equal(done.status, 200);
  assert.equal(done.body.detail, "Password was reset!");

  assert.equal(
    (await before.json("/api/current-user/")).status,
    401,
    "sessions opened before the reset are revoked",
  );
  const page2 = await before.fetch("/account");
  await page2.body?.cancel();
  assert.equal(page2.status, 302);

  const withNew = new Client(app.url);
  await withNew.login("owner@example.com", "brand-new-pass");
  assert.equal((await withNew.json("/api/current-user/")).body.email, "owner@example.com");
  const withOld = await post("/api/auth/login/", { email: "owner@example.com", password: "demo1234" });
  assert.equal(withOld.status, 400);
  assert.deepEqual(withOld.body.non_field_errors, ["Email or password not valid!"]);

  const again = await post("/api/auth/password_reset/confirm/", {
    token,
    password: "third-pass-123",
    password_confirm: "third-pass-123",
  });
  assert.equal(again.status, 400, "the link works once");
  assert.equal(again.body.code, AUTH.invalidLink);
  assert.ok(again.body.token);
  const still = new Client(app.url);
  await still.login("owner@example.com", "brand-new-pass");
});

Deno.test("an expired link is refused and leaves the password as it was", async () => {
  const r = await post("/api/auth/password_reset/", { email: "manager@example.com" });
  assert.equal(r.status, 200);
  const token = tokenOf(String((await lastResetMail("manager@example.com")).meta.link));
  await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResetTokens.tokenHash, await sha256(token)));
  const expired = await post("/api/auth/password_reset/confirm/", {
    token,
    password: "late-password",
    password_confirm: "late-password",
  });
  assert.deepEqual([expired.status, expired.body.code], [400, AUTH.invalidLink]);
  assert.match(expired.body.detail, /invalid or has expired/);
  await new Client(app.url).login("manager@example.com", "demo1234");
});

Deno.test("a made-up token is refused", async () => {
  const r = await post("/api/auth/password_reset/confirm/", {
    token: "made-up",
    password: "whatever-123",
    password_confirm: "whatever-123",
  });
  assert.equal(r.status, 400);
  assert.ok(r.body.token);
  assert.equal(r.body.code, AUTH.invalidLink);
});
