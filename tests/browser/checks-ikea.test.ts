// IKEA checks in Chromium (issue 12 point 4): /check-ikea as a dispatcher (given a spot at the demo's IKEA
// station DTO3: reads, types nothing) and as a manager (a date range with its Average row, a typed figure
// saved on blur and kept), at 1366 and 700 px; /act-ikea as a manager (an action made from a week's red
// measure for a DA picked by hand, then worked on the table) and as a dispatcher (edits a row), at 1440 and
// 700 px, and a driver, whom no page admits. Edits refused and station scoping over HTTP in
// tests/http/ikea.test.ts and tests/http/act-ikea.test.ts.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectClass,
  expectToast,
  goto,
  hydrated,
  NARROW,
  newPage,
  type Page,
  pathOf,
  shot,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { makeDriver, makeSpot } from "../../lib/demo/factories.ts";
import { hashPassword } from "../../lib/auth/password.ts";
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
  await hydrated(page); // typed before hydration, the digits would reach no handler
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

const DESKTOP = { width: 1440, height: 900 };
const actRows = (page: Page) => page.getByTestId("act-row");
const patched = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/api/ikea-actions/") && r.request().method() === "PATCH");

browserTest(
  "manager: an IKEA action made from a red measure of a week, then worked on /act-ikea",
  async () => {
    const page = await newPage(app, DESKTOP);
    await signInAs(page, "manager@example.com", { path: "/check-ikea" });
    await rows(page).first().getByTestId("ikea-open").click();
    await page.getByTestId("ikea-week").waitFor();
    await hydrated(page);
    await page.getByTestId("ikea-act-open").first().click();
    const da = page.getByTestId("ikea-act-da");
    await da.waitFor();
    const options = await da.locator("option").count();
    assert.ok(options > 2, "the station's DAs to pick from");
    assert.equal(await page.getByTestId("ikea-act-create").isDisabled(), true, "no DA picked yet");
    await da.selectOption({ index: options - 1 });
    const made = page.waitForResponse((r) => r.url().includes("/api/ikea-actions/from-week/"));
    await page.getByTestId("ikea-act-create").click();
    assert.ok([200, 201].includes((await made).status()));
    await expectToast(page, /made/);
    await shot(page, "check-ikea-week-act-dialog-1440", { fullPage: false });
    await page.keyboard.press("Escape");

    await goto(page, "/act-ikea");
    await actRows(page).first().waitFor();
    assert.match(await actRows(page).first().locator("td").first().innerText(), /^W\d{2}$/);
    const areas = await actRows(page).locator("td:nth-child(3)").allInnerTexts();
    assert.ok(areas.every((a) => ["DCR", "OA", "MC"].includes(a.trim())), areas.join());
    const status = actRows(page).first().getByTestId("act-status");
    const saved = patched(page);
    await status.selectOption("1");
    assert.equal((await saved).status(), 200);
    await expectClass(status, /emerald/);

    await page.getByTestId("act-filters").click();
    const areaFilter = page.getByTestId("act-filter-area");
    assert.deepEqual(await areaFilter.locator("option").allInnerTexts(), ["Any", "DCR", "OA", "MC"]);
    await areaFilter.selectOption("dcr");
    await page.getByTestId("act-submit").click();
    await page.waitForURL(/off_target_area=dcr/);
    await page.getByTestId("act-filter-count").waitFor();
    await shot(page, "act-ikea-manager-1440");

    const narrow = await newPage(app, NARROW);
    await signInAs(narrow, "manager@example.com", { path: "/act-ikea" });
    await actRows(narrow).first().waitFor();
    await shot(narrow, "act-ikea-manager-700");
  },
);

browserTest("dispatcher: /act-ikea from the menu, a coaching count saved on blur and kept", async () => {
  const page = await newPage(app, DESKTOP);
  await signInAs(page, "dispatcher@example.com", { path: "/check-ikea" });
  await page.locator('a[href="/act-ikea"]').first().click({ force: true });
  await page.waitForURL(/\/act-ikea/);
  await actRows(page).first().waitFor();
  const count = actRows(page).first().getByTestId("act-coaching-count");
  await count.fill("");
  await count.pressSequentially("7x");
  assert.equal(await count.inputValue(), "7");
  const saved = patched(page);
  await count.blur();
  assert.equal((await saved).status(), 200);
  await goto(page, page.url());
  assert.equal(await actRows(page).first().getByTestId("act-coaching-count").inputValue(), "7");
  await shot(page, "act-ikea-dispatcher-1440");
  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "dispatcher@example.com", { path: "/act-ikea" });
  await actRows(narrow).first().waitFor();
  await shot(narrow, "act-ikea-dispatcher-700");
});

browserTest(
  "a driver may not: refused at sign-in, and /act-ikea sends them to the sign-in form",
  async () => {
    await makeDriver(app.db.db, {
      passwordHash: await hashPassword("driver-pass-1"),
      email: "ikea.da@example.com",
    });
    const page = await newPage(app, DESKTOP);
    await goto(page, "/");
    const form = page.getByTestId("login-form");
    await form.getByLabel("Email").fill("ikea.da@example.com");
    await form.getByLabel("Password").fill("driver-pass-1");
    const login = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Submit" }).click();
    assert.equal((await login).status(), 403);
    await goto(page, "/act-ikea");
    assert.equal(pathOf(page), "/");
    await page.getByTestId("login-form").waitFor();
    assert.equal(await page.getByTestId("act").count(), 0);
  },
);
