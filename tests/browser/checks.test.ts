// Quality checks in Chromium (issue 12): /check and /check/{id} as a dispatcher (reads, types nothing)
// and as a manager (a date range with its Average row, employee satisfaction typed on blur and kept, a day's
// dsb typed digits only, the upload dialog with a wrongly named file and then both generated files), at
// 1366 and 700 px; the scoreboard's coaching drafts (a manager edits one and sends all). Roles that may not
// open a page: none (every staff role may); edits refused over HTTP in tests/http/checks.test.ts.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectClass,
  expectToast,
  goto,
  hydrated,
  NARROW,
  newPage,
  type Page,
  shot,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDcr } from "../../lib/dev/amazon/quality.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

const rows = (page: Page) => page.getByTestId("check-row");

browserTest("dispatcher: the week list and a week page, read only", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "dispatcher@example.com", { path: "/check" });
  await rows(page).first().waitFor();
  assert.ok(await rows(page).count() >= 1);
  assert.match(await rows(page).first().locator("td").first().innerText(), /^\d{1,2}\.\d{4}$/);
  assert.equal(await page.getByTestId("check-upload-open").count(), 0, "no upload for role 1");
  assert.equal(await page.getByTestId("check-es-input").count(), 0, "ES not editable for role 1");
  assert.equal(await page.getByTestId("check-average").count(), 0, "no Average row without a range");
  await shot(page, "check-list-dispatcher-1366");

  await rows(page).first().getByTestId("check-open").click();
  await page.getByTestId("check-week").waitFor();
  assert.match(page.url(), /\/check\/\d+$/);
  const input = page.getByTestId("day-dsb").first();
  assert.equal(await input.isDisabled(), true, "the read-only role types nothing");
  assert.equal(await page.getByTestId("check-week-row").count(), 14);
  await shot(page, "check-week-dispatcher-1366");
  await page.getByTestId("check-back").click();
  await page.getByTestId("check-list").waitFor();
});

browserTest("manager: range and Average, ES on blur, a day's dsb, and the upload dialog", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "manager@example.com", { path: "/check" });
  await rows(page).first().waitFor();
  const oldest = await rows(page).last().getAttribute("data-check-id");
  assert.ok(oldest);

  // A range: the Average row on top.
  await page.getByTestId("check-from").fill("01-01-2020");
  await page.getByTestId("check-from").press("Enter");
  await page.getByTestId("check-average").waitFor();
  assert.match(page.url(), /date_from=2020-01-01/);

  // Employee satisfaction typed (letters refused), saved on blur, kept on reload.
  const es = rows(page).first().getByTestId("check-es-input");
  await es.fill("");
  await es.pressSequentially("8x7");
  assert.equal(await es.inputValue(), "87");
  // The answer is awaited from before the blur that sends it (registered after, a fast one is missed).
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/check-weekly/") && r.request().method() === "PATCH"),
    es.blur(),
  ]);
  await goto(page, page.url());
  assert.equal(await rows(page).first().getByTestId("check-es-input").inputValue(), "87");
  await shot(page, "check-list-manager-1366");

  // A day's dsb on the week page.
  await rows(page).first().getByTestId("check-open").click();
  await page.getByTestId("check-week").waitFor();
  // Typed before the week page's island has hydrated, the digits would reach no handler and no blur send.
  await hydrated(page);
  // The week's Sunday: never after today, so always open to an entry (a day to come is not).
  const day = page.getByTestId("day-dsb").first();
  const typed = (await day.inputValue()) === "4" ? "5" : "4";
  await day.fill("");
  await day.pressSequentially(typed);
  // The answer is awaited from before the blur that sends it (registered after, a fast one is missed).
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/check-daily/") && r.request().method() === "PATCH"),
    day.blur(),
  ]);
  await goto(page, page.url());
  assert.equal(await page.getByTestId("day-dsb").first().inputValue(), typed);
  const names = page.getByTestId("off-names").first();
  if (await names.count()) assert.ok((await names.getAttribute("title"))!.length > 0, "names on hover");
  await shot(page, "check-week-manager-1366");

  // The upload: a wrongly named first file is refused in the dialog, then both generated files go in.
  await goto(page, "/check");
  await page.getByTestId("check-upload-open").click();
  const das = makeDas(5, 40);
  const opts = { station: "DON9", year: 2024, week: 30, das, seed: 5, dsp: "DDCO" };
  const asFile = (f: { fileName: string; bytes: Uint8Array }) => ({
    name: f.fileName,
    mimeType: "text/csv",
    buffer: Buffer.from(f.bytes),
  });
  await page.getByTestId("check-file1").setInputFiles(asFile(makeDcr(opts)));
  await page.getByTestId("check-file2").setInputFiles(asFile(makeOverview(opts)));
  await page.getByTestId("check-upload-submit").click();
  await page.getByTestId("check-upload-error").waitFor();
  assert.match(await page.getByTestId("check-upload-error").innerText(), /fifth/);
  await shot(page, "check-upload-refused-1366", { fullPage: false });
  await page.getByTestId("check-file1").setInputFiles(asFile(makeDnr(opts)));
  await page.getByTestId("check-upload-submit").click();
  await expectToast(page, "Csv files were uploaded!");

  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "manager@example.com", { path: "/check" });
  await rows(narrow).first().waitFor();
  await shot(narrow, "check-list-manager-700");
  await rows(narrow).first().getByTestId("check-open").click();
  await narrow.getByTestId("check-week").waitFor();
  await shot(narrow, "check-week-manager-700");
});

