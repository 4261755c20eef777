// Screenshots of every Setup section and the staff page at 1366 and 700 px, as manager and owner, and the
// dispatcher turned away: for a person to look at (test-results/screens/).
import assert from "node:assert/strict";
import { startTestApp } from "../helpers/app.ts";
import {
  browserTest,
  goto,
  NARROW,
  newPage,
  pathOf,
  shot,
  signIn,
  signInAs,
  WIDE,
} from "../helpers/browser.ts";
import { ENTITY_KEYS } from "../../lib/reference/inputs.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

browserTest("the dispatcher is sent away from /staff and /setup", async () => {
  const page = await newPage(app);
  await signIn(page, "dispatcher@example.com");
  for (const path of ["/staff", "/setup/vans"]) {
    await goto(page, path);
    assert.notEqual(pathOf(page), path);
  }
  await shot(page, "setup-dispatcher-redirected");
});

for (const [who, email] of [["owner", "owner@example.com"], ["manager", "manager@example.com"]] as const) {
  for (const [size, viewport] of [["1366", WIDE], ["700", NARROW]] as const) {
    browserTest(`screens of Staff and every Setup section as ${who} at ${size} px`, async () => {
      const page = await newPage(app, viewport);
      await signInAs(page, email, { path: "/staff" });
      await page.getByTestId("staff-row").first().waitFor();
      await shot(page, `staff-${who}-${size}`);
      for (const key of ENTITY_KEYS) {
        await goto(page, `/setup/${key}`);
        await page.getByTestId(`setup-${key}`).waitFor();
        await shot(page, `setup-${key}-${who}-${size}`);
      }
    });
  }
}
