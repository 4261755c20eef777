// Password reset end to end: request on the landing page, read the e-mail in the outbox, follow the link.
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, goto, newPage, pathOf, signIn } from "../helpers/browser.ts";
import { homeFor } from "../../lib/auth/permissions.ts";
import { outbox } from "../../lib/outbox/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

const OWNER = "owner@example.com";

async function lastLinkFor(email: string): Promise<string | null> {
  const [row] = await app.db.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(
    desc(outbox.id),
  ).limit(1);
  return row?.body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? null;
}

browserTest(
  "the reset form validates like the login form and answers an unknown address like a known one",
  async () => {
    const page = await newPage(app);
    await goto(page, "/");
    await page.getByRole("button", { name: "Forget password ?" }).click();
    const form = page.getByTestId("reset-form");
    await form.waitFor();
    assert.equal(await form.locator(".field-error").count(), 0);
    const email = form.getByLabel("Email");
    await email.fill("nobody");
    await email.blur();
    assert.equal(await form.getByTestId("error-email").textContent(), "Not valid");
    await email.fill("");
    assert.equal(await form.getByTestId("error-email").textContent(), "Required");
    await email.fill("nobody@example.com");
    await form.getByRole("button", { name: "Submit" }).click();
    // The same answer as for a known address (issue 9: the form must not list accounts).
    await expectToast(page, "If an account has this address");
    await page.getByTestId("login-form").waitFor();
    await page.getByRole("button", { name: "Forget password ?" }).click();
    // 'Login' switches back.
    await form.getByRole("button", { name: "Login" }).click();
    await page.getByTestId("login-form").waitFor();
  },
);

browserTest(
  "password reset: request, read the link from the outbox, set a new password, sign in with it",
  async () => {
    const page = await newPage(app);
    await goto(page, "/");
    await page.getByRole("button", { name: "Forget password ?" }).click();
    const form = page.getByTestId("reset-form");
    await form.getByLabel("Email").fill(OWNER);
    await form.getByRole("button", { name: "Submit" }).click();
    await expectToast(page, "e-mailed you a link");
    await page.getByTestId("login-form").waitFor();

    // The owner reads it on the Outbox page, in another browser context.
    const owner = await newPage(app);
    await signIn(owner, OWNER);
    await goto(owner, "/outbox");
    const body = await owner.getByTestId("outbox-row").filter({ hasText: OWNER }).first().getByTestId(
      "outbox-body",
    ).innerText();
    const link = body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    assert.ok(link, body);
    assert.equal(link, await lastLinkFor(OWNER), "the page shows the stored message");
    assert.equal(new URL(link).origin, app.url, "the link points at this app");

    const fresh = "n3w-Secret-pass";
    await goto(page, new URL(link).pathname + new URL(link).search);
    const np = page.getByTestId("new-password-form");
    await np.getByLabel("New password", { exact: true }).fill(fresh);
    await np.getByLabel("Repeat the new password").fill(fresh + "x");
    await np.getByLabel("New password", { exact: true }).focus();
    assert.equal(await np.getByTestId("error-password_confirm").textContent(), "Passwords do not match");
    await np.getByLabel("Repeat the new password").fill(fresh);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      np.getByRole("button", { name: "Save password" }).click(),
    ]);
    await expectToast(page, "Password was reset!");

    // The reset ended the owner's other sessions.
    await goto(owner, "/outbox");
    assert.equal(pathOf(owner), "/");

    // The old password no longer works, the new one does.
    const form2 = page.getByTestId("login-form");
    await form2.getByLabel("Email").fill(OWNER);
    await form2.getByLabel("Password").fill("demo1234");
    await form2.getByRole("button", { name: "Submit" }).click();
    await expectToast(page, "Email or password not valid!");
    await signIn(page, OWNER, fresh);
    assert.equal(pathOf(page), homeFor(4));
    await expectToast(page, "Welcome!");

    // The link is single-use.
    const again = await newPage(app);
    await goto(again, new URL(link).pathname + new URL(link).search);
    const np2 = again.getByTestId("new-password-form");
    await np2.getByLabel("New password", { exact: true }).fill("another-pass-1");
    await np2.getByLabel("Repeat the new password").fill("another-pass-1");
    await np2.getByRole("button", { name: "Save password" }).click();
    await expectToast(again, "invalid or has expired");
    assert.equal(pathOf(again), "/reset-password");
  },
);

browserTest("the reset page without a token explains itself and links back", async () => {
  const page = await newPage(app);
  await goto(page, "/reset-password");
  await page.getByText("This page needs the link from your e-mail").waitFor();
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/"),
    page.getByRole("link", { name: "Ask for a new one" }).click(),
  ]);
});