const boardRows = (page: Page) => page.getByTestId("scoreboard-row");

browserTest("dispatcher: the scoreboard without DA Notify; a block saved at once", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "dispatcher@example.com", { path: "/amzn-scoreboard" });
  await boardRows(page).first().waitFor();
  assert.equal(await page.getByTestId("da-notify").count(), 0, "no DA Notify for role 1");
  const box = boardRows(page).first().getByTestId("block-sms");
  const was = await box.isChecked();
  const saved = page.waitForResponse((r) => r.url().includes("/api/scoreboard/block/"));
  await box.click();
  assert.equal((await saved).status(), 200);
  await goto(page, page.url());
  assert.equal(await boardRows(page).first().getByTestId("block-sms").isChecked(), !was);
  await boardRows(page).first().getByTestId("block-sms").click();
  assert.match((await boardRows(page).first().getByTestId("trend").getAttribute("title"))!, /^Previous week/);
  await shot(page, "scoreboard-dispatcher-1366");
});

browserTest("manager: week stepper, sorting, search and DA Notify", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "manager@example.com", { path: "/amzn-scoreboard" });
  await boardRows(page).first().waitFor();
  const label = await page.getByTestId("week-label").innerText();
  await page.getByTestId("week-prev").click();
  await page.waitForURL(/week=/);
  assert.notEqual(await page.getByTestId("week-label").innerText(), label);
  await boardRows(page).first().waitFor();
  await page.getByTestId("week-next").click();
  await page.waitForFunction(
    (l) => document.querySelector('[data-testid="week-label"]')?.textContent === l,
    label,
  );

  await page.getByRole("button", { name: /^Name/ }).click();
  await page.waitForURL(/ordering=name/);
  const tid = await boardRows(page).first().locator("td").nth(3).innerText();
  await page.getByTestId("scoreboard-search").fill(tid);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="scoreboard-row"]').length === 1);
  await page.getByTestId("scoreboard-search").fill("");
  await boardRows(page).nth(1).waitFor();
  await shot(page, "scoreboard-manager-1366");

  await page.getByTestId("da-notify").click();
  await page.getByRole("button", { name: "Send" }).click();
  await expectToast(page, "Message was sent!");

  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "manager@example.com", { path: "/amzn-scoreboard" });
  await narrow.getByTestId("scoreboard").waitFor();
  await shot(narrow, "scoreboard-manager-700");
});

