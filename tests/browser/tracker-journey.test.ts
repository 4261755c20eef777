// The journey through Chromium: a dispatcher creates tomorrow's shift on the board, fills five
// rows (DA, role, van size, status, scanners), notifies the drivers (outbox rows written), exports the PDF
// (its text read back), and a manager sees the summary card that the dispatcher does not.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, goto, newPage, type Page, shot, signIn } from "../helpers/browser.ts";
import { outbox, users } from "../../lib/db/schema.ts";
import { activeDas, scannersOf, vansOf } from "../integration/tracker-fixture.ts";
import { cell, cellText, choose, isReadOnly, ROW, showAllColumns, trackerReady } from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const ROLES = ["Flex", "Quality", "Rescue", "Special", "Training"];

async function fillRow(page: Page, i: number, driverId: number, role: string, size: string) {
  const row = page.locator(ROW).nth(i);
  await choose(page, cell(row, "driver"), { value: String(driverId) });
  await choose(page, cell(row, "role"), { label: role });
  await choose(page, cell(row, "fleet_size"), { value: size });
  await choose(page, cell(row, "da_status"), { value: "1" });
  for (const kind of ["rabbit", "dolly"]) {
    // The scanner cell opens its picker (its selects send on change); Esc closes it.
    await cell(row, kind).click();
    await choose(page, row.locator(`select[name=${kind}_number]`), { index: 1 }, "serial");
    await page.keyboard.press("Escape");
  }
}

