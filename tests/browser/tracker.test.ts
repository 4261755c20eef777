// The shift tracker's rules on screen, through Chromium (the API holds each of them too: tests/http):
// numeric cells and their null/empty semantics, status options and colours, DA 2, row locks, the
// 'Duplicate Vans' and 'No Free Vans' dialogs, search, sorting, add and delete, and the upload dialog.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { and, eq, inArray } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, newPage, type Page, shot, signInAs } from "../helpers/browser.ts";
import { shiftRecords, users, vans } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport, record, vansOf } from "../integration/tracker-fixture.ts";
import { sampleRows, shiftXlsx } from "../fixtures/shift-xlsx.ts";
import { NO_FREE_VANS_TEXT } from "../../islands/tracker/types.ts";
import {
  cell,
  cellText,
  choose,
  isReadOnly,
  nextWrite,
  ROW,
  rowById,
  showAllColumns,
  trackerReady,
  typeInto,
} from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const das = await activeDas(db, 2);

async function open(reportId: number, email = "dispatcher@example.com"): Promise<Page> {
  const page = await newPage(app);
  await signInAs(page, email, { path: `/das-reports/${reportId}` });
  await trackerReady(page);
  await showAllColumns(page);
  return page;
}

/** Counts the row writes the page sends from now on. */
function countWrites(page: Page) {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes("/api/da-daily-report-record/")) seen.n++;
  });
  return seen;
}

browserTest(
  "numeric cells: digits only, empty on empty ignored, empty stores null, sent only when changed",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 2), rows: 2 });
    const page = await open(report.id);
    const row = rowById(page, report.recordIds[0]);
    const writes = countWrites(page);
    const stops = cell(row, "number_of_stops");

    await stops.click();
    await stops.locator("input").pressSequentially("1a2-3.");
    await stops.locator("input").press("Enter");
    await page.getByText("Stops: Digits only.").first().waitFor();
    assert.equal(await typeInto(page, stops, "123"), 200);
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, 123);

    // A pasted column of one value goes through the same rules.
    await stops.click();
    await page.keyboard.press("Escape");
    await page.getByTestId("tracker-table").evaluate((el) => {
      const dt = new DataTransfer();
      dt.setData("text/plain", "456");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await page.getByText("Stops: 1 pasted.").first().waitFor();
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, 456);

    const before = writes.n;
    for (const col of ["number_of_packages", "number_of_stops", "route"]) {
      await cell(row, col).click();
      await page.keyboard.press("Enter");
    }
    await page.waitForTimeout(300);
    assert.equal(writes.n, before, "empty on an empty field, or an unchanged value, sends nothing");

    await stops.click();
    await stops.locator("input").fill("");
    await Promise.all([nextWrite(page), page.keyboard.press("Enter")]);
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, null, "emptied: stored as null");

    assert.equal(await typeInto(page, cell(row, "route"), "CX9"), 200);
    assert.equal((await record(db, report.recordIds[0])).route, "CX9");
    assert.equal(await typeInto(page, cell(row, "actual_end_time"), "1730"), 200);
    assert.equal(await cellText(row, "actual_end_time"), "17:30");

    // Role hours only for roles 2, 5, 6, 8 (a role needs a DA); the fleet number is typed only without a van.
    assert.ok(await isReadOnly(row, "role_hours"), "Standard hours are fixed");
    await choose(page, cell(row, "driver"), { value: String(das[0]) });
    await choose(page, cell(row, "role"), { label: "Flex" });
    assert.ok(!(await isReadOnly(row, "role_hours")));
    assert.equal(await typeInto(page, cell(row, "role_hours"), "7.5"), 200);
    assert.equal((await record(db, report.recordIds[0])).roleHours, "7.50");
    assert.equal(await typeInto(page, cell(row, "fleet_no"), "T-42"), 200);
    assert.equal((await record(db, report.recordIds[0])).fleetNumber, "T-42");
  },
);

