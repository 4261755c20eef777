// Staff accounts in Chromium, per role: the owner creates a manager who sets a password through the e-mailed
// link and signs in; a manager can give only Dispatcher and Supervisor and edits only those; deactivation;
// dispatchers and supervisors never reach the page.
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  hydrated,
  NARROW,
  newPage,
  type Page,
  pathOf,
  shot,
  signIn,
  signInAs,
} from "../helpers/browser.ts";
import { outbox, users } from "../../lib/db/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const unique = () => crypto.randomUUID().slice(0, 6);

async function fillAccount(
  page: Page,
  a: { first: string; last: string; email: string; role: string; stations: string[] },
) {
  const form = page.getByTestId("staff-form");
  await form.getByLabel("First name").fill(a.first);
  await form.getByLabel("Last name").fill(a.last);
  await form.getByLabel("E-mail").fill(a.email);
  await form.getByLabel("Mobile number").fill("+12065550142");
  await form.getByLabel("Role").selectOption({ label: a.role });
  for (const tag of a.stations) await form.getByLabel(`Station ${tag}`).check();
}

async function findRow(page: Page, text: string) {
  await page.getByTestId("staff-search").fill(text);
  const row = page.getByTestId("staff-row").filter({ hasText: text });
  await row.first().waitFor();
  return row.first();
}

for (const role of ["dispatcher", "supervisor"]) {
  browserTest(`a ${role} has no Staff accounts entry and is sent away from /staff`, async () => {
    const page = await newPage(app);
    await signIn(page, `${role}@example.com`);
    assert.equal(
      await page.getByTestId("side-menu").getByRole("link", { name: "Staff accounts" }).count(),
      0,
    );
    await goto(page, "/staff");
    assert.notEqual(pathOf(page), "/staff");
  });
}

browserTest(
  "the owner creates a manager; the link from the outbox sets the password; the manager signs in",
  async () => {
    const page = await newPage(app);
    await signInAs(page, "owner@example.com");
    await page.getByTestId("side-menu").getByRole("link", { name: "Staff accounts" }).click();
    await page.waitForURL("**/staff");
    await hydrated(page);
    await page.getByTestId("staff-add").click();
    const form = page.getByTestId("staff-form");
    await form.waitFor();
    assert.deepEqual(await form.getByLabel("Role").locator("option").allTextContents(), [
      "Choose a role…",
      "Dispatcher",
      "Supervisor",
      "Manager",
      "Owner",
    ]);

    // Submitting empty shows the errors at once, without a request.
    await page.getByTestId("staff-save").click();
    assert.equal(await form.getByTestId("error-first_name").textContent(), "Required");
    assert.equal(await form.getByTestId("error-email").textContent(), "Required");
    assert.equal(await form.getByTestId("error-station_spots").textContent(), "Choose at least one station");

    const email = `mia.${unique()}@example.com`;
    await fillAccount(page, {
      first: "Mia",
      last: "Novak",
      email,
      role: "Manager",
      stations: ["DON9", "DTO3"],
    });
    await form.getByLabel("Agency at DON9").selectOption({ label: "Direct Hire" });
    await form.getByTestId("spot-DON9").getByText("Standard Cargo").click();
    await shot(page, "staff-create-form-owner");
    await page.getByTestId("staff-save").click();
    await expectToast(
      page,
      `Account created for Mia Novak. A link to set the password was sent to ${email}.`,
    );
    const row = await findRow(page, email);
    assert.match(await row.textContent() ?? "", /Manager/);
    assert.match(await row.textContent() ?? "", /Invited/);
    assert.match(await row.textContent() ?? "", /DON9.*DTO3/);

    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));
    const link = new URL(String(mail.meta.link));
    const newcomer = await newPage(app);
    await goto(newcomer, `${link.pathname}${link.search}`);
    await newcomer.getByLabel("New password", { exact: true }).fill("mia's own pass");
    await newcomer.getByLabel("Repeat the new password").fill("mia's own pass");
    await newcomer.getByRole("button", { name: "Save password" }).click();
    await newcomer.waitForURL((u) => u.pathname === "/");
    await signIn(newcomer, email, "mia's own pass");
    await goto(newcomer, "/staff");
    assert.equal(pathOf(newcomer), "/staff");
  },
);

