// Falcon in Chromium (03 2.8): a manager types a plan for a day of this week (saved on blur, read back
// after a reload) and adds a comment with Yes (its button turns green); a supervisor and an owner open the
// table (the owner at 700 px); a dispatcher is sent away. Pictures at 1440 and 700 px.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  NARROW,
  newPage,
  pathOf,
  shot,
  signInAs,
} from "../helpers/browser.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const today = todayIn(await getTimeZone(app.db.db));
const DESKTOP = { width: 1440, height: 900 };

browserTest("manager: edits this week's plan on blur and adds a comment with Yes", async () => {
  const page = await newPage(app, DESKTOP);
  await signInAs(page, "manager@example.com", { path: "/falcon" });
  await page.getByTestId("falcon-table").waitFor();
  assert.match(await page.getByTestId("period-label").innerText(), /^Week \d+, \d{4}$/);
  await page.getByTestId("falcon-row-role-0").waitFor();

  const plan = page.getByTestId(`falcon-plan-${today}`);
  await plan.fill("37");
  await plan.press("Tab");
  await expectToast(page, "Plan saved.");
  await page.reload();
  await page.getByTestId("falcon-table").waitFor();
  assert.equal(await page.getByTestId(`falcon-plan-${today}`).inputValue(), "37", "the plan was stored");
  const tone = await page.getByTestId(`falcon-diff-${today}`).getAttribute("data-tone");
  assert.ok(tone === "green" || tone === "red", `the difference is judged (${tone})`);

  await page.getByTestId(`falcon-comment-${today}`).click();
  const dialog = page.getByRole("dialog", { name: /^Comment for / });
  await dialog.waitFor();
  assert.equal(await page.getByTestId("falcon-comment-text").getAttribute("rows"), "7");
  await page.getByTestId("falcon-comment-text").fill("Plan met, one Flex added at 8:00.");
  await page.getByTestId("falcon-match-no").click();
  await page.getByTestId("falcon-match-yes").click();
  assert.equal(await page.getByTestId("falcon-match-no").getAttribute("aria-pressed"), "false", "exclusive");
  assert.equal(await page.getByTestId("falcon-match-yes").getAttribute("aria-pressed"), "true");
  await shot(page, "falcon-comment-dialog", { fullPage: false });
  await page.getByTestId("falcon-comment-save").click();
  await expectToast(page, "Comment saved.");
  await page.waitForFunction(
    (d) =>
      document.querySelector(`[data-testid="falcon-comment-${d}"]`)?.getAttribute("data-tone") === "green",
    today,
  );
  await shot(page, "falcon-1440");

  // Earlier weeks are read-only; the annual view has week columns and no comment row.
  await page.getByTestId("period-prev").click();
  await page.waitForURL(/type=week&date=/);
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="falcon"]')?.getAttribute("aria-busy") === "false"
  );
  assert.equal(
    await page.locator('input[data-testid^="falcon-plan-"]').count(),
    0,
    "a past week takes no plan",
  );
  await page.getByTestId("period-annual").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="falcon-row-comments"]') === null);
  assert.match(await page.getByTestId("falcon-table").locator("thead th").nth(1).innerText(), /^W1$/);
});

browserTest("supervisor and owner open the table (700 px); a dispatcher may not", async () => {
  const sup = await newPage(app, DESKTOP);
  await signInAs(sup, "supervisor@example.com", { path: "/falcon" });
  await sup.getByTestId("falcon-row-actual").waitFor();

  const owner = await newPage(app, NARROW);
  await signInAs(owner, "owner@example.com", { path: "/falcon?type=month" });
  await owner.getByTestId("falcon-row-actual").waitFor();
  const options = await owner.getByTestId("falcon-station").locator("option").count();
  assert.ok(options >= 2, "the owner picks among stations");
  await owner.getByTestId("falcon-station").selectOption({ index: 1 });
  await owner.waitForURL(/station=/);
  await shot(owner, "falcon-700");

  const dispatcher = await newPage(app, DESKTOP);
  await signInAs(dispatcher, "dispatcher@example.com", { path: "/das-reports" });
  await goto(dispatcher, "/falcon");
  assert.notEqual(pathOf(dispatcher), "/falcon", "a dispatcher is sent away from /falcon");
});
