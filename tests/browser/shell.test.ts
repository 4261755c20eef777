// The shell: side menu per role (from the permission table), the top bar, Settings, collapse and drawer.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  expectToast,
  goto,
  hydrated,
  NARROW,
  newPage,
  type Page,
  pathOf,
  shot,
  signIn,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { homeFor, permittedMenu } from "../../lib/auth/permissions.ts";
import { ROLE_NAMES, type RoleId, STAFF_ROLES } from "../../lib/auth/roles.ts";
import { users } from "../../lib/org/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

const EMAIL: Record<number, string> = {
  1: "dispatcher@example.com",
  2: "supervisor@example.com",
  3: "manager@example.com",
  4: "owner@example.com",
};

const itemKeys = (role: number) => permittedMenu(role).flatMap((g) => g.items.map((i) => i.key)).sort();
/** The role with the longest permitted menu: the best subject for Settings and drawer journeys. */
const richest = [...STAFF_ROLES].sort((a, b) => itemKeys(b).length - itemKeys(a).length)[0];

async function menuItems(page: Page, within = "side-menu"): Promise<string[]> {
  return (await page.getByTestId(within).locator("[data-menu-item]").evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-menu-item")!)
  )).sort();
}

async function navWidth(page: Page): Promise<number> {
  return (await page.getByTestId("side-menu").boundingBox())?.width ?? -1;
}

for (const role of STAFF_ROLES) {
  browserTest(
    `${ROLE_NAMES[role]}: the side menu shows exactly permittedMenu(${role}); the top bar names the user`,
    async () => {
      const page = await newPage(app, WIDE);
      await signInAs(page, EMAIL[role], { path: "/account" });
      assert.deepEqual(await menuItems(page), itemKeys(role));
      // Each entry links where the table says.
      for (const g of permittedMenu(role)) {
        for (const i of g.items) {
          assert.equal(
            await page.locator(`[data-testid=side-menu] [data-menu-item="${i.key}"]`).getAttribute("href"),
            i.href,
          );
        }
      }
      // Groups sit at the top or the bottom as the table says (Setup and Import at the foot).
      const bottomGroups = permittedMenu(role).filter((g) => g.bottom).map((g) => g.key);
      for (const key of bottomGroups) {
        const group = page.locator(`[data-testid=side-menu] [data-menu-group="${key}"]`);
        assert.equal(await group.count(), 1);
      }

      const [u] = await app.db.db.select().from(users).where(eq(users.email, EMAIL[role]));
      const name = page.getByTestId("user-name");
      await name.waitFor({ state: "visible" });
      const text = (await name.innerText()).replace(/\s+/g, " ");
      assert.ok(text.includes(u.firstName), text);
      assert.ok(text.includes(u.lastName), text);
      assert.ok(text.includes(ROLE_NAMES[role as RoleId]), text);
    },
  );
}

browserTest(
  "Settings: unchecking a menu item hides it after Save and reload; re-checking restores it",
  async () => {
    const group = permittedMenu(richest)[0];
    assert.ok(group, "some role has a menu to edit");
    const item = group.items[0];
    const page = await newPage(app, WIDE);
    await signInAs(page, EMAIL[richest], { path: "/settings" });
    const before = await menuItems(page);
    assert.ok(before.includes(item.key));

    const box = page.getByTestId(`nav-item-${item.key}`);
    assert.equal(await box.isChecked(), true);
    await box.uncheck();
    await page.getByTestId("nav-settings").getByRole("button", { name: "Save" }).click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
    assert.deepEqual(await menuItems(page), before.filter((k) => k !== item.key));
    assert.equal(
      await page.getByTestId(`nav-item-${item.key}`).isChecked(),
      false,
      "the choice is stored on the server",
    );

    await page.getByTestId(`nav-item-${item.key}`).check();
    await page.getByTestId("nav-settings").getByRole("button", { name: "Save" }).click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
    assert.deepEqual(await menuItems(page), before);
  },
);

browserTest(
  "Settings: unchecking a whole group hides all its items; Cancel discards unsaved changes",
  async () => {
    const group = permittedMenu(richest)[0];
    const page = await newPage(app, WIDE);
    await signInAs(page, EMAIL[richest], { path: "/settings" });
    const before = await menuItems(page);
    const save = page.getByTestId("nav-settings").getByRole("button", { name: "Save" });
    assert.equal(await save.isDisabled(), true, "nothing to save yet");

    await page.getByTestId(`nav-group-${group.key}`).uncheck();
    for (const i of group.items) assert.equal(await page.getByTestId(`nav-item-${i.key}`).isDisabled(), true);
    await page.getByTestId("nav-settings").getByRole("button", { name: "Cancel" }).click();
    assert.equal(await page.getByTestId(`nav-group-${group.key}`).isChecked(), true);

    await page.getByTestId(`nav-group-${group.key}`).uncheck();
    await save.click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
    const keys = new Set(group.items.map((i) => i.key));
    assert.deepEqual(await menuItems(page), before.filter((k) => !keys.has(k)));

    await page.getByTestId(`nav-group-${group.key}`).check();
    await save.click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
    assert.deepEqual(await menuItems(page), before);
  },
);