browserTest(
  "an empty row: role and status disabled with the reason; a cancelled empty row is set back",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 4), rows: 3 });
    const [empty, stuck, van] = report.recordIds;
    // A row left cancelled without a DA (before roles and statuses needed one).
    await db.update(shiftRecords).set({ role: 9, roleHours: "0.00", daStatus: 3 }).where(
      eq(shiftRecords.id, stuck),
    );
    const page = await open(report.id);
    const row = rowById(page, empty);
    for (const name of ["role", "da_status"]) {
      assert.ok(await isReadOnly(row, name), `${name} is read-only on an empty row`);
      assert.equal(
        await cell(row, name).getAttribute("title"),
        "Choose a DA first: role and status need a DA.",
      );
    }
    const back = rowById(page, stuck);
    assert.equal(await back.getAttribute("data-locked"), "false", "no DA: not a DA's cancelled shift");
    assert.ok(!(await isReadOnly(back, "role")));
    await cell(back, "role").click();
    // The list box is there once the editor's code is in (loaded on first use, grid/GridRow.tsx).
    await cell(back, "role").locator("select").waitFor();
    const offered = await cell(back, "role").locator("option").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).label)
    );
    await page.keyboard.press("Escape");
    assert.ok(!offered.includes("Rejected") && offered.includes("Standard"), offered.join(", "));
    assert.equal(await choose(page, cell(back, "role"), { label: "Standard" }), 200);
    assert.deepEqual(
      [(await record(db, stuck)).role, (await record(db, stuck)).daStatus],
      [0, 0],
      "set back to a pending standard row",
    );
    assert.ok(await isReadOnly(back, "role"), "and now it is an empty row like any other");

    // A cancelled row keeps its van's number greyed, as history; the van itself is free again.
    const vanRow = rowById(page, van);
    await choose(page, cell(vanRow, "driver"), { value: String(das[1]) });
    const sized = await choose(page, cell(vanRow, "fleet_size"), { value: "1" });
    assert.equal(sized, 200);
    const number = await cellText(vanRow, "fleet_no");
    assert.ok(number, "a van was assigned");
    assert.equal(await choose(page, cell(vanRow, "role"), { label: "Client Cancelled" }), 200);
    await vanRow.locator('[data-history="true"]').first().waitFor();
    assert.equal(await cellText(vanRow, "fleet_no"), number);
    assert.equal((await record(db, van)).vanId, null, "the van is given back");
    for (
      const [viewport, tag] of [[{ width: 1280, height: 800 }, "1280"], [
        { width: 700, height: 800 },
        "700",
      ]] as const
    ) {
      await page.setViewportSize(viewport);
      await shot(page, `tracker-empty-rows-${tag}`, { fullPage: false });
    }
  },
);

browserTest(
  "rows: statuses offered and coloured, Not Published, DA 2, a rejected row locks; delete and add",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 3), rows: 3 });
    const page = await open(report.id);
    const [first, second, third] = report.recordIds.map((id) => rowById(page, id));
    assert.ok(await isReadOnly(first, "da_status"), "no status without a DA");
    assert.ok(await isReadOnly(first, "fleet_size"), "no van size without a DA");

    await choose(page, cell(first, "driver"), { value: String(das[0]) });
    const status = cell(first, "da_status");
    assert.ok(!(await isReadOnly(first, "da_status")));
    await status.click();
    assert.deepEqual(
      await status.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ["0", "1", "2"],
    );
    await page.keyboard.press("Escape");
    assert.match((await status.locator(".tk-pill").getAttribute("class")) ?? "", /tk-pill-amber/);
    await first.getByTestId("not-published").waitFor();
    await cell(first, "fleet_size").click();
    assert.deepEqual(
      await cell(first, "fleet_size").locator("option").evaluateAll((os) =>
        os.map((o) => (o as HTMLOptionElement).value)
      ),
      ["", "1", "6", "3", "2"],
      "van sizes 4 and 5 are not offered; order 1, 6, 3, 2",
    );
    await page.keyboard.press("Escape");
    await choose(page, status, { value: "1" });
    assert.match((await status.locator(".tk-pill").getAttribute("class")) ?? "", /tk-pill-green/);

    // The DA chosen on row 1 is not offered on row 2.
    await cell(second, "driver").click();
    const offered = await cell(second, "driver").locator("option").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).value)
    );
    await page.keyboard.press("Escape");
    assert.ok(offered.length > 2 && !offered.includes(String(das[0])));

    // DA 2: the columns come and go; the DA 2 picker needs a first DA.
    assert.equal(await page.locator('td[data-col="second_driver"]').count(), 0);
    await Promise.all([nextWrite(page, "report"), page.getByRole("button", { name: "Add DA 2" }).click()]);
    await page.getByRole("button", { name: "Hide DA 2" }).waitFor();
    assert.ok(await isReadOnly(second, "second_driver"));
    await choose(page, cell(first, "second_driver"), { value: String(das[1]) });
    assert.ok(!(await isReadOnly(first, "second_da_status")));
    await Promise.all([nextWrite(page, "report"), page.getByRole("button", { name: "Hide DA 2" }).click()]);
    await page.getByRole("button", { name: "Add DA 2" }).waitFor();
    assert.equal(await page.locator('td[data-col="second_driver"]').count(), 0);

    // Rejected (status 2) puts role Rejected and locks the row for a dispatcher: no edit, no delete.
    await choose(page, cell(second, "driver"), { value: String(das[2]) });
    await choose(page, cell(second, "da_status"), { value: "2" });
    await page.locator(`${ROW}[data-record-id="${report.recordIds[1]}"][data-locked="true"]`).waitFor();
    assert.equal(await cellText(second, "role"), "Rejected");
    assert.ok(await isReadOnly(second, "driver"));
    assert.match(
      (await second.getAttribute("title")) ?? "",
      /^Locked: the DA's status is Rejected or Cancelled/,
    );
    assert.equal(await second.getByTestId("delete-row").count(), 0);

    // The header strip: 'None' until someone is chosen.
    const strip = page.getByTestId("header-strip");
    assert.equal(await strip.locator("select[name=dispatcher] option:checked").innerText(), "None");
    await choose(page, strip.locator("select[name=dispatcher]"), { label: "Dana Dispatcher" }, "report");
    await page.reload();
    await trackerReady(page);
    assert.equal(
      await strip.locator("select[name=dispatcher] option:checked").innerText(),
      "Dana Dispatcher",
    );

    // Delete row 3 (with the confirmation), then add a row.
    await third.getByTestId("delete-row").click();
    await page.getByTestId("confirm-delete").click();
    await expectToast(page, "The row was deleted.");
    await third.waitFor({ state: "detached" });
    assert.equal(
      (await db.select().from(shiftRecords).where(eq(shiftRecords.id, report.recordIds[2]))).length,
      0,
    );
    await page.getByRole("button", { name: "Add New Record" }).click();
    await page.locator(ROW).nth(2).waitFor();
    assert.equal(await page.locator(ROW).count(), 3);
    await shot(page, "tracker-rows-1366", { fullPage: false });
  },
);

