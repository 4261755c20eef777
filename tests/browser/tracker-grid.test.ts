// The shift tracker as a data grid (issue 14 part A), through Chromium, one shared app: keyboard-only
// filling of 10 rows, a pasted column of 10 routes (a refused value marked on its cell), the column set
// kept after a reload, and an edit at phone width. Screenshots at 1440 and 390 px (DOCS_SCREENS=1 writes
// docs/screens/tracker-1440.png and tracker-390.png, the ones the README links).
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, newPage, type Page, shot, signInAs } from "../helpers/browser.ts";
import { shiftRecords } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport, record } from "../integration/tracker-fixture.ts";
import { cell, nextWrite, ROW, rowById, trackerReady } from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const das = await activeDas(db, 2);
const DOCS = Deno.env.get("DOCS_SCREENS") === "1";

async function open(
  reportId: number,
  email = "dispatcher@example.com",
  viewport?: { width: number; height: number },
) {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path: `/das-reports/${reportId}` });
  if (viewport && viewport.width < 768) await page.getByTestId("tracker-cards").waitFor();
  else await trackerReady(page);
  return page;
}

/** Live editors in the grid: at most one at any time. */
const editors = (page: Page) => page.locator('[data-testid="tracker-table"] td :is(input, select)').count();

browserTest(
  "keyboard only: 10 rows get a DA and a route; one editor at a time; Esc leaves without saving",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 2), rows: 10 });
    const page = await open(report.id);
    const grid = page.getByTestId("tracker-table");
    await grid.focus();
    const at = async () => (await page.locator("td.tk-active").getAttribute("data-col"));
    assert.equal(await at(), "driver", "the grid starts on the first row's DA");
    // The pickers' choices load after the page: the first editor is reopened until it offers DAs.
    for (let tries = 0;; tries++) {
      await page.keyboard.press("Enter");
      const offered = await page.locator("td.tk-active select option").count();
      await page.keyboard.press("Escape");
      if (offered > 1) break;
      assert.ok(tries < 100, "the DA picker offers DAs within 10 s");
      await page.waitForTimeout(100);
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Enter");
      await page.locator("td.tk-active select").waitFor();
      assert.equal(await editors(page), 1);
      await page.keyboard.press("ArrowDown");
      // The first DA offered is never one picked a moment ago on the row above (its answer may be on the way).
      const [res] = await Promise.all([nextWrite(page), page.keyboard.press("Enter")]);
      assert.equal(res.status(), 200, `row ${i + 1}'s DA is saved: ${await res.text()}`);
    }
    // Back to the top; Tab walks to the route column (Fleet No., van group, fleet size, role, hours, route).
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowUp");
    while ((await at()) !== "route") await page.keyboard.press("Tab");
    for (let i = 0; i < 10; i++) {
      await page.keyboard.type(`K${i + 1}`);
      assert.equal(await editors(page), 1);
      await Promise.all([nextWrite(page), page.keyboard.press("Enter")]);
    }
    // Esc: the typed value is dropped.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.type("NOPE");
    await page.keyboard.press("Escape");
    assert.equal(await editors(page), 0);
    const rows = await db.select().from(shiftRecords).where(inArray(shiftRecords.id, report.recordIds));
    const byId = new Map(rows.map((r) => [r.id, r]));
    report.recordIds.forEach((id, i) => {
      assert.equal(byId.get(id)!.route, `K${i + 1}`);
      assert.ok(byId.get(id)!.driverId, `row ${i + 1} has a DA`);
    });
    assert.equal(new Set(rows.map((r) => r.driverId)).size, 10, "ten different DAs");
    // The count follows the last save's answer in the next render: waited for, not read at once.
    await page.getByTestId("count-route").filter({ hasText: /^10 of 10 filled$/ }).waitFor();
    // Copy: the active cell's text.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.keyboard.press("Control+c");
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      "K9",
      "row 9 is active after Esc",
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, "tracker-grid-1440", { fullPage: false });
    if (DOCS) await page.screenshot({ path: "docs/screens/tracker-1440.png" });
  },
);