browserTest(
  "the side menu collapses to 64 px with the toggle, stays collapsed on the next page, and expands again",
  async () => {
    const page = await newPage(app, WIDE);
    await signInAs(page, EMAIL[richest], { path: "/account" });
    assert.equal(await navWidth(page), 200);
    const mainLeft =
      async () => (await page.locator("main").evaluate((m) => getComputedStyle(m).paddingLeft));
    assert.equal(await mainLeft(), "200px");

    await page.getByTestId("collapse-toggle").click();
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=side-menu]")!.getBoundingClientRect().width === 64
    );
    assert.equal(await mainLeft(), "64px", "the content follows the menu");
    // Items stay reachable by their accessible name while collapsed.
    for (const key of itemKeys(richest)) {
      assert.equal(await page.locator(`[data-testid=side-menu] [data-menu-item="${key}"]`).isVisible(), true);
    }

    // The next page is rendered collapsed by the server: no wide menu flashing before hydration.
    const res = await page.goto("/settings");
    assert.ok((await res!.text()).includes('data-nav="collapsed"'));
    assert.equal(await navWidth(page), 64);
    await page.getByTestId("collapse-toggle").click();
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=side-menu]")!.getBoundingClientRect().width === 200
    );
  },
);

browserTest("at 700 px the side menu is hidden and the drawer opens full screen with the items", async () => {
  const page = await newPage(app, NARROW);
  await signInAs(page, EMAIL[richest], { path: "/account" });
  assert.equal(await page.getByTestId("side-menu").isVisible(), false);
  assert.equal(await page.getByTestId("drawer").count(), 0);
  assert.equal(await page.locator("main").evaluate((m) => getComputedStyle(m).paddingLeft), "0px");
  // No sideways scrolling at this width.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);

  await page.getByTestId("drawer-open").click();
  const drawer = page.getByTestId("drawer");
  await drawer.waitFor({ state: "visible" });
  assert.deepEqual(await drawer.boundingBox(), { x: 0, y: 0, width: NARROW.width, height: NARROW.height });
  assert.deepEqual(await menuItems(page, "drawer"), itemKeys(richest));

  // Following an entry opens its page (the first one the role may open).
  const first = permittedMenu(richest)[0].items[0];
  await Promise.all([
    page.waitForURL((u) => u.pathname === first.href),
    drawer.locator(`[data-menu-item="${first.key}"]`).click(),
  ]);
  assert.equal(pathOf(page), first.href);

  // Close by the button and by Escape.
  await goto(page, "/account");
  await page.getByTestId("drawer-open").click();
  await drawer.getByRole("button", { name: "Close menu" }).click();
  assert.equal(await drawer.count(), 0);
  await page.getByTestId("drawer-open").click();
  await drawer.waitFor();
  await page.keyboard.press("Escape");
  assert.equal(await drawer.count(), 0);

  // Widening past 750 px brings the side menu back and hides the drawer button.
  await page.setViewportSize(WIDE);
  await page.getByTestId("side-menu").waitFor({ state: "visible" });
  assert.equal(await page.getByTestId("drawer-open").isVisible(), false);
});

browserTest("the account menu offers My account, Settings and Logout", async () => {
  const page = await newPage(app, WIDE);
  await signIn(page, EMAIL[1]);
  assert.equal(pathOf(page), homeFor(1));
  await goto(page, "/account");
  await page.getByTestId("account-menu").click();
  const items = await page.getByRole("menuitem").allInnerTexts();
  assert.deepEqual(items.map((s) => s.trim()), ["My account", "Settings", "Logout"]);
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/settings"),
    page.getByRole("menuitem", { name: "Settings" }).click(),
  ]);
  await page.getByTestId("nav-settings").waitFor();
  await page.getByTestId("account-menu").click();
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/account"),
    page.getByRole("menuitem", { name: "My account" }).click(),
  ]);
  await page.getByTestId("profile-form").waitFor();
});

browserTest(
  "a page at rest runs no endless animation; the loading bar runs one while a page is on its way",
  async () => {
    const page = await newPage(app, WIDE);
    await signInAs(page, EMAIL[1], { path: "/das-reports" });
    const endless = () =>
      page.evaluate(() =>
        document.getAnimations().filter((a) => a.effect?.getTiming().iterations === Infinity).length
      );
    assert.equal(await endless(), 0, "an idle page draws no frames");
    await page.evaluate(() => dispatchEvent(new CustomEvent("app:loading", { detail: true })));
    await page.waitForFunction(() => document.getAnimations().length > 0);
    assert.equal(await endless(), 1);
    await page.evaluate(() => dispatchEvent(new CustomEvent("app:loading", { detail: false })));
    await page.waitForFunction(() => !document.querySelector("[data-testid=loading-bar] > div"));
    assert.equal(await endless(), 0);
  },
);

