// axe on every page (issue 14, point 5): each page of the PAGES table (lib/auth/permissions.ts) as the
// dispatcher and the owner where they may open it, so a page added to the table later is checked the day it exists. Pages with an
// id or a section in their path are also checked once at one concrete address, as the owner. One app, one
// browser; each role signs in once and moves between the pages with the app's own client-side router.
import assert from "node:assert/strict";
import { desc } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, hydrated, newPage, type Page, signInAs, WIDE } from "../helpers/browser.ts";
import { axeViolations, expectAccessible } from "../helpers/axe.ts";
import { PAGES } from "../../lib/auth/permissions.ts";
import { ROLE_NAMES, STAFF_ROLES } from "../../lib/auth/roles.ts";
import { ENTITY_KEYS } from "../../lib/reference/inputs.ts";
import { checkWeeks, ikeaWeeks, shiftReports } from "../../lib/db/schema.ts";
import type {} from "../../islands/client/router.ts"; // window.appNavigate

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

const EMAIL: Record<number, string> = {
  1: "dispatcher@example.com",
  2: "supervisor@example.com",
  3: "manager@example.com",
  4: "owner@example.com",
};

/** Opens a path through the client-side router (as a link would) and waits for its islands. */
async function visit(page: Page, path: string): Promise<void> {
  // navigate() settles once the new page is swapped in (a redirect, /setup, is followed); then its islands.
  await page.evaluate((p) => window.appNavigate!(p), path);
  await hydrated(page);
  // Lists that load after hydration: wait until nothing is marked busy.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
    timeout: 10_000,
  })
    .catch(() => {});
}

// Each page as the dispatcher (the read-only variants) and as the owner (every control), not as every
// role: the two middle roles see the owner's pages less some controls, and each pass costs ~50 s.
const AXE_ROLES = [STAFF_ROLES[0], STAFF_ROLES.at(-1)!];

Deno.test("axe: every page of the table is opened by one of the roles it is checked as", () => {
  const unchecked = PAGES.filter((p) => !AXE_ROLES.some((r) => p.roles.includes(r))).map((p) => p.path);
  assert.deepEqual(unchecked, [], "add a role that may open these pages to AXE_ROLES");
});

for (const role of AXE_ROLES) {
  const paths = PAGES.filter((p) => p.roles.includes(role)).map((p) => p.path);
  browserTest(
    `axe: no serious or critical violation on the ${ROLE_NAMES[role]}'s ${paths.length} pages`,
    async () => {
      const page = await newPage(app, WIDE);
      await signInAs(page, EMAIL[role], { path: "/account" });
      const failures: string[] = [];
      for (const path of paths) {
        await visit(page, path);
        try {
          await expectAccessible(page, `${ROLE_NAMES[role]} ${path}`);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
      assert.equal(failures.length, 0, failures.join("\n\n"));
    },
  );
}

browserTest("axe: a shift tracker, a check week and every reference data section, as the owner", async () => {
  const [report] = await db.select({ id: shiftReports.id }).from(shiftReports).orderBy(desc(shiftReports.id))
    .limit(1);
  assert.ok(report, "the demo has shift reports");
  const [check] = await db.select({ id: checkWeeks.id }).from(checkWeeks).orderBy(desc(checkWeeks.id)).limit(
    1,
  );
  assert.ok(check, "the demo has check weeks");
  const [ikea] = await db.select({ id: ikeaWeeks.id }).from(ikeaWeeks).orderBy(desc(ikeaWeeks.id)).limit(1);
  assert.ok(ikea, "the demo has IKEA weeks");
  const page = await newPage(app, WIDE);
  await signInAs(page, EMAIL[4], { path: "/account" });
  const failures: string[] = [];
  for (
    const path of [
      `/das-reports/${report.id}`,
      `/check/${check.id}`,
      `/check-ikea/${ikea.id}`,
      ...ENTITY_KEYS.map((k) => `/setup/${k}`),
      "/dashboard/routes",
    ]
  ) {
    await visit(page, path);
    try {
      await expectAccessible(page, path);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, failures.join("\n\n"));
});

browserTest("axe finds what it should: a button without a name is a critical violation", async () => {
  const page = await newPage(app, WIDE);
  await signInAs(page, EMAIL[1], { path: "/account" });
  await page.evaluate(() => document.querySelector("main")!.append(document.createElement("button")));
  const found = await axeViolations(page);
  assert.ok(found.some((v) => v.id === "button-name" && v.impact === "critical"), JSON.stringify(found));
});
