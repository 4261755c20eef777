// Shift reports board journeys through Chromium: the board per role, Create New Shift with its duplicate
// look-up, the filters drawer kept in the URL, the 'forever' delete, 'Access to old shifts', Budgets with
// inline edits, and screenshots at 1366 and 700 px as dispatcher and owner.
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  NARROW,
  newPage,
  type Page,
  pathOf,
  shot,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { budgets, shiftReports } from "../../lib/db/schema.ts";
import { day, makeReport, userId } from "../integration/tracker-fixture.ts";
import { monthOfDay } from "../../lib/budgets/policy.ts";
import { stepPeriod } from "../../lib/dates/periods.ts";
import { DUPLICATE_SHIFT } from "../../lib/shifts/errors.ts";
import { formatDate } from "../../lib/dates/format.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

// A board with something on it whatever the demo holds: reports over the last days at all three stations.
const authors = [await userId(db, "dispatcher@example.com"), await userId(db, "manager@example.com")];
for (let i = 0; i < 14; i++) {
  await makeReport(db, {
    stationId: (i % 3) + 1,
    reportDate: await day(db, -i),
    rows: 2,
    createdById: authors[i % 2],
  });
}
const now = monthOfDay(await day(db, 0));
const last = stepPeriod("month", now, -1);
await db.delete(budgets).where(inArray(budgets.stationId, [1, 2, 3]));
await db.insert(budgets).values([
  { stationId: 1, ...now, routes: 30, deliveries: 5200, das: 32, fleet: 31 },
  { stationId: 2, ...last, routes: 22, deliveries: 4100, das: 24, fleet: 23 },
]);

async function open(email: string, viewport = WIDE, path = "/das-reports"): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path });
  await page.locator('[aria-busy="false"]').first().waitFor();
  return page;
}
const rows = (page: Page) => page.getByTestId("board-row");
const optionState = (page: Page, selector: string) =>
  page.locator(`${selector} option`).evaluateAll((os) =>
    os.map((o) => `${(o as HTMLOptionElement).value}${(o as HTMLOptionElement).disabled ? "!" : ""}`)
  );

browserTest(
  "dispatcher: own stations, no delete, no budgets; Create New Shift with the duplicate look-up",
  async () => {
    const page = await open("dispatcher@example.com");
    await shot(page, "board-dispatcher-1366");
    const tags = await page.getByTestId("board-station").allInnerTexts();
    assert.ok(tags.length === 10 && tags.every((t) => t === "DON9" || t === "HYZ1"), tags.join(","));
    assert.match(
      await page.getByTestId("board-date").first().innerText(),
      /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{2}-\d{2}-\d{4}$/,
    );
    assert.match(await page.getByTestId("board-week").first().innerText(), /^\d{2}$/);
    assert.match(
      await page.getByTestId("board-created").first().innerText(),
      /^\d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC-5$/,
      "the organisation's zone (the demo's UTC-5) is named",
    );
    assert.equal(await page.getByTestId("report-delete").count(), 0);
    assert.equal(await page.getByTestId("type-budget").count(), 0);
    assert.equal(await page.getByTestId("grant-open").count(), 0);

    // A DON9 report on the chosen day: DON9 is disabled there, with the message and a link in a new tab.
    const target = await day(db, 12);
    await db.delete(shiftReports).where(eq(shiftReports.reportDate, target));
    const existing = await makeReport(db, { stationId: 1, reportDate: target });
    // It opens on the first free station for tomorrow (DON9, the dispatcher's default, when it has none).
    const tomorrow = await day(db, 1);
    const takenTomorrow = (await db.select({ s: shiftReports.stationId }).from(shiftReports)
      .where(eq(shiftReports.reportDate, tomorrow))).map((r) => r.s);
    const firstFree = [1, 2].find((s) => !takenTomorrow.includes(s));
    assert.ok(firstFree, "the fixture leaves a station free tomorrow");
    await page.getByTestId("create-open").click();
    const form = page.getByTestId("create-form");
    await page.waitForFunction(
      (s) => (document.querySelector("#cs-station") as HTMLSelectElement | null)?.value === s,
      String(firstFree),
    );
    assert.equal(await form.locator("#cs-date").inputValue(), formatDate(tomorrow), "dd-mm-yyyy, tomorrow");
    assert.equal(await page.getByTestId("cs-duplicate").count(), 0, "never opens on a taken station");
    // Typed as dd-mm-yyyy: a day with no report anywhere, where DON9 can be chosen.
    const open11 = await day(db, 11);
    await db.delete(shiftReports).where(eq(shiftReports.reportDate, open11));
    await form.locator("#cs-date").fill(formatDate(open11));
    await page.waitForFunction(() =>
      !document.querySelector("#cs-station option[value='1']")!.hasAttribute("disabled")
    );
    await form.locator("#cs-station").selectOption("1");
    // A day before today is refused by the field itself (no old-shift access).
    await form.locator("#cs-date").fill(formatDate(await day(db, -1)));
    await form.locator("#cs-date").blur();
    assert.match(await page.getByTestId("date-format-error").innerText(), /^Not before \d{2}-\d{2}-\d{4}$/);
    await form.locator("#cs-date").fill(formatDate(target));
    await page.getByTestId("cs-duplicate").waitFor();
    assert.match(
      await page.getByTestId("cs-duplicate").innerText(),
      new RegExp(DUPLICATE_SHIFT.replace("*", "\\*")),
    );
    const link = page.getByTestId("cs-duplicate-link");
    assert.equal(await link.getAttribute("href"), `/das-reports/${existing.id}`);
    assert.equal(await link.getAttribute("target"), "_blank");
    assert.deepEqual(await optionState(page, "#cs-station"), ["", "1!", "2"]);
    assert.equal(await page.getByTestId("create-submit").isDisabled(), true);
    assert.equal(
      await page.getByTestId("create-submit").getAttribute("title"),
      "This station already has a shift report that day",
      "a disabled button says why",
    );
    await shot(page, "board-create-duplicate-1366", { fullPage: false });
    // Escape closes the dialog (and Create New Shift opens it afresh, on a free station again).
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
    await page.getByTestId("create-open").click();
    await page.waitForFunction(
      (s) => (document.querySelector("#cs-station") as HTMLSelectElement | null)?.value === s,
      String(firstFree),
    );
    await form.locator("#cs-date").fill(formatDate(target));
    await form.locator("#cs-station").selectOption("2");
    await form.locator("#cs-rows").pressSequentially("1a2");
    assert.equal(await form.locator("#cs-rows").inputValue(), "12", "digits only");
    await page.getByTestId("cs-second").check();
    await Promise.all([page.waitForURL(/\/das-reports\/\d+$/), page.getByTestId("create-submit").click()]);
    const id = Number(pathOf(page).split("/").pop());
    const [made] = await db.select().from(shiftReports).where(
      and(eq(shiftReports.id, id), eq(shiftReports.stationId, 2)),
    );
    assert.equal(made.reportDate, target);
    assert.equal(made.hasSecondDriver, true);
    await expectToast(page, "Shift report was created!");
  },
);

