// IKEA checks in Chromium (issue 12 point 4): /check-ikea as a dispatcher (given a spot at the demo's IKEA
// station DTO3: reads, types nothing) and as a manager (a date range with its Average row, a typed figure
// saved on blur and kept), at 1366 and 700 px. Edits refused and station scoping over HTTP in
// tests/http/ikea.test.ts.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, type Page, shot, signInAs, WIDE } from "../helpers/browser.ts";
import { makeSpot } from "../../lib/demo/factories.ts";
import { users } from "../../lib/org/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const [dispatcher] = await app.db.db.select({ id: users.id }).from(users)
  .where(eq(users.email, "dispatcher@example.com"));
await makeSpot(app.db.db, dispatcher.id, 3); // DTO3, the demo's station tagged for IKEA

const rows = (page: Page) => page.getByTestId("ikea-row");

browserTest("dispatcher: the IKEA weeks, read only", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "dispatcher@example.com", { path: "/check-ikea" });
  await rows(page).first().waitFor();
  assert.equal(await rows(page).count(), 8);
  assert.match(await rows(page).first().locator("td").first().innerText(), /^\d{1,2}\.\d{4}$/);
  assert.equal(await page.getByTestId("ikea-infraction-input").count(), 0, "role 1 types nothing");
  assert.equal(await page.getByTestId("ikea-average").count(), 0, "no Average row without a range");
  await shot(page, "check-ikea-dispatcher-1366");

  await rows(page).first().getByTestId("ikea-open").click();
  await page.getByTestId("ikea-week").waitFor();
  assert.match(page.url(), /\/check-ikea\/\d+$/);
  assert.equal(await page.getByTestId("ikea-week-row").count(), 3);
  assert.equal(await page.getByTestId("ikea-day-dcr").count(), 0, "role 1 types nothing");
  await shot(page, "check-ikea-week-dispatcher-1366");
  await page.getByTestId("ikea-back").click();
  await page.getByTestId("ikea-list").waitFor();
});

browserTest("manager: a range with its Average row, a figure typed and saved on blur", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "manager@example.com", { path: "/check-ikea" });
  await rows(page).first().waitFor();
  await page.getByTestId("ikea-from").fill("01-01-2020");
  await page.getByTestId("ikea-from").press("Enter");
  await page.getByTestId("ikea-average").waitFor();
  assert.match(page.url(), /date_from=2020-01-01/);

  const rs = rows(page).first().getByTestId("ikea-tenured_da-input");
  await rs.fill("");
  await rs.pressSequentially("1x9");
  assert.equal(await rs.inputValue(), "19");
  const saved = page.waitForResponse((r) =>
    r.url().includes("/api/ikea-weekly/") && r.request().method() === "PATCH"
  );
  await rs.blur();
  assert.equal((await saved).status(), 200);
  await goto(page, page.url());
  assert.equal(await rows(page).first().getByTestId("ikea-tenured_da-input").inputValue(), "19");
  await shot(page, "check-ikea-manager-1366");

  // The week page: a day's DCR typed with a decimal point, saved on blur; the Total follows.
  await rows(page).first().getByTestId("ikea-open").click();
  await page.getByTestId("ikea-week").waitFor();
  const sunday = page.getByTestId("ikea-day-dcr").first();
  await sunday.fill("");
  await sunday.pressSequentially("9x9.5");
  assert.equal(await sunday.inputValue(), "99.5");
  const day = page.waitForResponse((r) =>
    r.url().includes("/api/ikea-daily/") && r.request().method() === "PATCH"
  );
  await sunday.blur();
  assert.equal((await day).status(), 200);
  await goto(page, page.url());
  assert.equal(await page.getByTestId("ikea-day-dcr").first().inputValue(), "99.5");
  assert.match(await page.getByTestId("ikea-total-dcr").innerText(), /^\d+(\.\d+)?$/);
  await shot(page, "check-ikea-week-manager-1366");

  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "manager@example.com", { path: "/check-ikea" });
  await rows(narrow).first().waitFor();
  await shot(narrow, "check-ikea-manager-700");
  await rows(narrow).first().getByTestId("ikea-open").click();
  await narrow.getByTestId("ikea-week").waitFor();
  await shot(narrow, "check-ikea-week-manager-700");
});
