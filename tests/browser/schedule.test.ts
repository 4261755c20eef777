// The schedule through Chromium, one lean journey as a manager: step to a future week, plan ten DAs (a
// Flex and a helper among them, most by copying a day), delete one day with the confirmation, send
// availability requests and publish, see the 'Not Published' tags go and the tracker count the days. Screenshots at 1366 and 700 px. The API's
// rules one by one, and the roles that may not open the page, are in tests/http/schedule.test.ts.
import assert from "node:assert/strict";
import { and, between, eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  NARROW,
  newPage,
  type Page,
  shot,
  signIn,
} from "../helpers/browser.ts";
import { orgToday } from "../integration/tracker-fixture.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { sundayOf, weekOf } from "../../lib/dates/weeks.ts";
import { users } from "../../lib/org/schema.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import { outbox } from "../../lib/outbox/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
/** For people looking at the screen (test-results/screens; the whole suite skips it unless SCREENS=1). */
const keep = (page: Page, name: string) => shot(page, name);

const cell = (page: Page, row: number, day: number) =>
  page.getByTestId("schedule-row").nth(row).getByTestId("schedule-cell").nth(day);

async function edit(page: Page, row: number, day: number, fill: (form: Page) => Promise<unknown>) {
  await cell(page, row, day).click();
  await page.getByTestId("schedule-editor").waitFor();
  await fill(page);
  await page.getByTestId("schedule-save").click();
  await page.getByTestId("schedule-editor").waitFor({ state: "detached" });
}

browserTest("manager: plan a week, copy, delete, request availability, publish", async () => {
  const db = app.db.db;
  const today = await orgToday(db);
  const W = sundayOf(addDays(today, 21));
  await db.delete(scheduleReports).where(and(
    eq(scheduleReports.stationId, 1),
    between(scheduleReports.scheduleDate, W, addDays(W, 6)),
  ));
  // Every DA reachable by SMS, so publishing leaves no 'Not Published' behind.
  await db.update(users).set({ mobileNumber: "+12065550100", ignoreSms: false }).where(eq(users.role, 5));

  const page = await newPage(app);
  await signIn(page, "manager@example.com");
  await goto(page, "/schedule");
  await page.getByTestId("schedule-grid").waitFor();
  for (let i = 0; i < 3; i++) await page.getByTestId("week-next").click();
  await page.selectOption('[data-testid="schedule-role"]', "5");
  await page.waitForURL(/role=5/);
  await page.waitForFunction((w) =>
    document.querySelector("th")?.textContent !== null &&
    document.querySelectorAll('[data-testid="schedule-cell"]')[0]?.getAttribute("data-date") === w, W);
  assert.ok((await page.getByTestId("icon-driver").count()) > 3, "driver icons");

  // Monday: a Standard, a Flex of 8 hours (Save waits for the hours), and a helper of the first.
  await edit(page, 0, 1, (p) => p.selectOption('[data-testid="field-role"]', "0"));
  await edit(page, 1, 1, async (p) => {
    await p.selectOption('[data-testid="field-role"]', "8");
    assert.equal(await p.getByTestId("schedule-save").isDisabled(), true, "hours required for Flex");
    await p.getByTestId("field-hours").fill("8");
    await keep(p, "schedule-editor-1366");
  });
  const helped = (await page.getByTestId("schedule-row").nth(0).locator("th").innerText()).split("\n")[0]
    .trim();
  await edit(page, 2, 1, async (p) => {
    await p.selectOption('[data-testid="field-role"]', "13");
    await p.selectOption('[data-testid="field-helper-of"]', { label: helped });
  });
  await cell(page, 2, 1).getByText("helps").waitFor();
  assert.match(await page.getByTestId("total-hours").nth(2).innerText(), /^10\.00 h/);
  assert.equal(await page.getByTestId("not-published").count(), 3);

  // Copy the Standard day into Tuesday of the first two; delete the second one with the confirmation.
  await page.getByTestId("mode-copy").click();
  await cell(page, 0, 1).click();
  await cell(page, 0, 2).click();
  await cell(page, 0, 2).getByText("Standard").waitFor();
  await cell(page, 1, 2).click();
  await cell(page, 1, 2).getByText("Standard").waitFor();
  // Ten DAs planned: the Standard day pasted into Monday of seven more.
  for (let row = 3; row < 10; row++) {
    await cell(page, row, 1).click();
    await cell(page, row, 1).getByText("Standard").waitFor();
  }
  await page.getByTestId("mode-delete").click();
  await cell(page, 1, 2).click();
  assert.equal(
    await page.getByTestId("confirm-text").innerText(),
    "Are you sure you want to delete this schedule?",
  );
  await page.getByTestId("confirm").click();
  await cell(page, 1, 2).getByText("Available").waitFor();
  assert.match(await page.getByTestId("total-hours").nth(0).innerText(), /^20\.00 h/);
  await keep(page, "schedule-manager-1366");

  // Availability requests to everyone shown, then publish.
  await page.getByTestId("open-request").click();
  await page.getByTestId("pick-all").check();
  await page.getByTestId("request-dialog-send").click();
  await expectToast(page, "Message has been send!");
  await page.getByTestId("open-publish").click();
  await page.getByTestId("publish-dialog-send").click();
  await expectToast(page, "Message has been send!");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="not-published"]').length === 0);
  const sent = await db.select().from(outbox).where(eq(outbox.kind, "schedule_published"));
  assert.equal(sent.length, 10, "the ten people with a role");

  // The availability tracker counts the planned days of that week (none before: the week was emptied).
  const planned = await page.getByTestId("schedule-row").evaluateAll((rows) =>
    rows.slice(0, 11).map((r) => Number(r.getAttribute("data-user")))
  );
  const w = weekOf(W);
  await goto(page, `/tracker?station=1&year=${w.year}&week=${w.week - 1}`);
  const count = (user: number) =>
    page.locator(
      `[data-testid="availability-row"][data-availability-id="${user}"] [data-field="availability_count"]`,
    )
      .innerText();
  assert.equal(await count(planned[0]), "2", "Monday and Tuesday");
  assert.equal(await count(planned[1]), "2", "Monday, and Tuesday available after its role was deleted");
  assert.equal(await count(planned[9]), "1");
  assert.equal(await count(planned[10]), "0", "a DA not planned");
  await page.goBack();
  await page.getByTestId("schedule-grid").waitFor();

  await page.setViewportSize(NARROW);
  await page.getByTestId("mode-manual").click();
  await keep(page, "schedule-manager-700");
  const frozen = await page.getByTestId("schedule-row").first().locator("th").evaluate((el) =>
    getComputedStyle(el).position
  );
  assert.equal(frozen, "sticky", "the name column stays while the grid scrolls");
});