browserTest(
  "dispatcher: filters in a drawer, counted on the badge, kept in the URL; narrow cards",
  async () => {
    const page = await open("dispatcher@example.com");
    await page.getByTestId("filters-open").click();
    await page.locator("#flt-station").selectOption("2");
    // 'Date from' picked in the calendar (dd-mm-yyyy, not the browser's locale); Escape closes the
    // calendar first, and only then the drawer.
    const fromDay = await day(db, -13);
    await page.getByTestId("flt-date_from-pick").click();
    const picker = page.getByTestId("date-picker");
    await picker.waitFor();
    if ((await picker.locator(`[data-day="${fromDay}"]`).count()) === 0) {
      await picker.getByRole("button", { name: "Previous month" }).click();
    }
    await picker.locator(`[data-day="${fromDay}"]`).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    assert.equal(await page.locator("#flt-date_from").inputValue(), formatDate(fromDay));
    await page.getByTestId("flt-date_shift-pick").click();
    await picker.waitFor();
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    assert.equal(
      await page.getByTestId("filters-drawer").isVisible(),
      true,
      "Escape closed the calendar only",
    );
    await page.getByTestId("flt-missing").check();
    await page.getByTestId("flt-missing").uncheck();
    await page.getByTestId("flt-created_by-input").focus();
    await page.getByTestId("flt-created_by-options").getByRole("option", { name: /Dana Dispatcher/ }).click();
    assert.equal(await page.getByTestId("flt-created_by-input").inputValue(), "Dana Dispatcher");
    await shot(page, "board-filters-1366", { fullPage: false });
    await page.getByTestId("filters-apply").click();
    await page.waitForURL(/station=2/);
    await page.locator('[aria-busy="false"]').first().waitFor();
    assert.equal(await page.getByTestId("filters-badge").innerText(), "3");
    const chips = async () =>
      (await page.getByTestId("filter-chip").allInnerTexts()).map((x) => x.replace(/\s*×$/, ""));
    const from = (await day(db, -13)).split("-").reverse().join("-");
    const expected = ["Station: HYZ1", `From: ${from}`, "Created by: Dana Dispatcher"];
    assert.deepEqual(await chips(), expected);
    const authors = await page.getByTestId("board-created-by").allInnerTexts();
    assert.ok(authors.length > 0 && authors.every((a) => a === "Dana Dispatcher"), authors.join(","));
    const tags = await page.getByTestId("board-station").allInnerTexts();
    assert.ok(tags.length > 0 && tags.every((t) => t === "HYZ1"), tags.join(","));
    await page.reload();
    await page.getByTestId("filters-badge").waitFor();
    assert.equal(await page.getByTestId("filters-badge").innerText(), "3", "the URL keeps the filters");
    assert.deepEqual(await chips(), expected, "and the page names the people in them");
    await shot(page, "board-dispatcher-filtered-1366");

    // Escape closes the drawer too.
    await page.getByTestId("filters-open").click();
    await page.getByTestId("filters-drawer").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("filters-drawer").waitFor({ state: "detached" });

    await page.setViewportSize(NARROW);
    await page.getByTestId("board-card").first().waitFor();
    await shot(page, "board-dispatcher-700");
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.waitForURL((u) => !u.search.includes("station"));
    assert.equal(await page.getByTestId("filters-badge").count(), 0);
  },
);

