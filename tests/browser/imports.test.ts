// The /import journeys through Chromium: a manager uploads a file through each of the five dialogs (real
// progress, then the outcome and the catalogue's toast), finds each in the PDF or CSV history, opens one
// with transporter ids no DA holds and creates / maps DAs, re-runs and removes imports; a wrong or broken
// file shows the server's detail and problems; supervisor and dispatcher access. Screens at 1366 and 700 px.
// The tests run in order on one database, emptied of the demo's imports: the first sees the history empty.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  NARROW,
  newPage,
  type Page,
  pathOf,
  shot,
  signIn,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { stationSpots, users } from "../../lib/org/schema.ts";
import { amazonImports } from "../../lib/imports/schema.ts";
import { homeFor } from "../../lib/auth/permissions.ts";
import type { PageDialog } from "../../islands/imports/dialogs.ts";
import { type FixtureDa, makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeReliabilityXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { makeWhc } from "../../lib/dev/amazon/whc.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
// The demo arrives with weeks of imported files; these journeys start from a DSP that has imported nothing
// (their rows go with them).
await app.db.db.delete(amazonImports);

const YEAR = 2026, WEEK = 44, STATION = "DON9";

/** DAs of DON9 as the files name them, plus three ids no DA holds (the ones the detail offers to link). */
const registered: FixtureDa[] = (await app.db.db.select({
  tid: users.transporterId,
  first: users.firstName,
  last: users.lastName,
}).from(users).innerJoin(stationSpots, eq(stationSpots.userId, users.id))
  .where(and(eq(users.role, 5), eq(stationSpots.stationId, 1), isNotNull(users.transporterId)))
  .orderBy(asc(users.id)).limit(16)).map((u) => ({ transporterId: u.tid!, name: `${u.first} ${u.last}` }));
const strangers = makeDas(3, 4242);
const das = [...registered, ...strangers];

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
const asFile = (f: { fileName: string; bytes: Uint8Array }) => ({
  name: f.fileName,
  mimeType: MIME[f.fileName.split(".").pop()!.toLowerCase()] ?? "application/octet-stream",
  buffer: Buffer.from(f.bytes),
});

const opts = { station: STATION, week: WEEK, year: YEAR, das, seed: 7 };
const scorecard = makeScorecardPdf({ ...opts, variant: "eu3" });
const overview = makeOverview(opts);
const dnr = makeDnr(opts);
const dnrAgain = makeDnr({ ...opts, seed: 8, variant: "exported", republished: true });
const whc = await makeWhc(opts);
const reliabilityXlsx = await makeReliabilityXlsx(opts);
const reliabilityPdf = makeReliabilityPdf({ station: STATION, week: WEEK - 1, year: YEAR, seed: 9 });

async function openImport(email: string, viewport = WIDE): Promise<Page> {
  const page = await newPage(app, viewport);
  await signInAs(page, email, { path: "/import" });
  await page.getByTestId("import-table").waitFor();
  return page;
}

const dialogBox = (page: Page, d: PageDialog) => page.getByTestId(`upload-dialog-${d}`);

async function openDialog(page: Page, d: PageDialog) {
  await page.getByTestId("upload-report").click();
  await page.getByTestId("upload-drawer").waitFor();
  await page.getByTestId(`open-dialog-${d}`).click();
  await dialogBox(page, d).waitFor();
  return dialogBox(page, d);
}

/** Chooses the file (and the start page) and presses Upload. */
async function sendFile(
  page: Page,
  d: PageDialog,
  file: { fileName: string; bytes: Uint8Array },
  startPage?: number,
) {
  const box = await openDialog(page, d);
  await box.getByTestId("upload-file").setInputFiles(asFile(file));
  if (startPage !== undefined) await box.getByTestId("upload-page").fill(String(startPage));
  await page.getByTestId("upload-submit").click();
  return box;
}

async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await page.locator("dialog[open]").waitFor({ state: "detached" });
}

