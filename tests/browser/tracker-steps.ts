// Steps shared by the tracker's browser tests (not a test file): waiting for the table, and choosing in a
// row's picker the way a person does (reach for it, pick, wait for the server's answer).
import type { Locator, Page, Response } from "playwright-core";

export const ROW = '[data-testid="tracker-row"]';

export const rowById = (page: Page, id: number) => page.locator(`${ROW}[data-record-id="${id}"]`);

/** The table is hydrated and answers (TrackerTable sets data-ready in an effect). */
export async function trackerReady(page: Page): Promise<void> {
  await page.locator('[data-testid="tracker-table"][data-ready="true"]').waitFor();
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
 * Picks an option of a tracker select. The select builds its list when reached for (and the pickers'
 * choices load after the page), so it is focused until the wanted option is there. Returns the status of
 * the write it caused, once the select is usable again.
 */
export async function choose(
  page: Page,
  select: Locator,
  choice: Choice,
  kind: Kind = "patch",
): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await select.evaluate((el) => (el as HTMLElement).blur());
    await select.focus();
    const ready = await select.evaluate((el, c) => {
      const opts = [...(el as HTMLSelectElement).options];
      if ("value" in c) return opts.some((o) => o.value === c.value);
      if ("label" in c) return opts.some((o) => o.label === c.label);
      return opts.length > c.index;
    }, choice);
    if (ready) break;
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

/** Types into a row's input and leaves it (the cell sends on blur); returns the write's status. */
export async function typeInto(page: Page, input: Locator, text: string): Promise<number> {
  await input.fill("");
  await input.pressSequentially(text);
  const [res] = await Promise.all([nextWrite(page), input.blur()]);
  return res.status();
}