browserTest("owner: delete forever, Access to old shifts, and a narrow board", async () => {
  const page = await open("owner@example.com");
  await shot(page, "board-owner-1366");
  assert.ok((await page.getByTestId("board-station").allInnerTexts()).includes("DTO3"));
  const first = rows(page).first();
  const id = await first.getAttribute("data-report-id");
  await first.getByTestId("report-delete").click();
  assert.match(await page.getByTestId("confirm-text").innerText(), /forever\. Are you sure\?/);
  await shot(page, "board-delete-confirm-1366", { fullPage: false });
  await page.getByTestId("confirm").click();
  await page.locator(`[data-testid="board-row"][data-report-id="${id}"]`).waitFor({ state: "detached" });
  assert.equal((await db.select().from(shiftReports).where(eq(shiftReports.id, Number(id)))).length, 0);

  await page.getByTestId("grant-open").click();
  const grant = page.getByTestId("grant-submit");
  assert.equal(await grant.isDisabled(), true, "a user must be selected");
  await page.getByTestId("grant-user-input").fill("Sam");
  await page.getByTestId("grant-user-options").getByRole("option").first().click();
  await shot(page, "board-grant-1366", { fullPage: false });
  await grant.click();
  await expectToast(page, "can now create and edit old shifts.");

  await page.setViewportSize(NARROW);
  await page.getByTestId("board-card").first().waitFor();
  await shot(page, "board-owner-700");
});

browserTest("owner: budgets — add with its rules, inline edit of the current month, delete", async () => {
  const page = await open("owner@example.com", WIDE, "/das-reports?type=budget");
  await page.getByTestId("budget-table").waitFor();
  await shot(page, "budgets-owner-1366");
  const rowsB = page.getByTestId("budget-row");
  assert.equal(await rowsB.count(), 2);
  const old = rowsB.filter({ hasText: "HYZ1" });
  assert.equal(
    await old.getByTestId("budget-budget_no_of_da").isDisabled(),
    true,
    "last month's numbers are read-only",
  );
  const cur = rowsB.filter({ hasText: "DON9" });
  const da = cur.getByTestId("budget-budget_no_of_da");
  await da.fill("");
  await da.pressSequentially("4x5");
  await da.press("Enter");
  await page.locator('[data-testid="budget-budget_no_of_da"][data-state="saved"]').waitFor();
  assert.equal(await da.inputValue(), "45");

  await page.getByTestId("budget-add-open").click();
  const add = page.getByTestId("budget-add-submit");
  await page.locator('#ab-station option[value="1"][disabled]').waitFor({ state: "attached" });
  assert.deepEqual(
    await optionState(page, "#ab-station"),
    ["", "1!", "2!", "3"],
    "DON9 has this month's budget; HYZ1's last month's counts for the current month (02: any budget up to it)",
  );
  await page.locator("#ab-station").selectOption("3");
  for (const [k, v] of [["routes", "20"], ["deliveries", "3500"], ["da", "21"]]) {
    await page.locator(`#ab-budget_no_of_${k}`).fill(v);
  }
  assert.equal(await add.isDisabled(), true, "all four numbers are needed");
  await page.locator("#ab-budget_no_of_fleet").fill("0");
  assert.equal(await add.isDisabled(), true, "and above 0");
  await page.locator("#ab-budget_no_of_fleet").fill("22");
  await shot(page, "budgets-add-1366", { fullPage: false });
  await add.click();
  await expectToast(page, "Budget was added!");
  assert.equal(await rowsB.first().locator("td").nth(1).innerText(), "DTO3", "the new budget leads the list");

  await rowsB.nth(2).getByTestId("budget-delete").click();
  await page.getByTestId("confirm").click();
  await expectToast(page, "budget of");
  assert.equal(await rowsB.count(), 2);

  await page.setViewportSize(NARROW);
  await shot(page, "budgets-owner-700");
});