const historyNames = (page: Page) =>
  page.getByTestId("import-row").getByTestId("import-open").allInnerTexts();

async function showFamily(page: Page, family: "pdf" | "csv") {
  await page.getByTestId(`family-${family}`).click();
  await page.locator(`[data-testid=family-${family}][aria-pressed=true]`).waitFor();
  await page.locator('[aria-busy="false"]').first().waitFor();
}

browserTest(
  "manager: the empty history, the drawer's five dialogs, and the PDF dialog's start page",
  async () => {
    const page = await openImport("manager@example.com");
    assert.equal(await page.getByTestId("import-empty").innerText(), "Empty");
    assert.deepEqual(
      await page.locator("[data-testid=import-table] th").allTextContents().then((h) => h.slice(0, 4)),
      ["ID", "File name", "Uploader", "Uploaded date"],
    );
    assert.deepEqual(await page.getByTestId("page-size").locator("option").allInnerTexts(), [
      "10",
      "25",
      "50",
      "100",
    ]);
    await shot(page, "imports-empty-manager-1366");

    await page.getByTestId("upload-report").click();
    const drawer = page.getByTestId("upload-drawer");
    await drawer.waitFor();
    assert.deepEqual(
      (await drawer.locator("button").allInnerTexts()).map((t) => t.split("\n")[0]),
      [
        "Weekly report PDF",
        "Weekly DNR CSV",
        "Weekly report CSV",
        "Reliability scores (PDF or XLSX)",
        "WHC check value XLSX",
      ],
    );
    await shot(page, "imports-drawer-manager-1366");
    await page.setViewportSize(NARROW);
    await shot(page, "imports-drawer-manager-700");
    await page.getByRole("button", { name: "Close" }).last().click();
    await shot(page, "imports-empty-manager-700");
    await page.setViewportSize(WIDE);

    // The file types: PDF / CSV / XLSX as named; the reliability dialog takes any file.
    const accepts: Record<string, string | null> = {};
    for (const d of ["pdf", "dnr", "csv", "reliability", "whc"] as PageDialog[]) {
      const box = await openDialog(page, d);
      accepts[d] = await box.getByTestId("upload-file").getAttribute("accept");
      assert.equal(
        await page.getByTestId("upload-submit").isDisabled(),
        true,
        `${d}: Upload waits for a file`,
      );
      await closeDialog(page);
    }
    assert.deepEqual(accepts, { pdf: ".pdf", dnr: ".csv", csv: ".csv", reliability: null, whc: ".xlsx" });

    const box = await openDialog(page, "pdf");
    const pageField = box.getByTestId("upload-page");
    assert.equal(await pageField.getAttribute("min"), "0");
    assert.equal(await pageField.inputValue(), "0");
    await box.getByText("Enter the page where table starts").waitFor();
    await box.getByTestId("upload-file").setInputFiles(asFile(scorecard));
    const submit = page.getByTestId("upload-submit");
    assert.equal(await submit.isDisabled(), true, "a file but page 0: Upload stays disabled");
    await pageField.fill("3");
    assert.equal(await submit.isDisabled(), false);
    await pageField.fill("0");
    assert.equal(await submit.isDisabled(), true);
    await pageField.fill("");
    assert.equal(await submit.isDisabled(), true, "an empty page is not a page");
    await closeDialog(page);
    // Nothing was sent.
    assert.equal(await page.getByTestId("import-empty").innerText(), "Empty");
  },
);

