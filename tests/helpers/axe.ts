// axe-core in the browser tests (issue 14, point 5): the page as it is now, no serious or critical
// violation. axe's own build is injected as a script (its npm package, no network).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "./browser.ts";

let source: string | null = null;
const axeSource =
  () => (source ??= readFileSync(join(Deno.cwd(), "node_modules/axe-core/axe.min.js"), "utf8"));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's violations of the page (the WCAG 2.x A and AA rules), worst first. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== "undefined");
  // page.evaluate, not addScriptTag: the CSP (script hashes) refuses an injected <script> element.
  if (!loaded) await page.evaluate(axeSource());
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as {
      axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> };
    }).axe;
    // The WCAG 2.x A and AA rules (axe's best-practice rules are advice, and double the time per page).
    // A long table repeats one row's markup: its first 15 rows stand for the rest (payroll's hundreds of
    // rows took axe 10 s; this keeps a page's check near a second).
    const r = await axe.run({ exclude: [["tbody > tr:nth-child(n+16)"]] }, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const rank = (i: string | null) => ["critical", "serious", "moderate", "minor"].indexOf(i ?? "minor");
  return found.sort((a, b) => rank(a.impact) - rank(b.impact));
}

/** Fails with a readable list when axe finds a serious or critical violation on the page. */
export async function expectAccessible(page: Page, what = new URL(page.url()).pathname): Promise<void> {
  const bad = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.equal(
    bad.length,
    0,
    `${what}: ${bad.length} serious or critical axe violation(s):\n` +
      bad.map((v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.slice(0, 4).map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary ?? ""}`).join(
          "\n",
        )
      ).join("\n"),
  );
}
