// Steps shared by the tracker's browser tests (not a test file): waiting for the grid, a row's cell, and
// changing a cell the way a person does (click it, type or pick, Enter, wait for the server's answer).
import type { Locator, Page, Response } from "playwright-core";

export const ROW = '[data-testid="tracker-row"]';

export const rowById = (page: Page, id: number) => page.locator(`${ROW}[data-record-id="${id}"]`);

/** The table is hydrated and answers (TrackerTable sets data-ready in an effect). */
export async function trackerReady(page: Page): Promise<void> {
  await page.locator('[data-testid="tracker-table"][data-ready="true"]').waitFor({ state: "attached" });
}

/** A row's cell by its column id (lib/shifts/tracker/calc-grid.ts). */
export const cell = (row: Locator, col: string) => row.locator(`td[data-col="${col}"]`);

/** The cell's text as shown. */
export async function cellText(row: Locator, col: string): Promise<string> {
  return (await cell(row, col).innerText()).trim();
}

/** Whether the cell refuses editing (its reason is the cell's title). */
export async function isReadOnly(row: Locator, col: string): Promise<boolean> {
  return (await cell(row, col).getAttribute("aria-readonly")) === "true";
}

/** The tracker's view switched to every column (the default set hides the equipment and counts). */
export async function showAllColumns(page: Page): Promise<void> {
  if ((await page.getByTestId("set-all").getAttribute("aria-pressed")) === "true") return;
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/settings/tracker-view/")),
    page.getByTestId("set-all").click(),
  ]);
}

type Kind = "patch" | "serial" | "report";
const MATCH: Record<Kind, (r: Response) => boolean> = {
  patch: (r) => r.request().method() === "PATCH" && r.url().includes("/api/da-daily-report-record/"),
  serial: (r) => r.request().method() === "POST" && r.url().includes("/api/serial-number-assignment/"),
  report: (r) => r.request().method() === "PATCH" && /\/api\/da-daily-report\/\d+\/$/.test(r.url()),
};

/** Waits for the tracker's next write of this kind; resolves with its response. */
export function nextWrite(page: Page, kind: Kind = "patch"): Promise<Response> {
  return page.waitForResponse(MATCH[kind]);
}

type Choice = { value: string } | { label: string } | { index: number };

/**
 * Picks an option: in a grid cell (a td: click opens its list, Enter commits) or in a select of the page
 * (the header strip, a scanner picker: it builds its list when reached for). The pickers' choices load
 * after the page, so it waits until the wanted option is there. Returns the status of the write it caused,
 * once the answer is applied.
 */
export async function choose(
  page: Page,
  target: Locator,
  choice: Choice,
  kind: Kind = "patch",
): Promise<number> {
  const tag = await target.evaluate((el) => el.tagName);
  if (tag === "SELECT") return chooseInSelect(page, target, choice, kind);
  const row = target.locator("xpath=ancestor::tr[1]");
  const version = Number(await row.getAttribute("data-version"));
  const deadline = Date.now() + 10_000;
  let select: Locator;
  for (;;) {
    await target.click();
    select = target.locator("select");
    await select.waitFor();
    if (await hasOption(select, choice)) break;
    await select.press("Escape");
    if (Date.now() > deadline) {
      throw new Error(`no option ${JSON.stringify(choice)} in ${await select.innerHTML()}`);
    }
    await page.waitForTimeout(100);
  }
  await select.selectOption(choice);
  const [res] = await Promise.all([nextWrite(page, kind), select.press("Enter")]);
  if (res.ok()) await newerRow(page, row, version);
  return res.status();
}

const hasOption = (select: Locator, choice: Choice) =>
  select.evaluate((el, c) => {
    const opts = [...(el as HTMLSelectElement).options];
    if ("value" in c) return opts.some((o) => o.value === c.value);
    if ("label" in c) return opts.some((o) => o.label === c.label);
    return opts.length > c.index;
  }, choice);

async function chooseInSelect(page: Page, select: Locator, choice: Choice, kind: Kind): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await select.evaluate((el) => (el as HTMLElement).blur());
    await select.focus();
    if (await hasOption(select, choice)) break;
    if (Date.now() > deadline) {
      throw new Error(`no option ${JSON.stringify(choice)} in ${await select.innerHTML()}`);
    }
    await page.waitForTimeout(100);
  }
  const [res] = await Promise.all([nextWrite(page, kind), select.selectOption(choice)]);
  // The select is busy until the answer is applied to the row (it may stay disabled after: a locked row).
  await select.and(page.locator('[aria-busy="false"]')).waitFor();
  return res.status();
}

/** The row shows a version newer than `v`: the server's answer is in. */
async function newerRow(page: Page, row: Locator, v: number) {
  const id = await row.getAttribute("data-record-id");
  await page.waitForFunction(
    ([id, v]) =>
      Number(document.querySelector(`tr[data-record-id="${id}"]`)?.getAttribute("data-version")) > v,
    [id, v] as const,
  );
}

/** Types into a grid cell (click opens its editor) and commits with Enter; returns the write's status. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<number> {
  const row = target.locator("xpath=ancestor::tr[1]");
  const version = Number(await row.getAttribute("data-version"));
  await target.click();
  const input = target.locator("input");
  await input.fill(text);
  const [res] = await Promise.all([nextWrite(page), input.press("Enter")]);
  if (res.ok()) await newerRow(page, row, version);
  return res.status();
}
