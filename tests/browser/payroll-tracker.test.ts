// Payroll and the availability tracker through Chromium, lean: the owner filters payroll to one DA, previews
// 'By DA' and saves the xlsx (checked with exceljs); a manager reads the tracker's coloured counts, searches
// and sorts; a dispatcher is sent away from both (over HTTP). Screenshots at 1366 and 700 px.
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { browserTest, NARROW, newPage, type Page, shot, signInAs, WIDE } from "../helpers/browser.ts";
import { stations, stationSpots, users } from "../../lib/org/schema.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import { getTimeZone } from "../../lib/settings/queries.ts";
import { todayIn } from "../../lib/dates/periods.ts";
import { weekDays, weekOf } from "../../lib/dates/weeks.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

// Two days of the current week (the page's default period) for one DON9 DA, whatever the demo planned.
const week = weekOf(todayIn(await getTimeZone(db)));
const [sun, mon] = weekDays(week.year, week.week);
const [don9] = await db.select().from(stations).where(eq(stations.tag, "DON9"));
const [da] = await db.select({ id: users.id }).from(users)
  .innerJoin(stationSpots, and(eq(stationSpots.userId, users.id), eq(stationSpots.stationId, don9.id)))
  .where(and(eq(users.role, 5), eq(users.status, 1))).orderBy(users.id).limit(1);
await db.update(users).set({ firstName: "Zed", lastName: "Payroll-Browser", ratePerHourCents: 2000 })
  .where(eq(users.id, da.id));
await db.delete(scheduleReports).where(
  and(
    eq(scheduleReports.userId, da.id),
    inArray(scheduleReports.scheduleDate, weekDays(week.year, week.week)),
  ),
);
await db.insert(scheduleReports).values([
  { userId: da.id, stationId: don9.id, scheduleDate: sun, role: 0, isAvailable: true },
  { userId: da.id, stationId: don9.id, scheduleDate: mon, role: 2, roleHours: "7.50", isAvailable: true },
]);

async function open(email: string, path: string, viewport = WIDE): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path });
  return page;
}

/** For people looking at the screen (test-results/screens; the whole suite skips it unless SCREENS=1). */
const keep = (page: Page, name: string) => shot(page, name);

browserTest("owner: payroll of one DA, 'By DA' preview and the xlsx it saves", async () => {
  const page = await open("owner@example.com", "/payroll");
  await page.getByTestId("payroll-filters").waitFor();
  await keep(page, "payroll-1366");
  await page.getByTestId("payroll-user").fill("Zed Payroll-Browser");
  await page.getByTestId("payroll-row").nth(1).waitFor();
  assert.equal(await page.getByTestId("payroll-row").count(), 2);
  assert.equal(await page.getByTestId("total-hours").innerText(), "17.50");
  assert.equal(await page.getByTestId("total-pay").innerText(), "350.00");

  await page.getByTestId("download-table").click();
  const dialog = page.getByRole("dialog", { name: "Table preview" });
  await dialog.waitFor();
  await page.getByTestId("preview-da").click();
  const lines = await dialog.getByTestId("preview-row").allInnerTexts();
  assert.equal(lines.length, 3);
  assert.match(lines[2], /^Total Hours\s+17\.50\s+350\.00/);
  await keep(page, "payroll-preview-1366");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("preview-download").click(),
  ]);
  assert.equal(download.suggestedFilename(), `PayrollAllWeek${week.week}-${week.year}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const ws = wb.getWorksheet("Payroll")!;
  assert.equal(ws.getRow(1).font?.bold, true);
  assert.deepEqual([
    ws.getRow(4).getCell(1).value,
    ws.getRow(4).getCell(7).value,
    ws.getRow(4).getCell(9).value,
  ], [
    "Total Hours",
    17.5,
    350,
  ]);

  const narrow = await open("owner@example.com", "/payroll", NARROW);
  await narrow.getByTestId("payroll-filters").waitFor();
  await keep(narrow, "payroll-700");
});

browserTest("manager: the tracker's coloured counts, search and sorting", async () => {
  const page = await open("manager@example.com", `/tracker?station=${don9.id}&year=${week.year}`);
  const rows = page.getByTestId("availability-row");
  await rows.first().waitFor();
  await keep(page, "tracker-1366");
  const row = page.locator(`[data-testid="availability-row"][data-availability-id="${da.id}"]`);
  assert.ok(Number(await row.locator('[data-field="availability_count"]').innerText()) >= 2);
  assert.match(
    await row.locator('[data-field="rejected"]').getAttribute("data-colour") ?? "",
    /green|yellow|red/,
  );

  const shifts = page.getByRole("button", { name: /# of Shifts/ });
  await shifts.click();
  await shifts.click(); // the active column flips: descending
  const counts =
    (await page.locator('[data-testid="availability-row"] [data-field="actual_shifts"]').allInnerTexts()).map(
      Number,
    );
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));

  await page.getByTestId("tracker-search").fill("zed payroll");
  await page.waitForFunction(() =>
    document.querySelectorAll('[data-testid="availability-row"]').length === 1
  );

  const narrow = await open("manager@example.com", `/tracker?station=${don9.id}&year=${week.year}`, NARROW);
  await narrow.getByTestId("availability-card").first().waitFor();
  await keep(narrow, "tracker-700");
});

browserTest("dispatcher: sent away from /tracker and /payroll (HTTP)", async () => {
  const c = new Client(app.url);
  await c.login("dispatcher@example.com");
  for (const path of ["/tracker", "/payroll"]) {
    const res = await c.fetch(path);
    assert.equal(res.status, 302, path);
    assert.equal(res.headers.get("location"), "/");
  }
});