browserTest(
  "a manager can give only Dispatcher and Supervisor, edits only those, and sees owners as view only",
  async () => {
    const page = await newPage(app, NARROW);
    await signInAs(page, "manager@example.com", { path: "/staff" });
    const ownerRow = await findRow(page, "owner@example.com");
    await ownerRow.getByTestId("view-only").waitFor();
    assert.equal(await ownerRow.getByRole("button", { name: /Edit/ }).count(), 0);

    await page.getByTestId("staff-search").fill("");
    await page.getByTestId("staff-add").click();
    const form = page.getByTestId("staff-form");
    assert.deepEqual(await form.getByLabel("Role").locator("option").allTextContents(), [
      "Choose a role…",
      "Dispatcher",
      "Supervisor",
    ]);

    // A duplicate e-mail comes back from the server as a field error.
    await fillAccount(page, {
      first: "Dup",
      last: "Licate",
      email: "dispatcher@example.com",
      role: "Dispatcher",
      stations: ["HYZ1"],
    });
    await page.getByTestId("staff-save").click();
    await form.getByTestId("error-email").filter({
      hasText: "A user with the e-mail dispatcher@example.com already exists.",
    }).waitFor();

    const email = `dan.${unique()}@example.com`;
    await form.getByLabel("E-mail").fill(email);
    await shot(page, "staff-create-form-manager-700");
    await page.getByTestId("staff-save").click();
    await expectToast(
      page,
      `Account created for Dup Licate. A link to set the password was sent to ${email}.`,
    );

    // Edit: promote to Supervisor.
    const row = await findRow(page, email);
    await row.getByRole("button", { name: "Edit Dup Licate" }).click();
    await form.getByLabel("Role").selectOption({ label: "Supervisor" });
    await page.getByTestId("staff-save").click();
    await expectToast(page, "Dup Licate's account was saved.");
    const [u] = await db.select().from(users).where(eq(users.email, email));
    assert.equal(u.role, 2);
  },
);

browserTest(
  "the owner deactivates and reactivates an account after confirming; a link can be re-sent",
  async () => {
    const page = await newPage(app);
    await signInAs(page, "owner@example.com", { path: "/staff" });
    const row = await findRow(page, "supervisor@example.com");
    await row.getByRole("button", { name: "Edit Sam Supervisor" }).click();
    const actions = page.getByTestId("account-actions");
    await actions.getByRole("button", { name: "Send password link" }).click();
    await page.getByTestId("confirm").click();
    await expectToast(page, "A link to set the password was sent to supervisor@example.com.");

    await row.getByRole("button", { name: "Edit Sam Supervisor" }).click();
    await actions.getByRole("button", { name: "Deactivate" }).click();
    assert.match(await page.getByTestId("confirm-text").textContent() ?? "", /signed out everywhere/);
    await page.getByTestId("confirm").click();
    await expectToast(page, "Sam Supervisor's account was deactivated.");
    await page.getByTestId("staff-row").filter({ hasText: "supervisor@example.com" }).filter({
      hasText: "Deactivated",
    }).waitFor();
    const [off] = await db.select().from(users).where(eq(users.email, "supervisor@example.com"));
    assert.equal(off.isActive, false);

    await row.getByRole("button", { name: "Edit Sam Supervisor" }).click();
    await actions.getByRole("button", { name: "Reactivate" }).click();
    await page.getByTestId("confirm").click();
    await expectToast(page, "Sam Supervisor's account was reactivated.");
    const [on] = await db.select().from(users).where(eq(users.email, "supervisor@example.com"));
    assert.equal(on.isActive, true);

    // Their own row: no Deactivate, and the role cannot be changed.
    const me = await findRow(page, "owner@example.com");
    await me.getByRole("button", { name: /Edit Olivia/ }).click();
    assert.equal(await actions.getByRole("button", { name: "Deactivate" }).count(), 0);
    assert.equal(await page.getByTestId("staff-form").getByLabel("Role").isDisabled(), true);
  },
);