browserTest(
  "manager uploads through each of the five dialogs and finds every file in its history",
  async () => {
    const page = await openImport("manager@example.com");

    // Every progress text the dialog shows, recorded as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const t = document.querySelector("[data-testid=upload-progress]")?.textContent ?? "";
        if (t && seen[seen.length - 1] !== t) seen.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The answer is held back (paused at its headers, after the whole file went up), so the 'Processing…'
    // state can be seen and pictured.
    const cdp = await page.context().newCDPSession(page);
    const paused: string[] = [];
    cdp.on("Fetch.requestPaused", (e) => void paused.push(e.requestId));
    await cdp.send("Fetch.enable", {
      patterns: [{ urlPattern: "*/api/upload-amazon-pdf/*", requestStage: "Response" }],
    });
    const box = await sendFile(page, "pdf", scorecard, scorecard.startPage!);
    await box.getByTestId("upload-progress").filter({ hasText: "Processing…" }).waitFor();
    assert.equal(await page.getByTestId("upload-submit").isDisabled(), true, "no second Upload meanwhile");
    await shot(page, "imports-dialog-progress-manager-1366");
    while (!paused.length) await new Promise((r) => setTimeout(r, 50));
    await cdp.send("Fetch.continueResponse", { requestId: paused[0] });
    await cdp.send("Fetch.disable");
    await box.getByTestId("upload-outcome").waitFor({ timeout: 30_000 });
    await expectToast(page, "PDF file was uploaded!");
    const seen = await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen);
    assert.match(seen[0] ?? "", /^Uploading…\s*\d+%/, `first the percentage sent: ${seen.join(" | ")}`);
    assert.match(
      seen[seen.length - 1],
      /^Processing…/,
      `then 'Processing…' until the answer: ${seen.join(" | ")}`,
    );
    const line = await box.getByTestId("upload-outcome").innerText();
    assert.match(line, new RegExp(`Stored [\\d,]+ rows? for DON9, ${YEAR}-W${WEEK}\\.`), line);
    assert.match(line, /3 transporter IDs match no DA yet\./, line);
    assert.match(line, /Took \d/, line);
    await shot(page, "imports-dialog-outcome-manager-1366");
    await page.setViewportSize(NARROW);
    await shot(page, "imports-dialog-outcome-manager-700");
    await page.setViewportSize(WIDE);
    await closeDialog(page);

    const uploads: [PageDialog, { fileName: string; bytes: Uint8Array }, string][] = [
      ["dnr", dnr, "CSV file was uploaded!"],
      ["csv", overview, "Csv file was uploaded!"],
      ["reliability", reliabilityXlsx, "XLSX file was uploaded!"],
      ["reliability", reliabilityPdf, "PDF file was uploaded!"],
      ["whc", whc, "Xlsx file was uploaded!"],
    ];
    for (const [d, file, toastText] of uploads) {
      const b = await sendFile(page, d, file);
      await b.getByTestId("upload-outcome").waitFor({ timeout: 30_000 });
      await expectToast(page, toastText);
      assert.match(
        await b.getByTestId("upload-outcome").innerText(),
        /Stored [\d,]+ rows? for DON9/,
        file.fileName,
      );
      await closeDialog(page);
    }

    // The last upload was a CSV-family file: the history shows that family now, newest first.
    await page.locator("[data-testid=family-csv][aria-pressed=true]").waitFor();
    assert.match(page.url(), /family=csv/);
    const csvNames = await historyNames(page);
    assert.deepEqual(csvNames, [whc.fileName, reliabilityXlsx.fileName, overview.fileName, dnr.fileName]);
    const first = page.getByTestId("import-row").first();
    assert.match(await first.innerText(), /manager@example\.com/);
    assert.match(await first.innerText(), /\d\d-\d\d-\d{4} \d\d:\d\d/);
    await shot(page, "imports-history-csv-manager-1366");

    await showFamily(page, "pdf");
    assert.doesNotMatch(page.url(), /family=/, "the default family stays out of the URL");
    assert.deepEqual(await historyNames(page), [reliabilityPdf.fileName, scorecard.fileName]);
    await shot(page, "imports-history-pdf-manager-1366");
    await page.setViewportSize(NARROW);
    await shot(page, "imports-history-pdf-manager-700");

    // The toggle is kept in the URL: a reload shows the CSV history again.
    await showFamily(page, "csv");
    await page.reload();
    await page.getByTestId("import-table").waitFor();
    assert.equal(await page.getByTestId("family-csv").getAttribute("aria-pressed"), "true");
    assert.deepEqual(await historyNames(page), csvNames);
    await shot(page, "imports-history-csv-manager-700");
  },
);