browserTest("dialogs: 'Duplicate Vans' reverts the row; 'No Free Vans' clears the van", async () => {
  const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 4), rows: 3 });
  const page = await open(report.id);
  const [first, second, third] = report.recordIds.map((id) => rowById(page, id));
  await choose(page, cell(first, "driver"), { value: String(das[0]) });
  await choose(page, cell(first, "fleet_size"), { value: "1" });
  const van = await cellText(first, "fleet_no");
  assert.ok(van);

  assert.equal(await typeInto(page, cell(second, "fleet_no"), van), 400);
  const dialog = page.getByRole("dialog", { name: "Duplicate Vans" });
  await dialog.waitFor();
  assert.match(
    await page.getByTestId("duplicate-vans-text").innerText(),
    new RegExp(`^Van ${van} is already assigned to .+ on \\w{3} \\d{2}-\\d{2}-\\d{4}\\.$`),
  );
  await shot(page, "tracker-duplicate-vans", { fullPage: false });
  await dialog.getByRole("button", { name: "OK" }).click();
  assert.equal(await cellText(second, "fleet_no"), "", "the row shows its previous value again");
  assert.equal((await record(db, report.recordIds[1])).fleetNumber, null);

  // No van of size 2 is available at HYZ1.
  const large = (await vansOf(db, 2, 2)).map((v) => v.id);
  if (large.length) await db.update(vans).set({ status: 2 }).where(inArray(vans.id, large));
  await choose(page, cell(third, "driver"), { value: String(das[1]) });
  assert.equal(await choose(page, cell(third, "fleet_size"), { value: "2" }), 404);
  const noVans = page.getByRole("dialog", { name: "No Free Vans" });
  await noVans.waitFor();
  assert.equal(await page.getByTestId("no-free-vans-text").innerText(), NO_FREE_VANS_TEXT);
  await noVans.getByRole("button", { name: "OK" }).click();
  assert.equal(await cellText(third, "fleet_no"), "");
  assert.equal(await cellText(third, "fleet_size"), "");
  assert.equal((await record(db, report.recordIds[2])).vanId, null);
});

