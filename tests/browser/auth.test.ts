// Sign-in, validation, page guards, the 404 page, transparent refresh and logout, through Chromium.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, goto, hydrated, newPage, pathOf, signIn } from "../helpers/browser.ts";
import { canOpen, homeFor, PAGES } from "../../lib/auth/permissions.ts";
import { ROLE_NAMES, type RoleId, STAFF_ROLES } from "../../lib/auth/roles.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

const EMAIL: Record<number, string> = {
  1: "dispatcher@example.com",
  2: "supervisor@example.com",
  3: "manager@example.com",
  4: "owner@example.com",
};

for (const role of STAFF_ROLES) {
  browserTest(
    `${ROLE_NAMES[role]} signs in through the form, sees 'Welcome!' and lands on homeFor(${role})`,
    async () => {
      const page = await newPage(app);
      await signIn(page, EMAIL[role]);
      assert.equal(pathOf(page), homeFor(role));
      await expectToast(page, "Welcome!");
    },
  );
}

browserTest(
  "login validation: errors only after touch; 'Required', 'Not valid'; wrong password toast",
  async () => {
    const page = await newPage(app);
    await goto(page, "/");
    const form = page.getByTestId("login-form");
    const email = form.getByLabel("Email");
    const password = form.getByLabel("Password");

    // Untouched: no errors even though both fields are empty.
    assert.equal(await form.locator(".field-error").count(), 0);
    await email.focus();
    assert.equal(
      await form.getByTestId("error-email").count(),
      0,
      "no error while the field is first focused",
    );

    // Touched and left empty.
    await password.focus();
    await form.getByTestId("error-email").waitFor();
    assert.equal(await form.getByTestId("error-email").textContent(), "Required");
    assert.equal(await form.getByTestId("error-password").count(), 0, "password is not touched yet");

    // A bad address.
    await email.fill("not-an-email");
    await password.focus();
    await form.getByTestId("error-email").filter({ hasText: "Not valid" }).waitFor();

    // The password, touched and left empty.
    await email.focus();
    assert.equal(await form.getByTestId("error-password").textContent(), "Required");

    // A well-formed address with the wrong password: the catalogue's toast, still on the landing page.
    await email.fill("owner@example.com");
    await password.fill("not-the-password");
    assert.equal(await form.locator(".field-error").count(), 0);
    await form.getByRole("button", { name: "Submit" }).click();
    await expectToast(page, "Email or password not valid!");
    assert.equal(pathOf(page), "/");
  },
);

browserTest("submitting the empty form shows 'Required' on both fields and sends nothing", async () => {
  const page = await newPage(app);
  await goto(page, "/");
  let posted = 0;
  page.on("request", (r) => r.method() === "POST" && posted++);
  const form = page.getByTestId("login-form");
  await form.getByRole("button", { name: "Submit" }).click();
  assert.equal(await form.getByTestId("error-email").textContent(), "Required");
  assert.equal(await form.getByTestId("error-password").textContent(), "Required");
  assert.equal(posted, 0);
});

for (const role of STAFF_ROLES) {
  const forbidden = PAGES.filter((p) => !p.roles.includes(role as RoleId));
  browserTest(
    `${ROLE_NAMES[role]} opening a page the table does not grant is sent to / (${forbidden.length} pages)`,
    async () => {
      const page = await newPage(app);
      await signIn(page, EMAIL[role]);
      // Each navigation counts as done once the last answer of its redirects arrives ("commit"): where it
      // ended and with what status is known then, and rendering 88 pages whole cost Chromium half a
      // minute of CPU for nothing asserted here (each page's own tests render it).
      for (const p of forbidden) {
        await page.goto(p.path, { waitUntil: "commit" });
        // "/" itself sends a signed-in user on to their home page.
        assert.equal(pathOf(page), homeFor(role), `${p.path} for role ${role}`);
      }
      // And every page the table grants does open (a page may forward within itself, e.g. to a default tab).
      for (const p of PAGES.filter((x) => x.roles.includes(role as RoleId))) {
        const res = await page.goto(p.path, { waitUntil: "commit" });
        assert.equal(res?.ok(), true, `${p.path} for role ${role}: status ${res?.status()}`);
        assert.ok(pathOf(page).startsWith(p.path), `${p.path} for role ${role} ended on ${pathOf(page)}`);
        assert.ok(canOpen(role, pathOf(page)), `${pathOf(page)} for role ${role}`);
      }
    },
  );
}

browserTest("a visitor opening any guarded page lands on the sign-in form", async () => {
  const page = await newPage(app);
  for (const p of PAGES) {
    await goto(page, p.path);
    assert.equal(pathOf(page), "/", p.path);
    await page.getByTestId("login-form").waitFor();
  }
});

browserTest("an unknown path shows 'Not Found' with status 404", async () => {
  const page = await newPage(app);
  const res = await page.goto("/no-such-page-here");
  assert.equal(res?.status(), 404);
  await page.getByRole("heading", { name: "Not Found" }).waitFor();
  // Also when signed in.
  await signIn(page, EMAIL[4]);
  const again = await page.goto("/really/not/here");
  assert.equal(again?.status(), 404);
  await page.getByRole("heading", { name: "Not Found" }).waitFor();
});

browserTest("an expired access cookie is refreshed transparently from the refresh cookie", async () => {
  const page = await newPage(app);
  await signIn(page, EMAIL[1]);
  const ctx = page.context();
  const before = await ctx.cookies();
  const oldAccess = before.find((c) => c.name === "dsp_access");
  const refresh = before.find((c) => c.name === "dsp_refresh");
  assert.ok(oldAccess && refresh, "both session cookies are set");
  assert.equal(oldAccess.httpOnly && refresh.httpOnly, true, "session cookies are HttpOnly");

  await ctx.clearCookies({ name: "dsp_access" });
  assert.deepEqual((await ctx.cookies()).filter((c) => c.name.startsWith("dsp_")).map((c) => c.name), [
    "dsp_refresh",
  ]);
  await goto(page, "/account");
  assert.equal(pathOf(page), "/account");
  await page.getByTestId("profile-form").waitFor();
  const after = await ctx.cookies();
  const access = after.find((c) => c.name === "dsp_access");
  assert.ok(access, "a new access cookie is set");
  assert.equal(access.httpOnly, true);
  const rotated = after.find((c) => c.name === "dsp_refresh");
  assert.ok(rotated, "the refresh cookie is still there");
  assert.notEqual(rotated.value, refresh.value, "the refresh token rotated");
  // The new pair keeps working on the next request without another refresh.
  await goto(page, "/settings");
  assert.equal(pathOf(page), "/settings");
  assert.equal((await ctx.cookies()).find((c) => c.name === "dsp_refresh")?.value, rotated.value);
});

browserTest("logout ends the session: back to /, and the old cookies no longer open /account", async () => {
  const page = await newPage(app);
  await signIn(page, EMAIL[3]);
  await goto(page, "/account");
  const old = await page.context().cookies();
  assert.ok(old.some((c) => c.name === "dsp_access"));

  await page.getByTestId("account-menu").click();
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/"),
    page.getByRole("menuitem", { name: "Logout" }).click(),
  ]);
  await hydrated(page);
  await page.getByTestId("login-form").waitFor();
  assert.equal((await page.context().cookies()).filter((c) => c.name.startsWith("dsp_")).length, 0);

  // A stolen copy of the old cookies is worthless: the session was revoked on the server.
  const thief = await newPage(app);
  await thief.context().addCookies(old);
  await goto(thief, "/account");
  assert.equal(pathOf(thief), "/");
  await thief.getByTestId("login-form").waitFor();
});
