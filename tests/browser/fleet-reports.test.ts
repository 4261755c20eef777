// Fleet reports in Chromium, as the owner (the one role that may open it; a manager's redirect is an HTTP
// test): step months, type an invoice and leave the cell, see the colours and the footer follow, reload,
// search, and look at it at 1366 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, type Page, shot, signInAs, WIDE } from "../helpers/browser.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
/** For people looking at the screen (test-results/screens; the whole suite skips it unless SCREENS=1). */
const picture = (page: Page, name: string) => shot(page, name);

const label = (page: Page) => page.getByTestId("month-label").innerText();
const rowOf = (page: Page, van: string) =>
  page.locator(`[data-testid="fleet-report-row"][data-van="${van}"]`);
const totalInvoice = (page: Page) => page.getByTestId("total-invoice").innerText();

browserTest(
  "owner: months, an invoice saved on blur with its colour and footer, kept on reload",
  async () => {
    const page = await newPage(app, WIDE);
    await signInAs(page, "owner@example.com", { path: "/fleet-reports" });
    await page.getByTestId("fleet-report-row").first().waitFor();
    const now = await label(page);
    assert.equal(await page.getByTestId("month-next").isDisabled(), true, "no month after the current one");
    await picture(page, "fleet-reports-1366");

    await page.getByTestId("month-prev").click();
    await page.waitForURL(/month=/);
    assert.notEqual(await label(page), now);
    await page.getByTestId("fleet-report-row").first().waitFor();
    await page.getByTestId("month-next").click();
    await page.getByTestId("fleet-report-row").first().waitFor();
    assert.equal(await label(page), now);
    assert.match(
      now,
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );

    // A van with a rate: an invoice twice the rate is red, the rate itself green.
    const row = page.locator('[data-testid="fleet-report-row"]').filter({ hasNot: page.getByText("No rate") })
      .first();
    const van = (await row.getAttribute("data-van"))!;
    const rate = Number((await row.getByTestId("rate-cell").innerText()).replaceAll(",", ""));
    const before = await totalInvoice(page);
    const input = rowOf(page, van).getByTestId("invoice-input");
    await input.fill("");
    await input.pressSequentially(`${rate * 2}abc`); // letters are not taken
    assert.equal(await input.inputValue(), String(rate * 2));
    await input.blur();
    await page.waitForFunction(
      (v) => document.querySelector(`[data-van="${v}"]`)?.getAttribute("data-agreement") === "off",
      van,
    );
    assert.notEqual(await totalInvoice(page), before, "the footer follows");
    await input.fill(rate.toFixed(2));
    await input.press("Enter");
    await page.waitForFunction(
      (v) => document.querySelector(`[data-van="${v}"]`)?.getAttribute("data-agreement") === "ok",
      van,
    );
    const after = await totalInvoice(page);
    assert.match(
      await rowOf(page, van).getByTestId("invoice-input").evaluate((e) => e.parentElement!.className),
      /emerald/,
    );

    await goto(page, page.url());
    assert.equal(await rowOf(page, van).getByTestId("invoice-input").inputValue(), rate.toFixed(2));
    assert.equal(await totalInvoice(page), after);
    assert.equal(await label(page), now);

    await page.getByTestId("van-search").fill(van);
    assert.equal(await page.getByTestId("fleet-report-row").count(), 1);
    assert.match(await page.getByTestId("download").getAttribute("href") ?? "", new RegExp(`search=${van}`));
    await page.getByTestId("van-search").fill("no such van");
    await page.getByTestId("fleet-report-empty").waitFor();

    const narrow = await newPage(app, NARROW);
    await signInAs(narrow, "owner@example.com", { path: "/fleet-reports" });
    await narrow.getByTestId("fleet-report-row").first().waitFor();
    assert.equal(
      await narrow.getByRole("columnheader", { name: "Vin" }).isVisible(),
      false,
      "Vin gives way at 700 px",
    );
    assert.ok(await narrow.getByTestId("invoice-input").first().isVisible(), "the invoice stays on screen");
    await picture(narrow, "fleet-reports-700");
    await narrow.getByTestId("import-open").click();
    await picture(narrow, "fleet-reports-import-700");
  },
);
