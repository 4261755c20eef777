// The roster import journey through Chromium: choose a file with a bad row, see the preview (counts, the
// rejected row with its number, column and reason, a sample of the changes), confirm skipping it, import.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { and, asc, eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  NARROW,
  newPage,
  type Page,
  shot,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { stationSpots, users } from "../../lib/org/schema.ts";
import { DA_HEAD } from "../integration/roster-data.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

async function activeDaAtDon9() {
  const [d] = await app.db.db.select({
    tid: users.transporterId,
    first: users.firstName,
    last: users.lastName,
  }).from(users)
    .innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(eq(users.role, 5), eq(users.status, 1), eq(stationSpots.stationId, 1))).orderBy(asc(users.id))
    .limit(1);
  return d;
}

/** The register page with the import button; fails clearly when the page does not mount the island. */
async function openImport(page: Page, path: string, button: string) {
  await goto(page, path);
  const open = page.getByRole("button", { name: button });
  assert.equal(
    await open.count(),
    1,
    `${path} has no '${button}' button: mount <RosterImport client:load kind=... /> on the page`,
  );
  await open.click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return dialog;
}

async function preview(
  page: Page,
  email: string,
  viewport: { width: number; height: number },
  csv: string,
  name: string,
) {
  await page.setViewportSize(viewport);
  await signInAs(page, email);
  const dialog = await openImport(page, "/da-status", "Import roster");
  assert.equal(await dialog.getByTestId("roster-preview-btn").isDisabled(), true, "Preview waits for a file");
  await dialog.getByTestId("roster-file").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByTestId("roster-preview-btn").click();
  await dialog.getByTestId("roster-preview").waitFor();
  return dialog;
}

browserTest(
  "roster import: preview shows the bad row; importing skips it only after it is acknowledged",
  async () => {
    const da = await activeDaAtDon9();
    const csv = [
      DA_HEAD,
      "Nora,Browser,nora.browser@example.com,(206) 555-0177,ANORABROWSER1,41177,WDL77,31-12-2028,DON9,Direct Hire,Active",
      `,,,,${da.tid},,,,,,Inactive`,
      "Otto,Broken,otto.broken@example.com,,NOT-AN-ID,,,2028-02-30,DON9,Ghost Staffing,",
    ].join("\n");
    const page = await newPage(app, WIDE);
    const dialog = await preview(page, "manager@example.com", WIDE, csv, "roster-week.csv");

    for (
      const [id, n] of [["count-create", "1"], ["count-update", "1"], ["count-unchanged", "0"], [
        "count-reject",
        "1",
      ]]
    ) {
      assert.match(await dialog.getByTestId(id).innerText(), new RegExp(`^${n}\\b`), id);
    }
    const rejects = await dialog.getByTestId("reject-row").allInnerTexts();
    assert.deepEqual(rejects.map((r) => r.split("\t")[0]), ["4", "4", "4"], "every problem of row 4");
    assert.match(rejects.join("\n"), /Transporter ID\s+Not a transporter id \(NOT-AN-ID\)/);
    assert.match(rejects.join("\n"), /License Expiry\s+Not a date \(2028-02-30\)/);
    assert.match(rejects.join("\n"), /Agency\s+Agency 'Ghost Staffing' does not exist/);
    assert.match(await dialog.getByTestId("create-table").innerText(), /ANORABROWSER1\s+Nora Browser\s+DON9/);
    assert.match(
      await dialog.getByTestId("update-table").innerText(),
      new RegExp(`${da.tid}[\\s\\S]*Status: Active → Inactive`),
    );

    const importBtn = dialog.getByTestId("roster-commit");
    assert.equal(await importBtn.innerText(), "Import 2 rows");
    assert.equal(
      await importBtn.isDisabled(),
      true,
      "rejected rows are skipped only after the user sees and accepts it",
    );
    await shot(page, "roster-preview-manager-1366");
    await dialog.getByTestId("ack-skip").check();
    assert.equal(await importBtn.isDisabled(), false);
    await importBtn.click();
    await expectToast(page, "Imported roster-week.csv: 1 new DA, 1 update, 1 row skipped.");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    // The register shows the imported DA (newest first) without a manual reload.
    await page.getByText("nora.browser@example.com").first().waitFor();

    const [nora] = await app.db.db.select().from(users).where(eq(users.transporterId, "ANORABROWSER1"));
    assert.equal(nora.email, "nora.browser@example.com");
    const [after] = await app.db.db.select({ status: users.status }).from(users).where(
      eq(users.transporterId, da.tid!),
    );
    assert.equal(after.status, 6);
  },
);

browserTest(
  "roster import: a file-level error is shown in the dialog; templates are offered; the narrow layout",
  async () => {
    const page = await newPage(app, NARROW);
    await page.setViewportSize(NARROW);
    await signInAs(page, "owner@example.com");
    const dialog = await openImport(page, "/da-status", "Import roster");
    assert.equal(
      await dialog.getByTestId("template-csv").getAttribute("href"),
      "/api/roster/template?kind=das&format=csv",
    );
    assert.equal(
      await dialog.getByTestId("template-xlsx").getAttribute("href"),
      "/api/roster/template?kind=das&format=xlsx",
    );
    await dialog.getByTestId("roster-file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Name,Email\nAnn,ann@example.com\n"),
    });
    await dialog.getByTestId("roster-preview-btn").click();
    await dialog.getByTestId("roster-error").waitFor();
    assert.match(
      await dialog.getByTestId("roster-error").innerText(),
      /^people\.csv: row 1: the column 'Transporter ID' is missing/,
    );
    await shot(page, "roster-file-error-owner-700");

    const da = await activeDaAtDon9();
    const csv = [DA_HEAD, `,,,,${da.tid},,,,,,Rehired`, "Pia,Narrow,pia@example.com,,APIANARROW001,,,,XXX1,,"]
      .join("\n");
    await dialog.getByTestId("roster-file").setInputFiles({
      name: "narrow.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await dialog.getByTestId("roster-preview-btn").click();
    await dialog.getByTestId("roster-preview").waitFor();
    await shot(page, "roster-preview-owner-700");
    await page.setViewportSize(WIDE);
    await shot(page, "roster-preview-owner-1366");
  },
);

browserTest("vans import on the fleet register; a dispatcher has no import button", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "owner@example.com");
  const dialog = await openImport(page, "/fleet-status", "Import vans");
  const csv =
    "Number,Plate,Size,Station,Ownership,Monthly Rate,Status\nB901,BRW1234,Cargo Van,DON9,Rental,2150.00,Available\n";
  await dialog.getByTestId("roster-file").setInputFiles({
    name: "vans.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByTestId("roster-preview-btn").click();
  await dialog.getByTestId("roster-preview").waitFor();
  await shot(page, "roster-vans-preview-owner-1366");
  await dialog.getByTestId("roster-commit").click();
  await expectToast(page, "Imported vans.csv: 1 new van.");

  const disp = await newPage(app, WIDE);
  await signInAs(disp, "dispatcher@example.com", { path: "/da-status" });
  assert.equal(await disp.getByRole("button", { name: "Import roster" }).count(), 0);
  await shot(disp, "roster-da-status-dispatcher-1366");
  await disp.setViewportSize(NARROW);
  await shot(disp, "roster-da-status-dispatcher-700");
});
