// Reference data in Chromium: the tab bar, add/edit in a dialog, delete after a question, the refusal that
// names what still uses a row, money typed in dollars and shown as $1,250.00.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  hydrated,
  newPage,
  pathOf,
  shot,
  signIn,
  signInAs,
} from "../helpers/browser.ts";
import { vans } from "../../lib/db/schema.ts";
import { makeSpot, makeUser } from "../../lib/demo/factories.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const unique = () => crypto.randomUUID().replace(/[^0-9]/g, "").slice(0, 3);

browserTest("/setup opens Stations; the tabs lead to every section", async () => {
  const page = await newPage(app);
  await signInAs(page, "owner@example.com");
  await page.getByTestId("side-menu").getByRole("link", { name: "Reference data" }).click();
  await page.waitForURL("**/setup/stations");
  await hydrated(page);
  assert.equal(await page.getByTestId("tab-stations").getAttribute("aria-current"), "page");
  await page.getByTestId("tab-fleet-sizes").click();
  await page.waitForURL("**/setup/fleet-sizes");
  await hydrated(page);
  const builtIn = page.getByTestId("setup-row").filter({ hasText: "Cargo Van" }).first();
  assert.equal(
    await builtIn.getByRole("button", { name: /^Delete/ }).isDisabled(),
    true,
    "built-in sizes cannot be deleted",
  );
});

browserTest(
  "the owner adds, renames and deletes a station; DON9's delete is refused with what uses it",
  async () => {
    const page = await newPage(app);
    await signInAs(page, "owner@example.com", { path: "/setup/stations" });
    const tag = `Q${unique()}`;

    await page.getByTestId("setup-add").click();
    const form = page.getByTestId("entity-form");
    await form.getByLabel("Tag").fill("toolong");
    await form.getByLabel("Title").click();
    await form.getByTestId("error-tag").filter({ hasText: "3-5 letters or digits" }).waitFor();
    await form.getByLabel("Tag").fill(tag.toLowerCase());
    await form.getByLabel("Title").fill("Quarry Road");
    await page.getByTestId("entity-save").click();
    await expectToast(page, `Station ${tag} was added.`);
    const row = page.getByTestId("setup-row").filter({ hasText: tag });
    await row.waitFor();

    await row.getByRole("button", { name: `Edit station ${tag}` }).click();
    await form.getByLabel("Title").fill("Quarry Road North");
    await page.getByTestId("entity-save").click();
    await expectToast(page, `Station ${tag} was saved.`);
    await page.getByTestId("setup-row").filter({ hasText: "Quarry Road North" }).waitFor();

    await page.getByTestId("setup-row").filter({ hasText: "DON9" }).getByRole("button", {
      name: "Delete station DON9",
    }).click();
    await page.getByTestId("confirm").click();
    const refused = page.getByTestId("delete-refused");
    await refused.waitFor();
    assert.match(
      await refused.textContent() ?? "",
      /^Cannot delete station DON9: \d+ DAs, .*vans.* use it\.$/,
    );
    await shot(page, "setup-delete-refused");
    await page.getByTestId("confirm").click();

    await row.getByRole("button", { name: `Delete station ${tag}` }).click();
    assert.match(
      await page.getByTestId("confirm-text").textContent() ?? "",
      new RegExp(`Delete station ${tag}\\?`),
    );
    await page.getByTestId("confirm").click();
    await expectToast(page, `Station ${tag} was deleted.`);
    await row.waitFor({ state: "detached" });
  },
);

