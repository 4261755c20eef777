// DA status journeys through Chromium, per role: the register and its filters, the bulk change, the
// row detail with its history, transporter ids, the station-spot editor, exports, and screenshots at
// 1366 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  NARROW,
  newPage,
  type Page,
  shot,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

async function open(email: string, viewport = WIDE, path = "/da-status"): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path });
  await page.getByTestId("da-filters").waitFor();
  return page;
}

const table = (page: Page) => page.getByTestId("da-table");
const rows = (page: Page) => table(page).getByTestId("da-row");
const row = (page: Page, id: string) => table(page).locator(`[data-testid="da-row"][data-da-id="${id}"]`);
const optionValues = (page: Page, selector: string) =>
  page.locator(`${selector} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
const waitLoaded = (page: Page) => page.locator('[aria-busy="false"]').first().waitFor();

browserTest(
  "dispatcher: own stations, statuses 1 and 6 only, no edits; bulk change shows status, date and editor",
  async () => {
    const page = await open("dispatcher@example.com");
    await shot(page, "das-dispatcher-1366");
    assert.deepEqual(await optionValues(page, "#f-station"), ["", "1", "2"]);
    assert.deepEqual(
      await optionValues(page, "#f-status"),
      ["", "1", "5", "6"],
      "no Rehired or Blacklisted filter",
    );
    assert.deepEqual(await optionValues(page, "#bulk-status"), ["", "1", "6"]);
    assert.equal(await table(page).getByTestId("tid-edit").count(), 0, "no transporter id editing");
    assert.equal(await table(page).getByTestId("spots-edit").count(), 0, "no spot editing");
    const tags = await table(page).getByTestId("da-spots").allInnerTexts();
    assert.ok(
      tags.length === 10 && tags.every((t) => /^(DON9|HYZ1)(\s+(DON9|HYZ1))*$/.test(t.trim())),
      tags.join("|"),
    );

    await page.selectOption("#f-status", "1");
    await page.waitForURL(/status=1/);
    await waitLoaded(page);
    const change = page.getByTestId("bulk-change");
    await page.selectOption("#bulk-status", "6");
    assert.equal(await change.isDisabled(), true, "disabled until rows are ticked");
    const ids = [
      await rows(page).nth(0).getAttribute("data-da-id"),
      await rows(page).nth(1).getAttribute("data-da-id"),
    ] as string[];
    await rows(page).nth(0).getByTestId("da-tick").check();
    await rows(page).nth(1).getByTestId("da-tick").check();
    await page.getByTestId("selected-count").filter({ hasText: "2 DAs ticked" }).waitFor();
    await page.getByTestId("bulk-reason").fill("Missed the morning briefing");
    await change.click();
    await expectToast(page, "Driver statuses was changed!");
    for (const id of ids) {
      await row(page, id).getByTestId("da-status").filter({ hasText: "Inactive" }).waitFor();
      const last = await row(page, id).getByTestId("da-last-change").innerText();
      assert.match(last, /^\d\d-\d\d-\d{4} \d\d:\d\d UTC-5\s+by Dana Dispatcher$/, last);
    }
    assert.equal(await change.isDisabled(), true, "ticks are cleared after the change");
    await shot(page, "das-dispatcher-after-change-1366");

    // The row's detail keeps the change with who, when, from, to and why.
    await row(page, ids[0]).getByTestId("da-open").click();
    const history = page.getByTestId("da-history");
    await history.waitFor();
    const first = await history.getByTestId("history-row").first().innerText();
    assert.match(first, /Active → Inactive/);
    assert.match(first, /Dana Dispatcher/);
    assert.match(first, /Missed the morning briefing/);
    await shot(page, "das-dispatcher-detail-1366");
  },
);

browserTest(
  "dispatcher: a single change says 'Driver status was changed!'; the list asked for station 3 stays on own stations",
  async () => {
    const page = await open("dispatcher@example.com", WIDE, "/da-status?in_station=3");
    assert.equal(await page.locator("#f-station").inputValue(), "");
    // Dispatchers may change only Active or Inactive DAs: other rows' tick boxes are disabled.
    const statuses = await rows(page).getByTestId("da-status").allInnerTexts();
    const ids = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-da-id")!));
    for (const [i, st] of statuses.entries()) {
      const disabled = await row(page, ids[i]).getByTestId("da-tick").isDisabled();
      assert.equal(disabled, !["Active", "Inactive"].includes(st.trim()), `${st} row tick`);
    }
    const pick = statuses.findIndex((st) => ["Active", "Inactive"].includes(st.trim()));
    const id = ids[pick];
    const before = await row(page, id).getByTestId("da-status").innerText();
    await row(page, id).getByTestId("da-tick").check();
    await page.selectOption("#bulk-status", before === "Active" ? "6" : "1");
    await page.getByTestId("bulk-change").click();
    await expectToast(page, "Driver status was changed!");
  },
);

browserTest("dispatcher at 700 px: cards, filters and the bulk bar fit", async () => {
  const page = await open("dispatcher@example.com", NARROW);
  await page.getByTestId("da-cards").waitFor();
  assert.equal(await table(page).isVisible(), false);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 700, `no horizontal scroll (scrollWidth ${width})`);
  await shot(page, "das-dispatcher-700");
  await page.getByTestId("da-card").first().getByTestId("da-tick").check();
  await page.getByTestId("selected-count").filter({ hasText: "1 DA ticked" }).waitFor();
  await shot(page, "das-dispatcher-700-ticked");
});

browserTest("owner: all stations and statuses; filters, sorting and paging live in the URL", async () => {
  const page = await open("owner@example.com");
  await shot(page, "das-owner-1366");
  assert.deepEqual(await optionValues(page, "#f-station"), ["", "1", "2", "3"]);
  assert.deepEqual(await optionValues(page, "#f-status"), ["", "1", "2", "3", "5", "6"]);
  assert.deepEqual(await optionValues(page, "#bulk-status"), ["", "1", "2", "3", "5", "6"]);
  await page.getByTestId("page-range").filter({ hasText: "1–10 of 120" }).waitFor();

  await page.selectOption("#f-station", "3");
  await page.waitForURL(/in_station=3/);
  await waitLoaded(page);
  const tags = await table(page).getByTestId("da-spots").allInnerTexts();
  assert.ok(tags.every((t) => t.includes("DTO3")), tags.join("|"));

  await page.getByLabel("Search").fill("zzzz-nobody");
  await page.waitForURL(/search=zzzz-nobody/);
  await table(page).getByTestId("da-empty").filter({ hasText: "No DAs match these filters." }).waitFor();
  await shot(page, "das-owner-empty-1366");
  await page.getByTestId("filters-clear").click();
  await page.waitForURL((u) => !u.search.includes("search"));
  await waitLoaded(page);

  await table(page).getByRole("button", { name: "Badge" }).click();
  await page.waitForURL(/ordering=badge/);
  await waitLoaded(page);
  const badges = await table(page).locator("tbody tr td:nth-child(5)").allInnerTexts();
  assert.deepEqual(badges, [...badges].sort());
  await page.getByTestId("page-size").selectOption("25");
  await page.waitForURL(/page_size=25/);
  await waitLoaded(page);
  assert.equal(await rows(page).count(), 25);
  await page.getByRole("button", { name: "Next page" }).click();
  await page.waitForURL(/page=2/);

  await page.selectOption("#f-status", "6");
  const href = await page.getByTestId("export-xlsx").getAttribute("href");
  assert.match(href!, /^\/api\/driver-model\/export\/\?format=xlsx&status=6&ordering=badge$/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-csv").click(),
  ]);
  assert.match(download.suggestedFilename(), /^DA status \d\d-\d\d-\d{4}\.csv$/);
});

browserTest(
  "owner: 'No Licence' for the placeholder; transporter id edited in place with validation",
  async () => {
    const page = await open("owner@example.com", WIDE, "/da-status?driver_license=license");
    await table(page).getByTestId("da-licence").first().filter({ hasText: "No Licence" }).waitFor();
    const id = (await rows(page).first().getAttribute("data-da-id"))!;
    await row(page, id).getByTestId("tid-edit").click();
    const input = row(page, id).getByLabel("Transporter ID");
    await input.fill("B12");
    await row(page, id).getByRole("button", { name: "Save" }).click();
    await row(page, id).getByTestId("tid-error").filter({ hasText: "Not valid" }).waitFor();
    await shot(page, "das-owner-tid-error-1366");
    // Another DA's id: the server names its holder.
    const other = (await rows(page).nth(1).getByTestId("da-tid").innerText()).trim();
    await input.fill(other);
    await row(page, id).getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Failed to update driver status");
    await row(page, id).getByTestId("tid-error").filter({
      hasText: `Transporter ID ${other} already belongs to`,
    }).waitFor();
    await input.fill("a00000000000z1");
    await row(page, id).getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Driver data was changed!");
    await row(page, id).getByTestId("da-tid").filter({ hasText: "A00000000000Z1" }).waitFor();
  },
);

browserTest("owner: the spot editor disables a used station, adds a spot and saves", async () => {
  const page = await open("owner@example.com", WIDE, "/da-status?in_station=1&status=1");
  const id = (await rows(page).first().getAttribute("data-da-id"))!;
  await row(page, id).getByTestId("spots-edit").click();
  const editor = page.getByTestId("spot-editor");
  await editor.waitFor();
  assert.equal(await editor.getByTestId("spot-row").count(), 1);
  await editor.getByTestId("spot-add").click();
  const added = editor.getByTestId("spot-row").nth(1);
  assert.equal(await added.getByTestId("spot-station").inputValue(), "2", "the first free station");
  const disabled = await added.locator('[data-testid="spot-station"] option[disabled]').evaluateAll((os) =>
    os.map((o) => (o as HTMLOptionElement).value)
  );
  assert.deepEqual(disabled, ["1"], "DON9 is used by the other spot");
  await added.getByTestId("spot-station").selectOption("3");
  await added.getByText("EDV Certified").click();
  await shot(page, "das-owner-spot-editor-1366");
  await page.getByTestId("spots-save").click();
  await expectToast(page, "Station spots were saved!");
  await row(page, id).getByTestId("da-spots").filter({ hasText: "DTO3" }).waitFor();
  assert.match(await row(page, id).getByTestId("da-spots").innerText(), /DON9\s+DTO3/);

  // Removing every spot is refused by the screen and the server alike.
  await row(page, id).getByTestId("spots-edit").click();
  for (let i = 0; i < 2; i++) await editor.getByTestId("spot-remove").first().click();
  await page.getByTestId("spots-save").click();
  await editor.getByTestId("spots-error").filter({ hasText: "A DA needs at least one station spot." })
    .waitFor();
  await page.keyboard.press("Escape");
});

browserTest("owner at 700 px and supervisor: the register fits; a supervisor may blacklist", async () => {
  const narrow = await open("owner@example.com", NARROW);
  await narrow.getByTestId("da-cards").waitFor();
  const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 700, `no horizontal scroll (scrollWidth ${width})`);
  await shot(narrow, "das-owner-700");
  await narrow.getByTestId("da-card").first().getByTestId("spots-edit").click();
  await narrow.getByTestId("spot-editor").waitFor();
  await shot(narrow, "das-owner-spot-editor-700");

  const page = await open("supervisor@example.com");
  const id = (await rows(page).first().getAttribute("data-da-id"))!;
  await row(page, id).getByTestId("da-tick").check();
  await page.selectOption("#bulk-status", "3");
  await page.getByTestId("bulk-change").click();
  await expectToast(page, "Driver status was changed!");
  await row(page, id).getByTestId("da-status").filter({ hasText: "Blacklisted" }).waitFor();
  assert.match(await row(page, id).getByTestId("da-last-change").innerText(), /by Sam Supervisor/);
});
