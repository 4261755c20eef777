// The dashboard and its trend pages in Chromium, as a manager and an owner (dispatchers are refused: an
// HTTP check in tests/http/dashboard.test.ts). Landing after sign-in, the period switch and stepper, the
// station filter with its badge, the cards' colours, the out-of-service modal, the trend pages; pictures
// at 1366 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  goto,
  NARROW,
  newPage,
  pathOf,
  shot,
  signIn,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { expectAccessible } from "../helpers/axe.ts";
import { dayOfWeek } from "../../lib/dates/calendar.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { DEFAULT_TIME_ZONE } from "../../lib/settings/queries.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

browserTest("manager: lands on the dashboard, steps periods, filters stations, opens a trend", async () => {
  const page = await newPage(app, WIDE);
  await signIn(page, "manager@example.com");
  await page.waitForURL(/\/dashboard/);
  assert.equal(pathOf(page), "/dashboard", "roles 2-4 land on the dashboard");
  await page.getByTestId("card-routes").waitFor();
  for (
    const id of [
      "card-routes",
      "card-deliveries",
      "card-returns",
      "card-missing",
      "card-rabbits",
      "card-dollies",
    ]
  ) {
    const ok = await page.getByTestId(id).getAttribute("data-ok");
    assert.ok(["true", "false", "none"].includes(ok!), `${id} is judged (${ok})`);
  }
  const label = () => page.getByTestId("period-label").innerText();
  assert.match(await label(), /^Week \d+, \d{4}$/);
  // The default week is yesterday's (the last whole day): this week, but on a Sunday last week.
  assert.equal(
    await page.getByTestId("period-next").isDisabled(),
    dayOfWeek(todayIn(DEFAULT_TIME_ZONE)) !== 0,
    "no week after the current one",
  );
  const now = await label();
  await page.getByTestId("period-prev").click();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="period-label"]')?.textContent !== n,
    now,
  );
  assert.equal(await page.getByTestId("period-next").isDisabled(), false);
  await page.getByTestId("period-month").click();
  assert.match(await label(), /^[A-Z][a-z]{2} \d{4}$/);
  await page.waitForURL(/type=month/);
  await page.getByTestId("period-annual").click();
  assert.match(await label(), /^\d{4}$/);
  await page.getByTestId("period-day").click();
  await page.getByTestId("period-date").waitFor();
  assert.match(await label(), /^\(week \d+\)$/);
  await page.getByTestId("period-week").click();
  await shot(page, "dashboard-1366");

  // Station Filter: the badge counts; an empty selection keeps the previous one.
  const badge = () => page.getByTestId("station-badge").innerText();
  assert.equal(await badge(), "3");
  await page.getByTestId("station-filter").click();
  await page.getByRole("dialog", { name: "Select Stations:" }).waitFor();
  await page.getByTestId("stations-refresh").click();
  await page.getByTestId("stations-submit").click();
  assert.equal(await badge(), "3", "submitting none restores the previous selection");
  await page.getByTestId("station-filter").click();
  await page.getByTestId("stations-refresh").click();
  await page.getByTestId("station-list").getByRole("checkbox").nth(1).check();
  await shot(page, "dashboard-stations-drawer");
  await page.getByTestId("stations-submit").click();
  assert.equal(await badge(), "1");
  await page.waitForURL(/stations=/);

  await page.getByTestId("oos-open").click();
  const modal = page.getByRole("dialog", { name: "Out of Service" });
  await modal.waitFor();
  await shot(page, "dashboard-out-of-service");
  await expectAccessible(page, "dashboard with the out-of-service modal");
  await page.keyboard.press("Escape");

  await page.getByTestId("card-routes-trend").click();
  await page.waitForURL(/\/dashboard\/routes/);
  await page.getByRole("heading", { name: "Routes Trends" }).first().waitFor();
  await page.getByTestId("back-to-dashboard").click();
  await page.waitForURL(/\/dashboard$/);
});

browserTest(
  "owner: trend pages by month, week and day with Plan and Actual; readable at 700 px",
  async () => {
    const page = await newPage(app, WIDE);
    await signInAs(page, "owner@example.com", { path: "/dashboard/deliveries" });
    await page.getByTestId("trend-chart").waitFor();
    const rows = () => page.getByTestId("trend-chart").locator("tbody tr").count();
    const heads = await page.getByTestId("trend-chart").locator("thead th").allInnerTexts();
    assert.deepEqual(heads.slice(1), ["Plan", "Actual"]);
    assert.ok(await rows() >= 1);
    await shot(page, "trend-deliveries-1366");
    await expectAccessible(page, "/dashboard/deliveries");
    await page.getByTestId("trend-week").click();
    await page.waitForURL(/type=week/);
    await page.getByTestId("trend-from").selectOption("2");
    await page.getByTestId("trend-to").selectOption("5");
    await page.waitForFunction(() =>
      document.querySelectorAll('[data-testid="trend-chart"] tbody tr').length === 4
    );
    await page.getByTestId("trend-day").click();
    await page.waitForURL(/type=day/);
    await page.waitForFunction(() =>
      document.querySelectorAll('[data-testid="trend-chart"] tbody tr').length === 14
    );

    await goto(page, "/dashboard/missing");
    assert.deepEqual((await page.getByTestId("trend-chart").locator("thead th").allInnerTexts()).slice(1), [
      "Actual",
    ]);

    const narrow = await newPage(app, NARROW);
    await signInAs(narrow, "owner@example.com", { path: "/dashboard" });
    await narrow.getByTestId("card-routes").waitFor();
    await shot(narrow, "dashboard-700");
    await goto(narrow, "/dashboard/routes");
    await narrow.getByTestId("trend-chart").waitFor();
    await shot(narrow, "trend-routes-700");
  },
);