browserTest(
  "search waits 1000 ms and matches routes, names and 'pending the id'; headers sort both ways",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 5), rows: 3 });
    const [a, b, c] = report.recordIds;
    await db.update(users).set({ transporterId: null }).where(eq(users.id, das[3]));
    await db.update(shiftRecords).set({ route: "CX20" }).where(eq(shiftRecords.id, a));
    await db.update(shiftRecords).set({ route: "CX3", driverId: das[3] }).where(eq(shiftRecords.id, b));
    await db.update(shiftRecords).set({ route: "CX100", numberOfPackages: 241 }).where(
      eq(shiftRecords.id, c),
    );
    const page = await open(report.id);
    const ids =
      async () => (await page.locator(ROW).evaluateAll((rs) =>
        rs.map((r) => Number(r.getAttribute("data-record-id")))
      ));
    assert.deepEqual(await ids(), [a, b, c], "creation order by default");
    assert.equal(await cellText(rowById(page, b), "transporter_id"), "Pending the ID");

    const search = page.getByTestId("tracker-search");
    await search.fill("cx3");
    await page.waitForTimeout(400);
    assert.equal(await page.locator(ROW).count(), 3, "not applied before 1000 ms");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tracker-row"]').length === 1);
    assert.deepEqual(await ids(), [b]);
    for (const [q, want] of [["PENDING THE ID", [b]], ["241", [c]], ["zzz", []], ["", [a, b, c]]] as const) {
      await search.fill(q);
      await page.waitForFunction(
        (w) =>
          [...document.querySelectorAll('[data-testid="tracker-row"]')].map((r) =>
            r.getAttribute("data-record-id")
          ).join() === w.join(),
        want,
      );
      assert.deepEqual(await ids(), want, q);
    }
    await search.fill("zzz");
    await page.getByTestId("tracker-empty").waitFor();
    await search.fill("");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tracker-row"]').length === 3);

    const header = page.locator('th[data-col="route"]').getByRole("button");
    await header.click();
    assert.deepEqual(await ids(), [b, a, c], "routes in natural order");
    await header.click();
    assert.deepEqual(await ids(), [c, a, b]);
    await page.locator('th[data-col="created"]').getByRole("button").click();
    assert.deepEqual(await ids(), [a, b, c]);
  },
);

browserTest(
  "upload: the dialog waits for a file, uploads the routes file, and lists a refused file's problems",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 6), rows: 0 });
    const people = await db.select({
      firstName: users.firstName,
      lastName: users.lastName,
      transporterId: users.transporterId,
    })
      .from(users).where(and(inArray(users.id, das.slice(5, 8)), eq(users.role, 5)));
    const page = await open(report.id);
    await page.getByTestId("tracker-empty").waitFor();
    await shot(page, "tracker-empty-1366", { fullPage: false });
    await page.getByRole("button", { name: "Upload Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Report (.xlsx)" });
    await dialog.waitFor();
    assert.ok(await page.getByTestId("upload-submit").isDisabled());
    assert.ok(await dialog.getByRole("button", { name: "Cancel" }).isDisabled());

    const good = await shiftXlsx(sampleRows(people, { routePrefix: "UP" }));
    await page.getByTestId("upload-file").setInputFiles({
      name: "routes.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(good),
    });
    assert.match(await page.getByTestId("upload-chosen").innerText(), /routes\.xlsx\s+(0\.\d\d|< 0\.01) MB/);
    await shot(page, "tracker-upload", { fullPage: false });
    await page.getByTestId("upload-submit").click();
    await expectToast(page, "Xlsx file was uploaded!");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tracker-row"]').length === 3);
    assert.deepEqual(
      (await page.locator(`${ROW} td[data-col="route"]`).allInnerTexts()).map((t) => t.trim()).sort(),
      ["UP1", "UP2", "UP3"],
    );

    await page.getByRole("button", { name: "Upload Report" }).click();
    await page.getByTestId("upload-file").setInputFiles({
      name: "notes.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("not a workbook"),
    });
    await page.getByTestId("upload-submit").click();
    await expectToast(page, "Xlsx file was not uploaded! Please try again.");
    assert.match(await page.getByTestId("upload-outcome").innerText(), /notes\.xlsx|xlsx|file/i);
    await shot(page, "tracker-upload-refused", { fullPage: false });
    assert.equal(await page.locator(ROW).count(), 3, "nothing changed");
  },
);

