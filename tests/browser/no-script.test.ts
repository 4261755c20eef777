// Forms work before their scripts arrive (issue 10): with JavaScript off in Chromium, the sign-in, reset
// link, new password and profile forms post natively and the server answers them; the same posts over
// HTTP (urlencoded, as a browser sends them) keep the API's rules, the sign-in throttle included.
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  DEMO_PASSWORD,
  launchBrowser,
  type Page,
  pathOf,
  shot,
  WIDE,
} from "../helpers/browser.ts";
import { homeFor } from "../../lib/auth/permissions.ts";
import { outbox } from "../../lib/outbox/schema.ts";
import { users } from "../../lib/org/schema.ts";
import { INVALID_CREDENTIALS, RESET_SENT } from "../../lib/auth/errors.ts";
import { MAX_FAILURES_PER_ACCOUNT } from "../../lib/auth/throttle.ts";
import { makeSpot, makeUser } from "../../lib/demo/factories.ts";
import { PASSWORD_RESET_DONE, PROFILE_SAVED } from "../../lib/web/page-forms.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

/** A page whose scripts never run: every form goes to the server as the browser posts it. */
async function scriptless(width = WIDE.width): Promise<Page> {
  const context = await (await launchBrowser()).newContext({
    baseURL: app.url,
    viewport: { width, height: 900 },
    javaScriptEnabled: false,
  });
  context.setDefaultTimeout(10_000);
  return await context.newPage();
}
const closeAll = async (...pages: Page[]) => await Promise.all(pages.map((p) => p.context().close()));

async function staffUser(password: string) {
  const user = await makeUser(db, { password, role: 3 });
  await makeSpot(db, user.id, 1);
  return user;
}

async function lastLinkFor(email: string): Promise<string | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id))
    .limit(1);
  return row?.body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? null;
}

/** A form post as a browser sends it: urlencoded, from the page's own origin. */
async function post(path: string, fields: Record<string, string>, origin = app.url) {
  const res = await fetch(app.url + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return {
    status: res.status,
    html: await res.text(),
    headers: res.headers,
    cookies: res.headers.getSetCookie(),
  };
}

browserTest(
  "without scripts: a wrong password shows the text with the e-mail kept; the right one signs in",
  async () => {
    const page = await scriptless();
    await page.goto("/");
    const form = page.getByTestId("login-form");
    await form.getByLabel("Email").fill("dispatcher@example.com");
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Submit" }).click();
    await page.getByTestId("form-error").waitFor();
    assert.equal(await page.getByTestId("form-error").innerText(), INVALID_CREDENTIALS);
    assert.equal(await form.getByLabel("Email").inputValue(), "dispatcher@example.com");
    await shot(page, "no-script-sign-in-refused");

    await form.getByLabel("Password").fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL((u) => u.pathname !== "/"),
      form.getByRole("button", { name: "Submit" }).click(),
    ]);
    assert.equal(pathOf(page), homeFor(1));
    assert.ok((await page.context().cookies()).some((c) => c.name === "dsp_access" && c.httpOnly));
    await closeAll(page);
  },
);

