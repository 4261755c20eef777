// The Pulse page (/scorecard, 03 2.7) in Chromium on the demo organisation: each role that may open it
// (supervisor, manager, owner) sees the 14 tiles with their own pickers; the owner switches on the
// 'External setting' (the tiles' pickers hide, one shared set drives all) and steps a period; a
// dispatcher is sent away. Pictures at 1440 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, NARROW, newPage, pathOf, shot, signInAs } from "../helpers/browser.ts";
import { dayOfWeek } from "../../lib/dates/calendar.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { DEFAULT_TIME_ZONE } from "../../lib/settings/queries.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const DESKTOP = { width: 1440, height: 900 };

const tiles = (page: import("../helpers/browser.ts").Page) =>
  page.locator('[data-testid^="tile-"][data-state]');
const allReady = (page: import("../helpers/browser.ts").Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll("[data-testid^='tile-'][data-state]")].every((t) =>
      t.getAttribute("data-state") === "ready"
    )
  );

browserTest(
  "supervisor and manager open Pulse: 14 tiles, each with a station and period picker",
  async () => {
    for (const email of ["supervisor@example.com", "manager@example.com"]) {
      const page = await newPage(app, DESKTOP);
      await signInAs(page, email, { path: "/scorecard" });
      await page.getByTestId("pulse-grid").waitFor();
      assert.equal(await tiles(page).count(), 14, email);
      assert.equal(await page.getByTestId("tile-controls").count(), 14, `${email}: a picker set per tile`);
      await page.getByRole("heading", { name: "Days Availabile" }).waitFor();
      await page.getByRole("heading", { name: "Rejected before start of the Shift" }).waitFor();
      // One tile's own stepper moves that tile only.
      const first = page.getByTestId("tile-days-available");
      const before = await first.getByTestId("tile-period").innerText();
      assert.match(before, /^Week \d+, \d{4}$/);
      // A week around yesterday (the last whole day): this week, but on a Sunday last week.
      assert.equal(
        await first.getByTestId("tile-next").isDisabled(),
        dayOfWeek(todayIn(DEFAULT_TIME_ZONE)) !== 0,
        "no week after this one",
      );
      await first.getByTestId("tile-prev").click();
      await page.waitForFunction(
        (b) =>
          document.querySelector('[data-testid="tile-days-available"] [data-testid="tile-period"]')
            ?.textContent !== b,
        before,
      );
      await allReady(page);
      assert.equal(await page.getByTestId("tile-rejected").getByTestId("tile-period").innerText(), before);
    }
  },
);

browserTest("owner: External setting drives every tile from one set; stepping it moves all", async () => {
  const page = await newPage(app, DESKTOP);
  await signInAs(page, "owner@example.com", { path: "/scorecard" });
  await page.getByTestId("pulse-grid").waitFor();
  assert.equal(await tiles(page).count(), 14);
  await shot(page, "pulse-1440");
  const toggle = page.getByRole("switch", { name: "External setting" });
  assert.equal(await toggle.getAttribute("aria-checked"), "false");
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-checked"), "true");
  await page.getByTestId("shared-controls").waitFor();
  assert.equal(await page.getByTestId("tile-controls").count(), 0, "the tiles' pickers hide");
  await allReady(page);
  await page.getByTestId("period-month").click();
  const label = () => page.getByTestId("period-label").innerText();
  assert.match(await label(), /^[A-Z][a-z]{2} \d{4}$/);
  const now = await label();
  await page.getByTestId("period-prev").click();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="period-label"]')?.textContent !== n,
    now,
  );
  await allReady(page);
  await shot(page, "pulse-external-1440");
  // Off again: each tile shows its own pickers, now on the shared month.
  await toggle.click();
  assert.equal(await page.getByTestId("tile-controls").count(), 14);
  const periods = await page.getByTestId("tile-period").allInnerTexts();
  assert.ok(
    periods.every((p) => p === periods[0]) && /^[A-Z][a-z]{2} \d{4}$/.test(periods[0]),
    periods.join(),
  );

  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "owner@example.com", { path: "/scorecard" });
  await narrow.getByTestId("pulse-grid").waitFor();
  await shot(narrow, "pulse-700");
});

browserTest("a dispatcher is sent away from Pulse", async () => {
  const page = await newPage(app, DESKTOP);
  await signInAs(page, "dispatcher@example.com", { path: "/das-reports" });
  await page.goto("/scorecard");
  await page.waitForLoadState();
  assert.notEqual(pathOf(page), "/scorecard");
  assert.equal(await page.getByTestId("pulse-grid").count(), 0);
});
