// The account page: read-only facts and the profile form.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, goto, newPage, signIn } from "../helpers/browser.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

browserTest("account: edit the mobile number, Save, toast, and the reload shows the new value", async () => {
  const page = await newPage(app);
  await signIn(page, "supervisor@example.com");
  await goto(page, "/account");
  await page.getByRole("heading", { name: "Your Profile information" }).waitFor();
  const info = page.getByTestId("profile-info");
  assert.ok((await info.innerText()).includes("supervisor@example.com"));

  const form = page.getByTestId("profile-form");
  const mobile = form.getByLabel("Mobile number", { exact: true });
  const save = form.getByRole("button", { name: "Save" });
  assert.equal(await save.isDisabled(), true, "nothing changed yet");
  const value = `+1206555${String(Date.now()).slice(-4)}`; // a valid US number (E.164, as stored)
  await mobile.fill(value);
  assert.equal(await save.isEnabled(), true);
  await save.click();
  await expectToast(page, "Profile information was changed!");
  assert.equal(await save.isDisabled(), true, "saved: nothing left to save");

  await goto(page, "/account");
  assert.equal(
    await page.getByTestId("profile-form").getByLabel("Mobile number", { exact: true }).inputValue(),
    value,
  );
});

browserTest(
  "account: Cancel restores the saved values; a changed first name shows in the top bar after reload",
  async () => {
    const page = await newPage(app);
    await signIn(page, "dispatcher@example.com");
    await goto(page, "/account");
    const form = page.getByTestId("profile-form");
    const first = form.getByLabel("First name");
    const original = await first.inputValue();
    await first.fill("Changed");
    await form.getByRole("button", { name: "Cancel" }).click();
    assert.equal(await first.inputValue(), original);

    await first.fill("Danielle");
    await form.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Profile information was changed!");
    await goto(page, "/account");
    assert.ok((await page.getByTestId("user-name").innerText()).includes("Danielle"));
  },
);