browserTest("without scripts: the reset link, a new password and the profile form all work", async () => {
  const user = await staffUser("old-password-1");
  const page = await scriptless(700);
  await page.goto("/");
  await page.getByRole("button", { name: "Forget password ?" }).click();
  const reset = page.getByTestId("reset-form");
  await reset.getByLabel("Email").fill(user.email);
  await reset.getByRole("button", { name: "Submit" }).click();
  await page.getByTestId("form-notice").waitFor();
  assert.equal(await page.getByTestId("form-notice").innerText(), RESET_SENT);
  await shot(page, "no-script-reset-sent-700");

  const link = await lastLinkFor(user.email);
  assert.ok(link, "the e-mail with the link is in the outbox");
  await page.goto(new URL(link).pathname + new URL(link).search);
  const choose = page.getByTestId("new-password-form");
  await choose.getByLabel("New password", { exact: true }).fill("new-password-1");
  await choose.getByLabel("Repeat the new password").fill("something-else");
  await choose.getByRole("button", { name: "Save password" }).click();
  await page.getByTestId("error-password_confirm").waitFor();
  assert.equal(await page.getByTestId("error-password_confirm").innerText(), "Passwords do not match");
  await choose.getByLabel("New password", { exact: true }).fill("new-password-1");
  await choose.getByLabel("Repeat the new password").fill("new-password-1");
  await Promise.all([
    page.waitForURL(/\/\?password=reset$/),
    choose.getByRole("button", { name: "Save password" }).click(),
  ]);
  assert.equal(await page.getByTestId("form-notice").innerText(), PASSWORD_RESET_DONE);

  const login = page.getByTestId("login-form");
  await login.getByLabel("Email").fill(user.email);
  await login.getByLabel("Password").fill("new-password-1");
  await Promise.all([
    page.waitForURL((u) => u.pathname !== "/"),
    login.getByRole("button", { name: "Submit" }).click(),
  ]);

  await page.goto("/account");
  const profile = page.getByTestId("profile-form");
  await profile.getByLabel("First name").fill("Noscript");
  await Promise.all([
    page.waitForURL(/\/account\?saved$/),
    profile.getByRole("button", { name: "Save" }).click(),
  ]);
  assert.equal(await page.getByTestId("form-notice").innerText(), PROFILE_SAVED);
  assert.equal(await profile.getByLabel("First name").inputValue(), "Noscript");
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users)
    .where(eq(users.id, user.id));
  assert.deepEqual(
    row,
    { firstName: "Noscript", lastName: user.lastName },
    "only the changed field was written",
  );
  await closeAll(page);
});

Deno.test("form posts over HTTP: sign in (303 + cookies), refusals (page again), the throttle still applies", async () => {
  const user = await staffUser("right-password");
  const ok = await post("/", { intent: "login", email: user.email, password: "right-password" });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), homeFor(3));
  assert.ok(ok.cookies.some((c) => c.startsWith("dsp_access=") && /HttpOnly/i.test(c)), ok.cookies.join());

  const empty = await post("/", { intent: "login", email: "", password: "" });
  assert.equal(empty.status, 400);
  assert.match(empty.html, /data-testid="error-email"[^>]*>Required</);

  for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
    const r = await post("/", { intent: "login", email: user.email, password: `wrong-${i}` });
    assert.equal(r.status, 400, `failure ${i + 1}`);
    assert.ok(r.html.includes(INVALID_CREDENTIALS));
    assert.ok(r.html.includes(user.email), "the e-mail is kept");
    assert.equal(r.cookies.length, 0);
  }
  const held = await post("/", { intent: "login", email: user.email, password: "right-password" });
  assert.equal(held.status, 429, "the right password is refused too while throttled");
  assert.match(held.html, /Too many failed sign-in attempts/);
  assert.ok(Number(held.headers.get("retry-after")) > 0);
  assert.equal(held.cookies.length, 0);

  // The JSON API counts the same failures: the account is throttled there as well.
  const api = await new Client(app.url).json("/api/auth/login/", {
    method: "POST",
    json: { email: user.email, password: "right-password" },
  });
  assert.equal(api.status, 429);
});

Deno.test("form posts over HTTP: the reset link answers alike for any address; a bad link or a foreign origin is refused", async () => {
  const user = await staffUser("some-password");
  for (const email of [user.email, "nobody-at-all@example.com"]) {
    const r = await post("/?forgot", { intent: "reset", email });
    assert.equal(r.status, 200);
    assert.ok(r.html.includes(RESET_SENT), email);
  }
  assert.ok(await lastLinkFor(user.email));
  assert.equal(await lastLinkFor("nobody-at-all@example.com"), null);

  const bad = await post("/reset-password?token=nope", {
    token: "nope",
    password: "new-password-2",
    password_confirm: "new-password-2",
  });
  assert.equal(bad.status, 400);
  assert.match(bad.html, /data-testid="form-error"/);

  const foreign = await post(
    "/",
    { intent: "login", email: user.email, password: "some-password" },
    "https://evil.example",
  );
  assert.equal(foreign.status, 403);
  assert.equal(foreign.cookies.length, 0);
});
