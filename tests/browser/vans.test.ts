// Fleet status journeys through Chromium, per role: the register, filters, sorting, the bulk change,
// the row detail with its history, and screenshots at 1366 and 700 px.
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

async function open(email: string, viewport = WIDE, path = "/fleet-status"): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path });
  await page.getByTestId("van-filters").waitFor();
  return page;
}

const rows = (page: Page) => page.getByTestId("van-row");
const optionValues = (page: Page, selector: string) =>
  page.locator(`${selector} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

browserTest(
  "dispatcher: own stations only, no Off Boarded, bulk change of two vans with a reason",
  async () => {
    const page = await open("dispatcher@example.com");
    await shot(page, "vans-dispatcher-1366");
    const tags = await page.locator('[data-testid="van-row"] td:nth-child(6)').allInnerTexts();
    assert.ok(tags.length > 0 && tags.every((t) => t === "DON9" || t === "HYZ1"), tags.join(","));
    assert.deepEqual(await optionValues(page, "#bulk-status"), ["", "1", "2"]);

    const change = page.getByTestId("bulk-change");
    await page.selectOption("#f-status", "1");
    await page.waitForURL(/status=1/);
    assert.equal(await change.isDisabled(), true, "disabled until rows are ticked");
    const ticked = [
      await rows(page).nth(0).getAttribute("data-van-id"),
      await rows(page).nth(1).getAttribute("data-van-id"),
    ];
    await rows(page).nth(0).getByTestId("van-tick").check();
    await rows(page).nth(1).getByTestId("van-tick").check();
    await page.selectOption("#bulk-status", "2");
    assert.equal(await change.isDisabled(), true, "Out of Service needs a reason");
    assert.deepEqual(await optionValues(page, "#bulk-reason"), ["", "0", "1", "2", "3"]);
    await page.selectOption("#bulk-reason", "2");
    await change.click();
    await expectToast(page, "Fleet statuses was changed!");
    await page.selectOption("#f-status", "2");
    for (const id of ticked) {
      const row = page.locator(`[data-testid="van-row"][data-van-id="${id}"]`);
      await row.getByTestId("van-status").filter({ hasText: "Out of Service" }).waitFor();
      assert.equal(await row.getByTestId("van-reason").innerText(), "Malfunction");
      assert.match(await row.getByTestId("van-last-change").innerText(), /by Dana|by /);
    }
    await shot(page, "vans-dispatcher-after-bulk-1366");
  },
);

browserTest("dispatcher: the detail shows the whole history; the station cannot be changed", async () => {
  const page = await open("dispatcher@example.com", WIDE, "/fleet-status?status=1&ordering=id");
  const id = await rows(page).first().getAttribute("data-van-id");
  const first = page.locator(`[data-testid="van-row"][data-van-id="${id}"]`);
  await first.getByTestId("van-tick").check();
  await page.selectOption("#bulk-status", "2");
  await page.selectOption("#bulk-reason", "0");
  await page.getByTestId("bulk-change").click();
  await expectToast(page, "Fleet status was changed!");
  await page.selectOption("#f-status", "");
  await first.getByTestId("van-status").filter({ hasText: "Out of Service" }).waitFor();
  await first.getByTestId("van-open").click();
  await page.getByTestId("history-row").first().waitFor();
  assert.match(
    await page.getByTestId("history-row").first().innerText(),
    /Available → Out of Service \(Regular maintenance\)/,
  );
  assert.equal(await page.locator("#van-station").count(), 0);
  await page.getByTestId("station-locked").waitFor();
  assert.deepEqual(await optionValues(page, "#van-status"), ["1", "2"]);
  // A second change from the drawer adds a second history row.
  await page.selectOption("#van-status", "1");
  await page.getByTestId("van-save").click();
  await expectToast(page, "Fleet status was changed!");
  await page.getByTestId("history-row").nth(1).waitFor();
  assert.match(await page.getByTestId("history-row").first().innerText(), /Out of Service → Available/);
  await shot(page, "vans-dispatcher-detail-1366");
});

browserTest(
  "owner: all stations, filters and sorting in the URL, Off Boarded offered, station moved in the detail",
  async () => {
    const page = await open("owner@example.com");
    assert.deepEqual(await optionValues(page, "#bulk-status"), ["", "1", "2", "3"]);
    await page.selectOption("#f-station", {
      label: "DTO3 · " + (await page.locator("#f-station option").nth(3).innerText()).split(" · ")[1],
    });
    await page.waitForURL(/station=3/);
    const tags = await page.locator('[data-testid="van-row"] td:nth-child(6)').allInnerTexts();
    assert.ok(tags.every((t) => t === "DTO3"));
    await page.getByRole("button", { name: "Plate" }).click();
    await page.waitForURL(/ordering=plate_number/);
    // The URL changes before the sorted page arrives: wait for the rows themselves, then read them.
    const platesSorted = () => {
      const cells = [...document.querySelectorAll('[data-testid="van-row"] td:nth-child(5)')];
      const texts = cells.map((c) => (c as HTMLElement).innerText);
      return texts.length > 1 && texts.every((t, i) => i === 0 || texts[i - 1] <= t);
    };
    await page.waitForFunction(platesSorted, null, { timeout: 10_000 }).catch(() => {});
    const plates = await page.locator('[data-testid="van-row"] td:nth-child(5)').allInnerTexts();
    assert.deepEqual(plates, [...plates].sort());
    const xlsx = await page.getByTestId("export-xlsx").getAttribute("href");
    assert.match(xlsx!, /format=xlsx.*station=3.*ordering=plate_number/);
    await shot(page, "vans-owner-1366");

    const row = rows(page).first();
    await row.getByTestId("van-tick").check();
    await page.selectOption("#bulk-status", "3");
    await page.getByTestId("bulk-change").click();
    await expectToast(page, "Fleet status was changed!");
    await row.getByTestId("van-status").filter({ hasText: "Off Boarded" }).waitFor();

    await row.getByTestId("van-open").click();
    await page.locator("#van-station").selectOption("1");
    await page.getByTestId("van-save").click();
    await expectToast(page, "Fleet status was changed!");
    await page.getByTestId("van-facts").filter({ hasText: "DON9" }).waitFor();
    await shot(page, "vans-owner-detail-1366");
  },
);

browserTest(
  "supervisor and manager open the register; an empty filter shows the finished empty state",
  async () => {
    for (const email of ["supervisor@example.com", "manager@example.com"]) {
      const page = await open(email, WIDE, "/fleet-status?van_number=no-such-van");
      await page.getByTestId("van-empty").first().waitFor();
      assert.match(await page.getByTestId("van-empty").first().innerText(), /No vans match these filters/);
    }
  },
);

browserTest("700 px: dispatcher and owner see cards and the bulk bar", async () => {
  for (const [who, email] of [["dispatcher", "dispatcher@example.com"], ["owner", "owner@example.com"]]) {
    const page = await open(email, NARROW);
    await page.getByTestId("van-card").first().waitFor();
    assert.equal(await page.getByTestId("van-table").isVisible(), false);
    await shot(page, `vans-${who}-700`);
    await page.getByTestId("van-card").first().getByRole("button").first().click();
    await page.getByTestId("van-facts").waitFor();
    await shot(page, `vans-${who}-detail-700`);
  }
});

browserTest("1366 px: supervisor screenshot with the Out of Service filter", async () => {
  const page = await open("supervisor@example.com", WIDE, "/fleet-status?status=2");
  await shot(page, "vans-supervisor-oos-1366");
  const emptyOwner = await open("owner@example.com", WIDE, "/fleet-status?plate_number=zzzz");
  await shot(emptyOwner, "vans-owner-empty-1366");
});
