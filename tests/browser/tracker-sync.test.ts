// Two people on one report, in two browser contexts: a change made in one appears in the other within a
// few seconds (the change feed polled every 3 s), a cell being typed in is never overwritten, a change to
// the same field made meanwhile is refused with the message and the row shows it, and rows added or deleted
// elsewhere come and go, and a report deleted elsewhere is announced.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, expectToast, newPage, type Page, shot, signInAs } from "../helpers/browser.ts";
import { day, makeReport, record } from "../integration/tracker-fixture.ts";
import { nextWrite, ROW, rowById, showAllColumns, trackerReady, typeInto } from "./tracker-steps.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function open(reportId: number, email: string): Promise<Page> {
  const page = await newPage(app);
  await signInAs(page, email, { path: `/das-reports/${reportId}` });
  await trackerReady(page);
  await showAllColumns(page);
  return page;
}

/** Waits (up to 8 s: two polls and some) until the cell shows `value`. */
async function shows(page: Page, selector: string, value: string): Promise<number> {
  const t = performance.now();
  await page.waitForFunction(
    ([s, v]) => (document.querySelector(s) as HTMLElement | null)?.innerText.trim() === v,
    [selector, value] as const,
    { timeout: 8_000, polling: 50 },
  );
  return performance.now() - t;
}

browserTest(
  "two editors: changes appear elsewhere within seconds; typing is not overwritten; a conflict is refused",
  async () => {
    const report = await makeReport(db, { stationId: 1, reportDate: await day(db, 2), rows: 3 });
    const [r1, r2, r3] = report.recordIds;
    const a = await open(report.id, "dispatcher@example.com");
    const b = await open(report.id, "supervisor@example.com");
    const cell = (id: number, name: string) => `${ROW}[data-record-id="${id}"] td[data-col="${name}"]`;

    // A changes a route: B sees it without reloading.
    assert.equal(await typeInto(a, a.locator(cell(r1, "route")), "CX77"), 200);
    const took = await shows(b, cell(r1, "route"), "CX77");
    assert.ok(took < 8_000, `seen after ${took} ms`);

    // B is typing packages on row 2 while A changes row 2's route: B keeps the typed text, then saves it.
    const packages = b.locator(cell(r2, "number_of_packages"));
    await packages.click();
    const typing = packages.locator("input");
    await typing.pressSequentially("31");
    assert.equal(await typeInto(a, a.locator(cell(r2, "route")), "CX78"), 200);
    await shows(b, cell(r2, "route"), "CX78");
    assert.equal(await typing.inputValue(), "31", "the cell being typed in keeps its text");
    await typing.pressSequentially("5");
    const [saved] = await Promise.all([nextWrite(b), typing.press("Enter")]);
    assert.equal(saved.status(), 200, "another field changed meanwhile is no conflict");
    assert.equal((await record(db, r2)).numberOfPackages, 315);
    assert.equal((await record(db, r2)).route, "CX78");
    await shows(a, cell(r2, "number_of_packages"), "315");

    // Both edit row 3's route: B started before A saved, so B's change is refused and B sees A's value.
    const route = b.locator(cell(r3, "route"));
    await route.click();
    assert.equal(await typeInto(a, a.locator(cell(r3, "route")), "CX80"), 200);
    await route.locator("input").pressSequentially("CX81");
    const [refused] = await Promise.all([nextWrite(b), route.locator("input").press("Enter")]);
    assert.equal(refused.status(), 409);
    await expectToast(b, "Someone else changed route on this row. The row now shows their change.");
    await shows(b, cell(r3, "route"), "CX80");
    assert.equal((await record(db, r3)).route, "CX80");
    await shot(b, "tracker-sync-conflict", { fullPage: false });

    // A row added by A appears for B; a row B deletes disappears for A.
    await a.getByRole("button", { name: "Add New Record" }).click();
    await a.locator(ROW).nth(3).waitFor();
    await b.locator(ROW).nth(3).waitFor({ timeout: 8_000 });
    await rowById(b, r1).getByTestId("delete-row").click();
    await b.getByTestId("confirm-delete").click();
    await rowById(a, r1).waitFor({ state: "detached", timeout: 8_000 });
    assert.equal(await a.locator(ROW).count(), 3);
  },
);