browserTest("manager: coaching drafts reviewed, one edited, all sent and logged", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "manager@example.com", { path: "/amzn-scoreboard" });
  await boardRows(page).first().waitFor();
  await page.getByTestId("coaching-drafts").click();
  const drafts = page.getByTestId("coaching-draft");
  await drafts.first().waitFor();
  assert.ok(await drafts.count() >= 2, "the demo's newest week has drafts");
  const first = drafts.first();
  await first.getByTestId("draft-text").fill("Hi, let's look at your week together at the gate.");
  const saved = page.waitForResponse((r) =>
    r.url().includes("/api/scoreboard/drafts/") && r.request().method() === "PATCH"
  );
  await first.getByTestId("draft-save").click();
  assert.equal((await saved).status(), 200);
  await page.getByTestId("draft-status").filter({ hasText: "Edited" }).first().waitFor();
  await shot(page, "scoreboard-coaching-drafts-1366", { fullPage: false });
  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "manager@example.com", { path: "/amzn-scoreboard" });
  await narrow.getByTestId("coaching-drafts").click();
  await narrow.getByTestId("coaching-draft").first().waitFor();
  await shot(narrow, "scoreboard-coaching-drafts-700", { fullPage: false });
  await page.getByTestId("drafts-send-all").click();
  await expectToast(page, "coaching messages sent");
  await page.getByTestId("draft-status").filter({ hasText: "Sent" }).first().waitFor();
  await shot(page, "scoreboard-coaching-sent-1366", { fullPage: false });
});

const actRows = (page: Page) => page.getByTestId("act-row");

browserTest("manager: actions made from a week's DAs off target, then worked on /act", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, "manager@example.com", { path: "/check" });
  // The demo made actions for the two newest weeks; the fourth has none yet.
  await rows(page).nth(3).getByTestId("check-open").click();
  await page.getByTestId("check-week").waitFor();
  await page.getByTestId("act-open").first().click();
  await page.getByTestId("act-names").waitFor();
  await shot(page, "check-week-act-dialog-1366", { fullPage: false });
  await page.getByTestId("act-all").click();
  await expectToast(page, /action/);
  await page.keyboard.press("Escape");

  await goto(page, "/act");
  await actRows(page).first().waitFor();
  assert.match(await actRows(page).first().locator("td").first().innerText(), /^W\d{2}$/);
  const status = actRows(page).first().getByTestId("act-status");
  const saved = page.waitForResponse((r) =>
    r.url().includes("/api/actions/") && r.request().method() === "PATCH"
  );
  await status.selectOption("1");
  assert.equal((await saved).status(), 200);
  await expectClass(status, /emerald/);
  const comments = actRows(page).first().getByTestId("act-comments");
  await comments.fill("Coached at the gate");
  const savedComment = page.waitForResponse((r) =>
    r.url().includes("/api/actions/") && r.request().method() === "PATCH"
  );
  await comments.blur();
  await savedComment;

  await page.getByTestId("act-filters").click();
  await page.getByTestId("act-filter-status").selectOption("1");
  await page.getByTestId("act-submit").click();
  await page.waitForURL(/status=1/);
  await page.getByTestId("act-filter-count").waitFor();
  await actRows(page).first().waitFor();
  assert.equal(await actRows(page).first().getByTestId("act-comments").inputValue(), "Coached at the gate");
  await shot(page, "act-manager-1366");
  await page.getByTestId("act-filters").click();
  await page.getByTestId("act-reset").click();
  await page.waitForURL((u) => !u.search.includes("status="));

  await page.getByRole("button", { name: /^DA Name/ }).click();
  await page.waitForURL(/ordering=driver_fullname/);

  const narrow = await newPage(app, NARROW);
  await signInAs(narrow, "dispatcher@example.com", { path: "/act" });
  await narrow.getByTestId("act").waitFor();
  await shot(narrow, "act-dispatcher-700");
});
