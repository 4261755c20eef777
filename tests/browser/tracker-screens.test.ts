// The shift tracker's screens through Chromium: today's demo report at 1366 and 700 px, as a dispatcher
// (no summary card) and a manager (summary card), a locked old report, and an unknown report.
import assert from "node:assert/strict";
import { and, desc, eq, lt } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, type Page, shot, signInAs, WIDE } from "../helpers/browser.ts";
import { shiftReports } from "../../lib/db/schema.ts";
import { day } from "../integration/tracker-fixture.ts";
import { seedShiftHistory } from "../../lib/demo/shift-history.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
// A demo snapshot cached before the shift history existed lacks it: load it then (short, for speed).
if ((await db.select({ id: shiftReports.id }).from(shiftReports).limit(1)).length === 0) {
  await db.transaction((tx) => seedShiftHistory(tx, { weeks: 1 }));
}

async function reportOn(stationId: number, date: string): Promise<number> {
  const [r] = await db.select({ id: shiftReports.id }).from(shiftReports)
    .where(and(eq(shiftReports.stationId, stationId), eq(shiftReports.reportDate, date)));
  assert.ok(r, `a demo report of station ${stationId} on ${date}`);
  return r.id;
}

async function openTracker(email: string, id: number, viewport = WIDE): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path: `/das-reports/${id}` });
  await page.locator('[data-testid="tracker-table"][data-ready="true"]').waitFor({ state: "attached" });
  // Below 768 px the row cards are loaded once the island knows the width (islands/tracker/Tracker.tsx).
  if (viewport.width < 768) await page.getByTestId("tracker-cards").waitFor();
  return page;
}

const today = await day(db, 0);

browserTest("dispatcher: today's report at 1366 and 700 px, no summary card", async () => {
  const id = await reportOn(1, today);
  for (const [viewport, tag] of [[WIDE, "1366"], [NARROW, "700"]] as const) {
    const page = await openTracker("dispatcher@example.com", id, viewport);
    // Below 768 px the rows are cards (the grid is not shown).
    assert.ok(await page.getByTestId(viewport === NARROW ? "tracker-card" : "tracker-row").count() > 5);
    assert.equal(await page.getByTestId("summary-card").count(), 0, "the summary card is for roles 3 and 4");
    await shot(page, `tracker-dispatcher-${tag}`, { fullPage: false });
    const table = page.getByTestId("tracker-table");
    for (const [part, left] of [[1, 700], [2, 1500], [3, 99999]]) {
      await table.evaluate((el, x) => (el.scrollLeft = x), left);
      await shot(page, `tracker-dispatcher-${tag}-scrolled-${part}`, { fullPage: false });
    }
  }
});

browserTest("manager: the summary card with its per-role tooltip", async () => {
  const id = await reportOn(1, today);
  const page = await openTracker("manager@example.com", id);
  const card = page.getByTestId("summary-card");
  await card.waitFor();
  assert.match(await card.textContent() ?? "", /No of Routes.*No of Deliveries.*No of DA/);
  await card.getByRole("button", { name: "Per role" }).hover();
  await page.getByTestId("per-role").waitFor({ state: "visible" });
  await shot(page, "tracker-manager-1366", { fullPage: false });
  for (const email of ["manager@example.com", "owner@example.com"]) {
    const narrow = await openTracker(email, id, NARROW);
    await narrow.getByTestId("summary-card").waitFor();
    await shot(narrow, `tracker-${email.split("@")[0]}-700`, { fullPage: false });
  }
});

browserTest("an old report is read-only for a dispatcher; an unknown one is not found", async () => {
  const [old] = await db.select({ id: shiftReports.id }).from(shiftReports)
    .where(and(eq(shiftReports.stationId, 1), lt(shiftReports.reportDate, await day(db, -3))))
    .orderBy(desc(shiftReports.reportDate)).limit(1);
  const page = await openTracker("dispatcher@example.com", old.id);
  await page.getByTestId("closed-note").waitFor();
  const rows = page.getByTestId("tracker-row");
  assert.ok(await rows.count() > 0);
  assert.equal(await rows.first().getAttribute("data-locked"), "true");
  assert.equal(await rows.first().locator('td[data-col="role"]').getAttribute("aria-readonly"), "true");
  assert.match(
    (await rows.first().getAttribute("title")) ?? "",
    /^Locked: /,
    "the row says why it is locked",
  );
  assert.equal(await page.getByTestId("delete-row").count(), 0, "no delete on locked rows");
  for (const name of ["Add New Record", "Upload Report", "Add DA 2", "Hide DA 2"]) {
    const b = page.getByRole("button", { name, exact: true });
    if (await b.count()) assert.ok(await b.isDisabled(), name);
  }
  await shot(page, "tracker-dispatcher-locked-1366", { fullPage: false });

  const missing = await newPage(app);
  await signInAs(missing, "dispatcher@example.com");
  const res = await goto(missing, "/das-reports/999999");
  assert.equal(res?.status(), 404);
  await missing.getByTestId("tracker-not-found").waitFor();
});