browserTest("a user who hides every menu group sees an empty-menu note pointing to Settings", async () => {
  const role = 1;
  const groups = permittedMenu(role);
  const page = await newPage(app, WIDE);
  await signInAs(page, EMAIL[role], { path: "/settings" });
  const save = page.getByTestId("nav-settings").getByRole("button", { name: "Save" });
  if (groups.length > 0) {
    for (const g of groups) await page.getByTestId(`nav-group-${g.key}`).uncheck();
    await save.click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
  }
  assert.deepEqual(await menuItems(page), []);
  await page.getByTestId("side-menu").getByTestId("menu-empty").waitFor();
  await page.setViewportSize(NARROW);
  await page.getByTestId("drawer-open").click();
  await page.getByTestId("drawer").getByTestId("menu-empty").waitFor();
  await page.keyboard.press("Escape");
  await page.setViewportSize(WIDE);

  for (const g of groups) await page.getByTestId(`nav-group-${g.key}`).check();
  if (groups.length > 0) {
    await save.click();
    await expectToast(page, "saved");
    await goto(page, "/settings");
  }
  assert.deepEqual(await menuItems(page), itemKeys(role));
});

browserTest(
  "no page reloads: menu, tabs, filters and Back fetch pages into one document; the shell and its toasts stay; a failed chunk offers a reload",
  async () => {
    const page = await newPage(app, WIDE);
    await signInAs(page, EMAIL[4], { path: "/account" });
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    // Marks that a full page load would wipe: on the window, and on the persisted menu's element.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      document.querySelector("[data-testid=side-menu]")!.setAttribute("data-kept", "1");
    });
    const current = () =>
      page.locator("[data-testid=side-menu] [aria-current=page]").getAttribute("data-menu-item");
    const menu = async (key: string, path: RegExp) => {
      await page.locator(`[data-testid=side-menu] [data-menu-item="${key}"]`).click();
      await page.waitForURL(path);
      await page.waitForFunction(
        (k) =>
          document.querySelector(`[data-testid=side-menu] [data-menu-item="${k}"]`)?.getAttribute(
            "aria-current",
          ) ===
            "page",
        key,
      );
    };

    await menu("da-status", /\/da-status$/);
    await page.getByRole("heading", { name: "DA status" }).waitFor();
    // The swapped-in page's islands hydrate after the URL changes: a select changed before that is lost.
    await hydrated(page);
    // A filter: the URL follows, the rows are fetched.
    await page.getByTestId("da-filters").locator("select").first().selectOption({ index: 1 });
    await page.waitForURL(/\?.+=/);
    await menu("reference", /\/setup\/stations$/);
    await page.getByTestId("tab-agencies").click();
    await page.waitForURL(/\/setup\/agencies$/);
    await page.getByRole("heading", { name: "Reference data" }).waitFor();
    assert.equal(await current(), "reference", "the menu's current item follows the URL");
    await menu("shift-tracker", /\/das-reports$/);
    await page.getByTestId("type-budget").click();
    await page.waitForURL(/\/das-reports\?type=budget$/);
    await page.getByRole("heading", { name: "Budgets" }).waitFor();

    // Back walks the same way, each step a fetched page again.
    await page.goBack();
    await page.waitForURL(/\/das-reports$/);
    await page.getByRole("heading", { name: "Shift reports" }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/setup\/agencies$/);
    await page.getByTestId("tab-agencies").and(page.locator("[aria-current=page]")).waitFor();
    await page.goBack();
    await page.waitForURL(/\/setup\/stations$/);
    await page.goBack();
    await page.waitForURL(/\/da-status\?.+=/);
    await page.getByTestId("da-filters").waitFor();
    assert.equal(await current(), "da-status");

    assert.deepEqual(documents, [], "no full document request between screens");
    assert.equal(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      true,
    );
    assert.equal(
      await page.getByTestId("side-menu").getAttribute("data-kept"),
      "1",
      "the menu was not redrawn",
    );

    // A screen whose code cannot be loaded (an old tab after a deployment): the reload offer, no blank page.
    await page.route(
      /\/_astro\/StaffManager\.[^/?]+\.js(\?.*)?$/,
      (r) => r.fulfill({ status: 404, body: "" }),
    );
    const bar = page.locator("#app-update");
    assert.equal(await bar.isVisible(), false);
    await page.locator('[data-testid=side-menu] [data-menu-item="staff"]').click();
    await bar.getByText("A new version is available.").waitFor();
    await shot(page, "shell-new-version-1440", { fullPage: false });
    assert.equal(await bar.getByTestId("app-update-reload").getAttribute("data-astro-reload"), "");
  },
);