browserTest(
  "a file the dialog does not take, and a broken file, show the server's detail and problems",
  async () => {
    const page = await openImport("manager@example.com");
    // A DNR file in the weekly report CSV dialog.
    const box = await sendFile(page, "csv", dnr);
    await box.getByTestId("upload-failure").waitFor();
    // Said once, in the dialog beside the problems: no toast repeats it (issue 14).
    assert.equal(
      await box.getByTestId("upload-error-title").innerText(),
      "Csv file was not uploaded! Please try again.",
    );
    assert.ok((await box.getByTestId("upload-error").innerText()).length > 50);
    assert.equal(
      await page.locator("[data-testid=toast][data-kind=error]").count(),
      0,
      "no second copy as a toast",
    );

    // A weekly report CSV with its transporter id column renamed: the problems name the column.
    const text = new TextDecoder().decode(overview.bytes).replace("Transporter ID", "Courier");
    await box.getByTestId("upload-file").setInputFiles({
      name: overview.fileName.replace(".csv", "-broken.csv"),
      mimeType: "text/csv",
      buffer: Buffer.from(text),
    });
    assert.equal(await box.getByTestId("upload-failure").count(), 0, "a new file clears the last failure");
    await page.getByTestId("upload-submit").click();
    await box.getByTestId("upload-failure").waitFor();
    const problems = await box.getByTestId("problem").allInnerTexts();
    assert.ok(problems.length >= 1, "the problems are listed");
    await shot(page, "imports-failure-manager-1366");
    await page.setViewportSize(NARROW);
    await shot(page, "imports-failure-manager-700");
    await closeDialog(page);

    // A WHC dialog given a CSV: the XLSX failure toast.
    const whcBox = await sendFile(page, "whc", dnr);
    await whcBox.getByTestId("upload-failure").waitFor();
    assert.equal(
      await whcBox.getByTestId("upload-error-title").innerText(),
      "Xlsx file was not uploaded! Please try again.",
    );
  },
);