browserTest(
  "a DA picked while its answer is on the way is not offered on the next row",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 6), rows: 2 });
    const page = await open(report.id);
    // Each PATCH's answer comes 600 ms late, so the second pick is made before the first is answered.
    await page.route("**/api/da-daily-report-record/*/", async (route) => {
      const res = await route.fetch();
      await new Promise((r) => setTimeout(r, 600));
      await route.fulfill({ response: res });
    });
    const first = cell(rowById(page, report.recordIds[0]), "driver");
    const second = cell(rowById(page, report.recordIds[1]), "driver");
    await first.click();
    await first.locator("select option:nth-child(2)").waitFor({ state: "attached" });
    const picked = await first.locator("select option:nth-child(2)").getAttribute("value");
    const answers = [nextWrite(page)];
    await first.locator("select").selectOption(picked!);
    await first.locator("select").press("Enter");
    await second.click();
    const offered = await second.locator("select option").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).value)
    );
    assert.ok(!offered.includes(picked!), "the first row's DA is not offered while its write is on the way");
    answers.push(nextWrite(page));
    await second.locator("select").selectOption(offered[1]);
    await second.locator("select").press("Enter");
    for (const res of await Promise.all(answers)) assert.equal(res.status(), 200);
    const saved = await Promise.all(report.recordIds.map((id) => record(db, id)));
    assert.deepEqual(saved.map((r) => r.driverId), [Number(picked), Number(offered[1])]);
  },
);

browserTest(
  "paste: a column of 10 routes fills 10 rows; a locked row's value is refused and marked",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 3), rows: 10 });
    const locked = report.recordIds[4];
    await db.update(shiftRecords).set({ driverId: das[0], daStatus: 2, role: 9 }).where(
      eq(shiftRecords.id, locked),
    );
    const page = await open(report.id);
    await cell(rowById(page, report.recordIds[0]), "route").click();
    await page.keyboard.press("Escape");
    const writes: string[] = [];
    page.on("request", (r) => r.method() === "PATCH" && writes.push(r.url()));
    const routes = Array.from({ length: 10 }, (_, i) => `P${i + 1}`);
    await page.getByTestId("tracker-table").evaluate((el, text) => {
      const dt = new DataTransfer();
      dt.setData("text/plain", text);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    }, routes.join("\r\n") + "\r\n");
    const mark = cell(rowById(page, locked), "route");
    await page.locator("td.tk-refused").waitFor();
    assert.match((await mark.getAttribute("title"))!, /Locked: the DA's status is Rejected or Cancelled/);
    await page.getByText("9 pasted, 1 refused").first().waitFor();
    assert.equal(writes.length, 9, "each accepted value is its own PATCH; the locked row is not sent");
    for (const [i, id] of report.recordIds.entries()) {
      assert.equal((await record(db, id)).route, i === 4 ? null : routes[i]);
    }
  },
);

browserTest(
  "column sets: switching to Returns is kept after a reload; headers explain the abbreviations",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 4), rows: 3 });
    const page = await open(report.id);
    assert.equal(await page.getByTestId("set-dispatch").getAttribute("aria-pressed"), "true");
    assert.equal(await page.locator('th[data-col="uta"]').count(), 0);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/settings/tracker-view/") && r.ok()),
      page.getByTestId("set-returns").click(),
    ]);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/settings/tracker-view/") && r.ok()),
      page.getByTestId("density").click(),
    ]);
    await page.reload();
    await trackerReady(page);
    assert.equal(await page.getByTestId("set-returns").getAttribute("aria-pressed"), "true");
    assert.equal(await page.getByTestId("tracker-table").getAttribute("data-density"), "compact");
    assert.equal(await page.locator('th[data-col="fleet_size"]').count(), 0);
    assert.match((await page.locator('th[data-col="uta"]').getAttribute("title"))!, /^UTA: Unable To Access/);
    assert.match((await page.locator('th[data-col="nsl"]').getAttribute("title"))!, /No Secure Location/);
    // Frozen columns stay: #, DA, fleet no.
    const heads = await page.locator("thead th").evaluateAll((ths) =>
      ths.slice(0, 3).map((t) => t.getAttribute("data-col"))
    );
    assert.deepEqual(heads, ["created", "driver", "fleet_no"]);
    // The Columns menu (loaded when first opened): unticking a column hides it, ticking shows it again.
    await page.getByTestId("columns-button").click();
    const stops = page.getByTestId("columns-menu").getByLabel("Stops", { exact: true });
    for (const shown of [false, true]) {
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/api/settings/tracker-view/") && r.ok()),
        stops.click(),
      ]);
      assert.equal(await page.locator('th[data-col="number_of_stops"]').count(), shown ? 1 : 0);
    }
    await page.keyboard.press("Escape");
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/settings/tracker-view/") && r.ok()),
      page.getByTestId("set-dispatch").click(),
    ]);
  },
);