browserTest(
  "dispatcher: create tomorrow's shift, fill 5 rows, notify, export the PDF; the manager sees the summary",
  async () => {
    const das = (await activeDas(db, 2)).slice(0, 5);
    assert.equal(das.length, 5, "five active HYZ1 DAs with a mobile number");
    const cargo = (await vansOf(db, 2, 1)).filter((v) => v.status === 1);
    assert.ok(cargo.length >= 5, "five available cargo vans at HYZ1");
    assert.ok(
      (await scannersOf(db, 2, "rabbit")).length >= 5 && (await scannersOf(db, 2, "dolly")).length >= 5,
    );

    // The board: Create New Shift for HYZ1 (no demo shift tomorrow), tomorrow by default, 5 rows.
    const page = await newPage(app);
    await signIn(page, "dispatcher@example.com");
    await goto(page, "/das-reports");
    await page.getByRole("button", { name: /Create New Shift/ }).click();
    await page.selectOption("#cs-station", "2");
    await page.fill("#cs-rows", "5");
    const submit = page.getByTestId("create-submit");
    // Enabled: neither disabled (a request on its way) nor aria-disabled (a rule not met, with its reason).
    await page.waitForFunction(() => {
      const b = document.querySelector("[data-testid=create-submit]") as HTMLButtonElement;
      return !b.disabled && b.getAttribute("aria-disabled") !== "true";
    });
    await Promise.all([page.waitForURL(/\/das-reports\/\d+$/), submit.click()]);
    await trackerReady(page);
    await expectToast(page, "Shift report was created!");
    await showAllColumns(page);
    const reportId = Number(new URL(page.url()).pathname.split("/").pop());
    assert.equal(await page.locator(ROW).count(), 5);

    for (let i = 0; i < 5; i++) await fillRow(page, i, das[i], ROLES[i], "1");
    const rows = page.locator(ROW);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = rows.nth(i);
      names.push(await cellText(row, "driver"));
      assert.match(await cellText(row, "fleet_no"), /\S/, "a van was assigned");
      assert.ok(await isReadOnly(row, "fleet_no"), "the fleet number comes from the van");
      assert.equal(await cellText(row, "da_status"), "Confirmed");
      assert.notEqual(await cellText(row, "rabbit"), "");
      assert.notEqual(await cellText(row, "dolly"), "");
    }
    assert.deepEqual(
      (await rows.locator('td[data-col="role"]').allInnerTexts()).map((t) => t.trim()),
      ROLES,
    );
    assert.equal(
      new Set((await rows.locator('td[data-col="fleet_no"]').allInnerTexts()).map((t) => t.trim())).size,
      5,
      "five different vans",
    );
    assert.equal(await page.getByTestId("summary-card").count(), 0, "no summary card for a dispatcher");
    await shot(page, "tracker-journey-filled-1366", { fullPage: false });

    // Notify asks first: the dialog lists who gets what, a number no SMS can reach apart, and the text.
    await db.update(users).set({ mobileNumber: "abc" }).where(eq(users.id, das[4]));
    assert.equal((await page.getByTestId("unpublished-count").innerText()).trim(), "5");
    await page.getByTestId("notify").click();
    const dialog = page.getByTestId("notify-dialog");
    await dialog.getByTestId("notify-recipients").waitFor();
    assert.match(await dialog.getByTestId("notify-count").innerText(), /4 DAs will get an SMS/);
    const listed = await dialog.locator("[data-testid=notify-recipients] tbody tr").allInnerTexts();
    assert.equal(listed.length, 4);
    for (let i = 0; i < 4; i++) assert.match(listed[i], new RegExp(`Status`), listed[i]);
    assert.match(await dialog.getByTestId("notify-skipped").innerText(), /abc .*cannot receive an SMS/);
    assert.match(await dialog.getByTestId("notify-preview").innerText(), /is confirmed\. Route .*, van /);
    assert.equal(await db.$count(outbox, sql`${outbox.meta}->>'report_id' = ${String(reportId)}`), 0);
    await shot(page, "tracker-notify-dialog-1366", { fullPage: false });
    await page.setViewportSize({ width: 700, height: 900 });
    await shot(page, "tracker-notify-dialog-700", { fullPage: false });
    await page.getByTestId("notify-send").click();
    await expectToast(page, "Message to drivers has been send!");
    await dialog.getByTestId("notify-sent").waitFor();
    assert.equal(await dialog.getByTestId("notify-outbox").count(), 0, "a dispatcher cannot open the outbox");
    await page.getByTestId("notify-done").click();
    await page.setViewportSize({ width: 1366, height: 900 });
    // At 700 px the grid was hidden, with no row rendered: they are back a frame or two after the resize.
    await page.locator(ROW).nth(4).waitFor();
    const written = await db.select({ kind: outbox.kind, recipient: outbox.recipient, meta: outbox.meta })
      .from(outbox).where(sql`${outbox.meta}->>'report_id' = ${String(reportId)}`);
    assert.equal(written.length, 4, JSON.stringify(written));
    assert.ok(written.every((m) => m.kind === "shift_status"));
    assert.equal(new Set(written.map((m) => m.meta.batch)).size, 1, "one batch");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=unpublished-count]")?.textContent?.trim() === "1"
    );
    assert.equal(
      await page.getByTestId("not-published").count(),
      1,
      "the unreachable DA stays not published",
    );

    // PDF: the preview lists the five rows, then the file's text has the names and the headers.
    await page.getByRole("button", { name: "Download PDF" }).click();
    const preview = page.getByTestId("pdf-preview");
    await preview.waitFor();
    assert.equal(await preview.locator("tbody tr").count(), 5);
    await shot(page, "tracker-journey-pdf-preview", { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("pdf-download").click(),
    ]);
    await expectToast(page, "Generating PDF...");
    assert.match(download.suggestedFilename(), /^Shift report HYZ1 \d{2} [A-Z][a-z]{2} \d{4}\.pdf$/);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    assert.ok(text.includes("Fleet No."), text);
    for (const n of names) assert.ok(text.includes(n), `${n} in the PDF: ${text}`);

    // The manager sees the summary card of the same report.
    const manager = await newPage(app);
    await signIn(manager, "manager@example.com");
    await goto(manager, `/das-reports/${reportId}`);
    await trackerReady(manager);
    const card = manager.getByTestId("summary-card");
    await card.waitFor();
    assert.match((await card.textContent()) ?? "", /No of DA\s*5/);
    assert.match(
      (await card.textContent()) ?? "",
      /No of Routes\s*1/,
      "of these roles only Flex runs a route",
    );
  },
);