browserTest(
  "detail: unmatched ids; Create DA and Map to DA link them; Re-run; Remove after a confirmation",
  async () => {
    const page = await openImport("manager@example.com");
    await showFamily(page, "csv");
    const row = page.getByTestId("import-row").filter({ hasText: overview.fileName });
    await row.getByTestId("import-open").click();
    const detail = page.getByTestId("import-detail");
    await detail.waitFor();
    const facts = await detail.getByTestId("detail-facts").innerText();
    assert.match(facts, new RegExp(`Week\\s+${YEAR}-W${WEEK}`));
    assert.match(facts, /Station\s+DON9/);
    assert.match(facts, /Kind\s+Weekly report CSV/);
    assert.ok(await detail.getByTestId("detail-counts").locator("tr").count() >= 1, "counts per table");
    const tids = await detail.getByTestId("unmatched-id").evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-tid"))
    );
    assert.deepEqual(tids, strangers.map((s) => s.transporterId).sort());
    await shot(page, "imports-detail-manager-1366");

    // Create a DA from the first id: its name comes from the file.
    const [one, two] = tids as string[];
    const item = detail.locator(`[data-testid=unmatched-id][data-tid="${one}"]`);
    await item.getByTestId("create-da").click();
    const stranger = strangers.find((s) => s.transporterId === one)!;
    assert.equal(
      `${await item.getByTestId("create-da-first").inputValue()} ${await item.getByTestId("create-da-last")
        .inputValue()}`,
      stranger.name,
    );
    await shot(page, "imports-detail-create-da-manager-1366");
    await item.getByTestId("create-da-submit").click();
    await expectToast(page, `DA ${stranger.name} was created!`);
    await item.waitFor({ state: "detached" });
    const [created] = await app.db.db.select({ id: users.id, role: users.role }).from(users)
      .where(eq(users.transporterId, one));
    assert.ok(created, "the DA exists with that transporter id");

    // Map the second id to a registered DA of DON9.
    const item2 = detail.locator(`[data-testid=unmatched-id][data-tid="${two}"]`);
    await item2.getByTestId("map-da").click();
    await item2.getByTestId("map-da-search").fill(registered[0].name.split(" ").pop()!);
    await item2.getByTestId("map-da-option").first().waitFor();
    await page.setViewportSize(NARROW);
    await shot(page, "imports-detail-map-da-manager-700");
    await page.setViewportSize(WIDE);
    await item2.getByTestId("map-da-option").first().check();
    await item2.getByTestId("map-da-submit").click();
    await expectToast(page, `${two} was mapped to`);
    await item2.waitFor({ state: "detached" });
    assert.equal(await detail.getByTestId("unmatched-id").count(), 1);
    // The history row counts what still does not match.
    await row.filter({ hasText: "1 ID" }).waitFor();

    // Re-run reads the kept file again.
    await page.getByTestId("import-rerun").click();
    await expectToast(page, "The import was re-run!");
    await detail.getByText(/Re-run done: [\d,]+ rows stored/).waitFor();
    await page.setViewportSize(NARROW);
    await shot(page, "imports-detail-manager-700");
    await page.setViewportSize(WIDE);
    await page.getByRole("button", { name: "Close" }).last().click();

    // Remove the WHC import, after saying yes.
    const whcRow = page.getByTestId("import-row").filter({ hasText: whc.fileName });
    await whcRow.getByTestId("import-open").click();
    await detail.waitFor();
    await page.getByTestId("import-remove").click();
    await page.getByTestId("confirm-text").waitFor();
    assert.match(
      await page.getByTestId("confirm-text").innerText(),
      new RegExp(whc.fileName.replace(/\./g, "\\.")),
    );
    await page.getByTestId("confirm").click();
    await expectToast(page, "The import was removed!");
    await whcRow.waitFor({ state: "detached" });

    // A newer DNR file for the same station and week replaces the older one, which says so and links to it.
    const again = await sendFile(page, "dnr", dnrAgain);
    await again.getByTestId("upload-outcome").waitFor();
    await expectToast(page, "CSV file was uploaded!");
    assert.match(
      await again.getByTestId("upload-outcome").innerText(),
      /Imported, replacing an older file[\s\S]*It replaces import #\d+\./,
    );
    await closeDialog(page);
    const oldRow = page.getByTestId("import-row").filter({ hasText: dnr.fileName }).filter({
      hasNotText: dnrAgain.fileName,
    });
    // The history reloads after the dialog closes: the older row turns to Replaced then.
    await oldRow.getByTestId("import-status").filter({ hasText: /^Replaced$/ }).waitFor();
    await shot(page, "imports-history-replaced-manager-1366");
    await oldRow.getByTestId("import-open").click();
    await detail.getByTestId("replaced-by").waitFor();
    assert.equal(await page.getByTestId("import-rerun").count(), 0, "a replaced import is not re-run");
    await shot(page, "imports-detail-replaced-manager-1366");
    await detail.getByTestId("replaced-by").getByRole("button").click();
    await detail.getByTestId("detail-file").filter({ hasText: dnrAgain.fileName }).waitFor();
  },
);

browserTest("a supervisor opens /import; a dispatcher is sent away and has no Import menu item", async () => {
  const sup = await openImport("supervisor@example.com");
  assert.ok((await historyNames(sup)).length >= 1, "the supervisor sees the imports of DON9");
  await sup.locator('[data-testid=side-menu] [data-menu-item="import"]').waitFor();
  await shot(sup, "imports-supervisor-1366");

  const disp = await newPage(app, WIDE);
  await signIn(disp, "dispatcher@example.com");
  assert.equal(await disp.locator('[data-menu-item="import"]').count(), 0, "no Import menu item");
  await disp.goto("/import");
  assert.equal(pathOf(disp), homeFor(1));
  const res = await disp.request.get("/api/imports/?family=pdf");
  assert.equal(res.status(), 403);
});