browserTest(
  "a long report renders a window of rows: the active cell stays in view while moving; a new row is revealed",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 7), rows: 80 });
    const page = await open(report.id);
    assert.equal((await page.getByTestId("row-count").innerText()).trim(), "80 rows");
    const rendered = await page.locator(ROW).count();
    assert.ok(rendered >= 10 && rendered < 50, `${rendered} rows in the page`);

    const stops = cell(rowById(page, report.recordIds[1]), "number_of_stops");
    await stops.click();
    await stops.locator("input").pressSequentially("77");
    await Promise.all([nextWrite(page), page.keyboard.press("Enter")]);
    assert.equal((await record(db, report.recordIds[1])).numberOfStops, 77);
    // Walking down with the keyboard keeps the active cell in the page and in view.
    for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowDown");
    const active = page.locator("td.tk-active");
    assert.equal(await active.locator("xpath=ancestor::tr[1]").getAttribute("aria-rowindex"), "64");
    assert.ok(await active.isVisible());
    const box = page.getByTestId("tracker-table");
    // In view: below the sticky header and above the grid's bottom edge (once the scroll has settled).
    await page.waitForFunction(() => {
      const cell = document.querySelector("td.tk-active")!.getBoundingClientRect();
      const grid = document.querySelector('[data-testid="tracker-table"]')!.getBoundingClientRect();
      const head = document.querySelector('[data-testid="tracker-table"] th')!.getBoundingClientRect();
      return cell.top >= head.bottom - 1 && cell.bottom <= grid.bottom + 1;
    });

    // Scrolled to the end: the last row is rendered, and the spacers keep the table as tall as 80 real rows
    // (grid/rowWindow.ts counts in the height the CSS gives a row).
    await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.locator(`${ROW}[aria-rowindex="81"]`).waitFor();
    const heights = await box.evaluate((el) => ({
      table: el.querySelector("table")!.getBoundingClientRect().height,
      head: el.querySelector("thead")!.getBoundingClientRect().height,
      row: el.querySelector("tr[data-index]")!.getBoundingClientRect().height,
    }));
    assert.ok(Math.abs(heights.table - (heights.head + 80 * heights.row)) <= 1, JSON.stringify(heights));
    assert.ok(await page.locator(`${ROW}[aria-rowindex="81"]`).isVisible());

    await box.evaluate((el) => (el.scrollTop = 0));
    await page.locator(`${ROW}[aria-rowindex="2"]`).waitFor();
    await page.getByRole("button", { name: "Add New Record" }).click();
    await page.locator(`${ROW}[aria-rowindex="82"] td.tk-active[data-col="driver"]`).waitFor();
    assert.equal((await page.getByTestId("row-count").innerText()).trim(), "81 rows");
  },
);

browserTest("failures show the catalogue's texts: notify and PDF 'Something was wrong!'", async () => {
  const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 8), rows: 1 });
  await db.update(shiftRecords).set({ driverId: das[0], daStatus: 1, route: "CX5" }).where(
    eq(shiftRecords.id, report.recordIds[0]),
  );
  const page = await open(report.id);
  await page.route("**/api/send-message-for-drivers/", (r) => r.fulfill({ status: 500, body: "{}" }));
  await page.getByTestId("notify").click();
  await expectToast(page, "Something was wrong!");
  assert.equal(
    (await page.getByTestId("unpublished-count").innerText()).trim(),
    "1",
    "nothing was published",
  );

  await page.route("**/api/da-daily-report/*/pdf/", (r) => r.fulfill({ status: 500, body: "{}" }));
  await page.getByRole("button", { name: "Download PDF" }).click();
  await page.getByTestId("pdf-preview").waitFor();
  assert.deepEqual(await page.getByTestId("pdf-preview").locator("tbody td").allInnerTexts(), [
    "1",
    "",
    "CX5",
    "",
    await page.locator('td[data-col="driver"]').first().innerText(),
  ]);
  await page.getByTestId("pdf-download").click();
  await expectToast(page, "Generating PDF...");
  await expectToast(page, "Something was wrong!");
});

browserTest("a dialog whose code cannot be loaded offers the new version; the grid stays", async () => {
  const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 2), rows: 2 });
  const page = await open(report.id);
  // The dialogs are loaded on first opening (islands/ui/Deferred.tsx): an old tab after a deployment
  // asks for a chunk the server no longer has.
  await page.route(/\/_astro\/PdfPreview\.[^/?]+\.js(\?.*)?$/, (r) => r.fulfill({ status: 404, body: "" }));
  const bar = page.locator("#app-update");
  assert.equal(await bar.isVisible(), false);
  await page.getByRole("button", { name: "Download PDF" }).click();
  await bar.getByText("A new version is available.").waitFor();
  assert.equal(await page.getByTestId("tracker-row").count(), 2, "the island is still there");
  // The other dialogs still open.
  await page.getByRole("button", { name: "Upload Report" }).click();
  await page.getByRole("dialog", { name: "Upload Report" }).waitFor();
});