browserTest(
  "a manager adds a van with the rate in dollars; it shows as money; a bad VIN is caught in the form",
  async () => {
    const page = await newPage(app);
    await signIn(page, "manager@example.com");
    await goto(page, "/setup/vans");
    assert.equal(pathOf(page), "/setup/vans");
    await page.getByTestId("setup-add").click();
    const form = page.getByTestId("entity-form");
    const number = `9${unique()}`;
    await form.getByLabel("Number").fill(number);
    await form.getByLabel("Plate").fill("qrs1234");
    await form.getByLabel("VIN").fill("1FTBW2CM5PKI12345");
    await form.getByLabel("Ownership").selectOption({ label: "Owned" });
    await form.getByLabel("Monthly rate ($)").fill("1250");
    await form.getByLabel("Fleet size").selectOption({ label: "6 — Medium Van" });
    await form.getByLabel("Company").fill("Ford");
    await form.getByLabel("Model").fill("Transit 150");
    await page.getByTestId("entity-save").click();
    await form.getByTestId("error-vin").filter({ hasText: "without I, O or Q" }).waitFor();
    await shot(page, "setup-van-form-error");
    await form.getByLabel("VIN").fill("1FTBW2CM5PKA12345");
    await page.getByTestId("entity-save").click();
    await expectToast(page, `Van ${number} was added.`);

    await page.getByTestId("setup-search").fill(number);
    // The search also matches VINs and plates: pick the row by its own Edit button, named by the number.
    const row = page.getByTestId("setup-row").filter({
      has: page.getByRole("button", { name: `Edit van ${number}`, exact: true }),
    });
    await row.waitFor();
    assert.match(await row.textContent() ?? "", /\$1,250\.00/);
    assert.match(await row.textContent() ?? "", /QRS1234/);
    const [saved] = await db.select().from(vans).where(eq(vans.number, number));
    assert.equal(saved.monthlyRateCents, 125_000);
    assert.equal(saved.stationId, 1, "station 1 is the default when the viewer has it");

    // Saving the form again leaves the rate as it was (dollars are converted once, on the server).
    await row.getByRole("button", { name: `Edit van ${number}` }).click();
    assert.equal(await form.getByLabel("Monthly rate ($)").inputValue(), "1250.00");
    await form.getByLabel("Model").fill("Transit 150 AWD");
    await page.getByTestId("entity-save").click();
    await expectToast(page, `Van ${number} was saved.`);
    await row.filter({ hasText: "Transit 150 AWD" }).waitFor();
    assert.match(await row.textContent() ?? "", /\$1,250\.00/);
    const [again] = await db.select().from(vans).where(eq(vans.number, number));
    assert.equal(again.monthlyRateCents, 125_000);

    await row.getByRole("button", { name: `Delete van ${number}` }).click();
    await page.getByTestId("confirm").click();
    await expectToast(page, `Van ${number} was deleted.`);
  },
);

browserTest(
  "a manager of some stations sees shared data read-only; vans stay editable; the owner edits",
  async () => {
    const limited = await makeUser(db, { role: 3, password: "limited pass" });
    await makeSpot(db, limited.id, 1);
    const page = await newPage(app);
    await signIn(page, limited.email, "limited pass");
    for (const section of ["stations", "agencies", "fleet-groups", "van-groups", "fleet-sizes"]) {
      await goto(page, `/setup/${section}`);
      await hydrated(page);
      await page.getByTestId("setup-row").first().waitFor();
      assert.equal(await page.getByTestId("setup-add").count(), 0, `${section}: no Add`);
      assert.equal(
        await page.getByRole("button", { name: /^(Edit|Delete) / }).count(),
        0,
        `${section}: no Edit/Delete`,
      );
    }
    await goto(page, "/setup/vans");
    await hydrated(page);
    await page.getByTestId("setup-row").first().waitFor();
    assert.equal(await page.getByTestId("setup-add").count(), 1, "vans: Add");
    assert.ok(await page.getByRole("button", { name: /^Edit / }).count() > 0, "vans: Edit");

    const ownerPage = await newPage(app);
    await signInAs(ownerPage, "owner@example.com", { path: "/setup/agencies" });
    await hydrated(ownerPage);
    await ownerPage.getByTestId("setup-row").first().waitFor();
    assert.equal(await ownerPage.getByTestId("setup-add").count(), 1, "the owner adds");
    assert.ok(await ownerPage.getByRole("button", { name: /^Edit / }).count() > 0, "the owner edits");
  },
);