browserTest("phone width: row cards; a card's sheet changes the route and the status", async () => {
  const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 5), rows: 4 });
  const [first] = report.recordIds;
  await db.update(shiftRecords).set({ driverId: das[1], route: "OLD1" }).where(eq(shiftRecords.id, first));
  const page = await open(report.id, "dispatcher@example.com", { width: 390, height: 844 });
  assert.equal(await page.locator(ROW).first().isVisible(), false, "no grid at phone width");
  const card = page.locator(`[data-testid="tracker-card"][data-record-id="${first}"]`);
  await card.getByRole("button").click();
  const sheet = page.getByTestId("row-sheet");
  await sheet.waitFor();
  await sheet.locator("input[name=route]").fill("PH7");
  await sheet.locator("select[name=da_status]").selectOption("1");
  await page.getByTestId("sheet-save").click();
  await sheet.waitFor({ state: "detached" });
  const r = await record(db, first);
  assert.deepEqual([r.route, r.daStatus], ["PH7", 1]);
  await card.filter({ hasText: "PH7" }).waitFor();
  await shot(page, "tracker-cards-390", { fullPage: false });
  if (DOCS) await page.screenshot({ path: "docs/screens/tracker-390.png" });
});

// The cell editor is loaded on first use (grid/GridRow.tsx): a pointer or focus in the grid starts its
// chunk. These hold its chunk back, or make it fail, as a slow network or a replaced deployment would.
const EDITOR_CHUNK = /\/_astro\/CellEditor\.[^/?]+\.js(\?.*)?$/;

browserTest(
  "first edit before the editor's code is in: the keys typed meanwhile are the editor's",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 7), rows: 3 });
    const page = await open(report.id);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(EDITOR_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    const grid = page.getByTestId("tracker-table");
    await grid.focus();
    // The grid moves at once, without the editor's chunk.
    while ((await page.locator("td.tk-active").getAttribute("data-col")) !== "route") {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.type("Q7x");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Enter");
    assert.equal(
      await grid.locator("td :is(input, select)").count(),
      0,
      "no editor yet: the cell shows its text",
    );
    const write = nextWrite(page);
    release();
    assert.equal((await write).status(), 200);
    assert.equal((await record(db, report.recordIds[0])).route, "Q7");
    await page.locator('tr[aria-rowindex="3"] td.tk-active[data-col="route"]').waitFor();
    // Esc typed before an editor is up leaves without sending, as it does in the editor.
    await page.keyboard.type("NOPE");
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.locator("td.tk-active").getAttribute("data-col"), "route");
    assert.equal((await record(db, report.recordIds[1])).route, null);
  },
);

browserTest(
  "an editor whose code cannot be loaded offers the new version; the grid still moves",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 8), rows: 3 });
    const page = await open(report.id);
    await page.route(EDITOR_CHUNK, (r) => r.fulfill({ status: 404, body: "" }));
    const bar = page.locator("#app-update");
    await cell(rowById(page, report.recordIds[0]), "route").click();
    await bar.getByText("A new version is available.").waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowDown");
    await page.locator('tr[aria-rowindex="3"] td.tk-active[data-col="route"]').waitFor();
    assert.equal(await page.getByTestId("tracker-row").count(), 3, "the island is still there");
  },
);
