// The shift tracker's rules on screen, through Chromium (the API holds each of them too: tests/http):
// numeric cells and their null/empty semantics, status options and colours, DA 2, row locks, the
// 'Duplicate Vans' and 'No Free Vans' dialogs, search, sorting, add and delete, and the upload dialog.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { and, eq, inArray } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, goto, newPage, type Page, shot, signIn } from "../helpers/browser.ts";
import { shiftRecords, users, vans } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport, record, vansOf } from "../integration/tracker-fixture.ts";
import { sampleRows, shiftXlsx } from "../fixtures/shift-xlsx.ts";
import { NO_FREE_VANS_TEXT } from "../../islands/tracker/types.ts";
import { choose, nextWrite, ROW, rowById, trackerReady, typeInto } from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;
const das = await activeDas(db, 2);

async function open(reportId: number, email = "dispatcher@example.com"): Promise<Page> {
  const page = await newPage(app);
  await signIn(page, email);
  await goto(page, `/das-reports/${reportId}`);
  await trackerReady(page);
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
    const stops = row.locator("input[name=number_of_stops]");

    await stops.click();
    await stops.pressSequentially("1a2-3.");
    assert.equal(await stops.inputValue(), "123", "letters and signs are not typed");
    assert.equal(await typeInto(page, stops, "123"), 200);
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, 123);

    await stops.evaluate((el) => {
      const dt = new DataTransfer();
      dt.setData("text", "4,5x6");
      (el as HTMLInputElement).select();
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    assert.equal(await stops.inputValue(), "456", "a paste keeps the digits");
    await Promise.all([nextWrite(page), stops.blur()]);
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, 456);

    const before = writes.n;
    await row.locator("input[name=number_of_packages]").focus();
    await row.locator("input[name=number_of_packages]").blur();
    await stops.focus();
    await stops.blur();
    await row.locator("input[name=route]").focus();
    await row.locator("input[name=route]").blur();
    await page.waitForTimeout(300);
    assert.equal(writes.n, before, "empty on an empty field, or an unchanged value, sends nothing");

    await stops.fill("");
    await Promise.all([nextWrite(page), stops.blur()]);
    assert.equal((await record(db, report.recordIds[0])).numberOfStops, null, "emptied: stored as null");

    assert.equal(await typeInto(page, row.locator("input[name=route]"), "CX9"), 200);
    assert.equal((await record(db, report.recordIds[0])).route, "CX9");
    assert.equal(await typeInto(page, row.locator("input[name=actual_end_time]"), "1730"), 200);
    assert.equal(await row.locator("input[name=actual_end_time]").inputValue(), "17:30");

    // Role hours only for roles 2, 5, 6, 8 (a role needs a DA); the fleet number is typed only without a van.
    assert.ok(await row.locator("input[name=role_hours]").isDisabled(), "Standard hours are fixed");
    await choose(page, row.locator("select[name=driver]"), { value: String(das[0]) });
    await choose(page, row.locator("select[name=role]"), { label: "Flex" });
    assert.ok(await row.locator("input[name=role_hours]").isEnabled());
    assert.equal(await typeInto(page, row.locator("input[name=role_hours]"), "7.5"), 200);
    assert.equal((await record(db, report.recordIds[0])).roleHours, "7.50");
    assert.equal(await typeInto(page, row.locator("input[name=fleet_number]"), "T-42"), 200);
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
      const select = row.locator(`select[name=${name}]`);
      assert.ok(await select.isDisabled(), `${name} is disabled on an empty row`);
      assert.equal(await select.getAttribute("title"), "Choose a DA first: role and status need a DA.");
    }
    const back = rowById(page, stuck);
    assert.equal(await back.getAttribute("data-locked"), "false", "no DA: not a DA's cancelled shift");
    const role = back.locator("select[name=role]");
    assert.ok(await role.isEnabled());
    await role.focus();
    const offered = await role.locator("option").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).label)
    );
    assert.ok(!offered.includes("Rejected") && offered.includes("Standard"), offered.join(", "));
    assert.equal(await choose(page, role, { label: "Standard" }), 200);
    assert.deepEqual(
      [(await record(db, stuck)).role, (await record(db, stuck)).daStatus],
      [0, 0],
      "set back to a pending standard row",
    );
    assert.ok(
      await back.locator("select[name=role]").isDisabled(),
      "and now it is an empty row like any other",
    );

    // A cancelled row keeps its van's number greyed, as history; the van itself is free again.
    const vanRow = rowById(page, van);
    await choose(page, vanRow.locator("select[name=driver]"), { value: String(das[1]) });
    const sized = await choose(page, vanRow.locator("select[name=fleet_size]"), { value: "1" });
    assert.equal(sized, 200);
    const number = await vanRow.locator("input[name=fleet_number]").inputValue();
    assert.ok(number, "a van was assigned");
    assert.equal(await choose(page, vanRow.locator("select[name=role]"), { label: "Client Cancelled" }), 200);
    const history = vanRow.locator("input[name=fleet_number]");
    await vanRow.locator('[data-history="true"]').waitFor();
    assert.equal(await history.inputValue(), number);
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
    assert.ok(await first.locator("select[name=da_status]").isDisabled(), "no status without a DA");
    assert.ok(await first.locator("select[name=fleet_size]").isDisabled(), "no van size without a DA");

    await choose(page, first.locator("select[name=driver]"), { value: String(das[0]) });
    const status = first.locator("select[name=da_status]");
    assert.ok(await status.isEnabled());
    await status.focus();
    assert.deepEqual(
      await status.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ["0", "1", "2"],
    );
    assert.match((await status.getAttribute("class")) ?? "", /tk-amber/);
    await first.getByTestId("not-published").waitFor();
    await first.locator("select[name=fleet_size]").focus();
    assert.deepEqual(
      await first.locator("select[name=fleet_size] option").evaluateAll((os) =>
        os.map((o) => (o as HTMLOptionElement).value)
      ),
      ["", "1", "6", "3", "2"],
      "van sizes 4 and 5 are not offered; order 1, 6, 3, 2",
    );
    await choose(page, status, { value: "1" });
    assert.match((await status.getAttribute("class")) ?? "", /tk-green/);

    // The DA chosen on row 1 is not offered on row 2.
    await second.locator("select[name=driver]").focus();
    const offered = await second.locator("select[name=driver] option").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).value)
    );
    assert.ok(offered.length > 2 && !offered.includes(String(das[0])));

    // DA 2: the columns come and go; the DA 2 picker needs a first DA.
    assert.equal(await page.locator("select[name=second_driver]").count(), 0);
    await Promise.all([nextWrite(page, "report"), page.getByRole("button", { name: "Add DA 2" }).click()]);
    await page.getByRole("button", { name: "Hide DA 2" }).waitFor();
    assert.ok(await second.locator("select[name=second_driver]").isDisabled());
    await choose(page, first.locator("select[name=second_driver]"), { value: String(das[1]) });
    assert.ok(await first.locator("select[name=second_da_status]").isEnabled());
    await Promise.all([nextWrite(page, "report"), page.getByRole("button", { name: "Hide DA 2" }).click()]);
    await page.getByRole("button", { name: "Add DA 2" }).waitFor();
    assert.equal(await page.locator("select[name=second_driver]").count(), 0);

    // Rejected (status 2) puts role Rejected and locks the row for a dispatcher: no edit, no delete.
    await choose(page, second.locator("select[name=driver]"), { value: String(das[2]) });
    await choose(page, second.locator("select[name=da_status]"), { value: "2" });
    await page.locator(`${ROW}[data-record-id="${report.recordIds[1]}"][data-locked="true"]`).waitFor();
    assert.equal(await second.locator("select[name=role] option:checked").innerText(), "Rejected");
    assert.ok(await second.locator("select[name=driver]").isDisabled());
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
  await choose(page, first.locator("select[name=driver]"), { value: String(das[0]) });
  await choose(page, first.locator("select[name=fleet_size]"), { value: "1" });
  const van = await first.locator("input[name=fleet_number]").inputValue();
  assert.ok(van);

  assert.equal(await typeInto(page, second.locator("input[name=fleet_number]"), van), 400);
  const dialog = page.getByRole("dialog", { name: "Duplicate Vans" });
  await dialog.waitFor();
  assert.match(
    await page.getByTestId("duplicate-vans-text").innerText(),
    new RegExp(`^Van ${van} is already assigned to .+ today\\.$`),
  );
  await shot(page, "tracker-duplicate-vans", { fullPage: false });
  await dialog.getByRole("button", { name: "OK" }).click();
  assert.equal(
    await second.locator("input[name=fleet_number]").inputValue(),
    "",
    "the row shows its previous value again",
  );
  assert.equal((await record(db, report.recordIds[1])).fleetNumber, null);

  // No van of size 2 is available at HYZ1.
  const large = (await vansOf(db, 2, 2)).map((v) => v.id);
  if (large.length) await db.update(vans).set({ status: 2 }).where(inArray(vans.id, large));
  await choose(page, third.locator("select[name=driver]"), { value: String(das[1]) });
  assert.equal(await choose(page, third.locator("select[name=fleet_size]"), { value: "2" }), 404);
  const noVans = page.getByRole("dialog", { name: "No Free Vans" });
  await noVans.waitFor();
  assert.equal(await page.getByTestId("no-free-vans-text").innerText(), NO_FREE_VANS_TEXT);
  await noVans.getByRole("button", { name: "OK" }).click();
  assert.equal(await third.locator("input[name=fleet_number]").inputValue(), "");
  assert.equal(await third.locator("select[name=fleet_size]").inputValue(), "");
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
    assert.equal(await rowById(page, b).getByTestId("transporter-id").innerText(), "Pending the ID");

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

    const header = page.locator("th", { hasText: "Route" }).getByRole("button");
    await header.click();
    assert.deepEqual(await ids(), [b, a, c], "routes in natural order");
    await header.click();
    assert.deepEqual(await ids(), [c, a, b]);
    await page.locator("th", { hasText: "#" }).first().getByRole("button").click();
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
      (await page.locator(`${ROW} input[name=route]`).evaluateAll((els) =>
        els.map((e) => (e as HTMLInputElement).value)
      )).sort(),
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
  "a long report keeps a window of rows: scrolling brings rows in, the focused row stays, a new row is revealed",
  async () => {
    const report = await makeReport(db, { stationId: 2, reportDate: await day(db, 7), rows: 80 });
    const page = await open(report.id);
    assert.equal((await page.getByTestId("row-count").innerText()).trim(), "80 rows");
    const rendered = await page.locator(ROW).count();
    assert.ok(rendered >= 10 && rendered < 50, `${rendered} rows in the page`);

    const stops = rowById(page, report.recordIds[1]).locator("input[name=number_of_stops]");
    await stops.click();
    await stops.pressSequentially("77");
    const box = page.getByTestId("tracker-table");
    await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.locator(`${ROW}[aria-rowindex="81"]`).waitFor();
    assert.equal(await stops.inputValue(), "77", "the row being edited stayed in the page");
    await Promise.all([nextWrite(page), stops.blur()]);
    assert.equal((await record(db, report.recordIds[1])).numberOfStops, 77);

    await box.evaluate((el) => (el.scrollTop = 0));
    await page.locator(`${ROW}[aria-rowindex="2"]`).waitFor();
    await page.getByRole("button", { name: "Add New Record" }).click();
    await page.locator(`${ROW}[aria-rowindex="82"] select[name=driver]:focus`).waitFor();
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
    await page.locator("select[name=driver] option:checked").innerText(),
  ]);
  await page.getByTestId("pdf-download").click();
  await expectToast(page, "Generating PDF...");
  await expectToast(page, "Something was wrong!");
});
