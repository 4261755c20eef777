// Screenshots for a person to review (test-results/screens/, gitignored): the main screens at a laptop
// width and at 700 px, where the side menu turns into a drawer.
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import { browserTest, goto, NARROW, newPage, type Page, shot, signInAs, WIDE } from "../helpers/browser.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

// Something in the outbox to look at: a reset e-mail for the owner.
const res = await fetch(`${app.url}/api/auth/password_reset/`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: app.url },
  body: JSON.stringify({ email: "owner@example.com" }),
});
assert.equal(res.status, 200, await res.text());

const SIZES = { wide: WIDE, narrow: NARROW } as const;

/** Nothing may stick out sideways: a page that scrolls horizontally at 700 px looks broken. */
async function noSideScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: innerWidth,
  }));
  assert.ok(scroll <= width, `${what}: page is ${scroll} px wide in a ${width} px window`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  browserTest(`screens at ${size} (${viewport.width}x${viewport.height}): visitor pages`, async () => {
    const page = await newPage(app, viewport);
    await goto(page, "/");
    await noSideScroll(page, "landing");
    await shot(page, `${size}-landing`);

    const form = page.getByTestId("login-form");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Password").focus();
    await form.getByLabel("Email").focus();
    await shot(page, `${size}-landing-errors`);

    await page.getByRole("button", { name: "Forget password ?" }).click();
    await page.getByTestId("reset-form").waitFor();
    await shot(page, `${size}-landing-reset`);

    await goto(page, "/reset-password?token=just-for-the-picture");
    await shot(page, `${size}-new-password`);

    await page.goto("/no-such-page");
    await noSideScroll(page, "404");
    await shot(page, `${size}-404`);
  });

  for (const who of ["dispatcher", "owner"] as const) {
    browserTest(`screens at ${size} (${viewport.width}x${viewport.height}): ${who}'s pages`, async () => {
      const page = await newPage(app, viewport);
      await signInAs(page, `${who}@example.com`);
      const pages = ["/account", "/settings", ...(who === "owner" ? ["/outbox"] : [])];
      for (const path of pages) {
        await goto(page, path);
        await noSideScroll(page, `${who} ${path}`);
        await shot(page, `${size}-${path.slice(1)}-${who}`);
      }
      await goto(page, "/account");
      if (size === "narrow") {
        await page.getByTestId("drawer-open").click();
        await page.getByTestId("drawer").waitFor();
        await shot(page, `${size}-drawer-${who}`, { fullPage: false });
        await page.keyboard.press("Escape");
      } else {
        await page.getByTestId("collapse-toggle").click();
        await page.waitForFunction(() =>
          document.querySelector("[data-testid=side-menu]")!.getBoundingClientRect().width === 64
        );
        await shot(page, `${size}-collapsed-${who}`);
        await page.getByTestId("collapse-toggle").click();
      }
      await page.getByTestId("account-menu").click();
      await page.getByRole("menu").waitFor();
      await shot(page, `${size}-account-menu-${who}`);
    });
  }
}
