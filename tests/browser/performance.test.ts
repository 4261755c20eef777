// The performance page in Chromium: opened by each role that may (supervisor, manager, owner) and refused
// to a dispatcher; switching the scorecard (past period beside the current one, the annual-only
// scorecard), stepping the period, the PDF link following the choice. Pictures at 1440 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, pathOf, shot, signInAs } from "../helpers/browser.ts";
import { expectAccessible } from "../helpers/axe.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const DESKTOP = { width: 1440, height: 900 };

browserTest("supervisor, manager and owner open /performance; a dispatcher is sent away", async () => {
  for (const who of ["supervisor", "manager", "owner"]) {
    const page = await newPage(app, DESKTOP);
    await signInAs(page, `${who}@example.com`, { path: "/performance" });
    assert.equal(pathOf(page), "/performance", who);
    await page.getByTestId("scorecard-current").waitFor();
    assert.equal(await page.getByTestId("scorecard-select").inputValue(), "TL_PERFORMANCE", "the default");
    await page.getByTestId("reliability").waitFor();
  }
  const page = await newPage(app, DESKTOP);
  await signInAs(page, "dispatcher@example.com", { path: "/das-reports" });
  await goto(page, "/performance");
  assert.notEqual(pathOf(page), "/performance", "role 1 may not open the performance page");
});

browserTest(
  "manager: switches scorecards and periods; the PDF link follows; readable at 700 px",
  async () => {
    const page = await newPage(app, DESKTOP);
    await signInAs(page, "manager@example.com", { path: "/performance" });
    await page.getByTestId("scorecard-past").waitFor();
    assert.match(await page.getByTestId("period-label").innerText(), /^Week \d+, \d{4}$/);
    assert.equal(await page.getByTestId("period-annual").count(), 0, "no Annual for this scorecard");
    await shot(page, "performance-1440");

    await page.getByTestId("scorecard-select").selectOption("TL_VANS");
    await page.waitForURL(/scorecard=TL_VANS/);
    await page.getByTestId("scorecard-current").getByText("Unregistered vans").first().waitFor();
    await shot(page, "performance-vans-1440");
    await expectAccessible(page, "/performance with the vans tables open");

    const before = await page.getByTestId("period-label").innerText();
    await page.getByTestId("period-prev").click();
    await page.waitForFunction(
      (b) => document.querySelector('[data-testid="period-label"]')?.textContent !== b,
      before,
    );
    assert.equal(await page.getByTestId("period-next").isDisabled(), false);
    await page.getByTestId("period-month").click();
    await page.waitForURL(/type=month/);
    assert.match(await page.getByTestId("period-label").innerText(), /^[A-Z][a-z]{2} \d{4}$/);
    await page.getByTestId("period-day").click();
    await page.waitForURL(/type=day/);
    await page.waitForFunction(() => !document.querySelector('[data-testid="scorecard-past"]'));

    await page.getByTestId("scorecard-select").selectOption("PERFORMANCE_SCORECARD");
    await page.waitForURL(/type=annual/);
    assert.match(await page.getByTestId("period-label").innerText(), /^\d{4}$/);
    assert.equal(await page.getByTestId("period-week").count(), 0, "annual only");
    await page.waitForFunction(() =>
      !document.querySelector('[data-testid="performance"]')?.getAttribute("aria-busy")?.includes("true")
    );
    assert.match(
      await page.getByTestId("pdf-export").getAttribute("href") ?? "",
      /scorecard=PERFORMANCE_SCORECARD&type=annual/,
    );
    await shot(page, "performance-scorecard-1440");

    await page.getByTestId("scorecard-select").selectOption("DA_SCORE_TREND");
    await page.waitForURL(/scorecard=DA_SCORE_TREND&type=week/);
    await page.getByTestId("scorecard-current-chart").waitFor();
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="scorecard-current-chart"] tbody')?.children.length ?? 0) > 0
    );
    await shot(page, "performance-bubbles-1440");

    const narrow = await newPage(app, NARROW);
    await signInAs(narrow, "owner@example.com", { path: "/performance" });
    await narrow.getByTestId("scorecard-current").waitFor();
    await shot(narrow, "performance-700");
    await goto(narrow, "/performance?scorecard=RABBIT_REPORTS&type=month");
    await narrow.getByTestId("scorecard-current").waitFor();
    await shot(narrow, "performance-rabbits-700");
  },
);
