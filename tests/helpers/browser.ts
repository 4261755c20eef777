// Chromium for the browser journeys: one browser per test file, one fresh context (own cookies) per page.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import type { TestApp } from "./app.ts";

export type { Browser, BrowserContext, Page };

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
/** Without the background-networking flags Chromium's own connections crowd out the app's on this machine. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const DEMO_PASSWORD = "demo1234";
export const WIDE = { width: 1366, height: 900 };
export const NARROW = { width: 700, height: 900 };
export const SCREENS_DIR = join(Deno.cwd(), "test-results/screens");

let browser: Promise<Browser> | null = null;
const open = new Set<BrowserContext>();

/** The file's browser, launched on first use and closed when the file's isolate unloads. */
export function launchBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return browser;
}

globalThis.addEventListener("unload", () => {
  if (browser) void browser.then((b) => b.close()).catch(() => {});
});

/** A page in a fresh context (no cookies, no storage) whose relative URLs resolve against the app. */
export async function newPage(
  app: Pick<TestApp, "url">,
  viewport: { width: number; height: number } = WIDE,
): Promise<Page> {
  const context = await (await launchBrowser()).newContext({ baseURL: app.url, viewport });
  open.add(context);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  return await context.newPage();
}

/** Closes every context opened since the last call (browserTest does this after each test). */
export async function closeContexts(): Promise<void> {
  const all = [...open];
  open.clear();
  await Promise.all(all.map((c) => c.close().catch(() => {})));
}

/** Waits until every Astro island on the page has hydrated, so typing and clicking reach React. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.readyState !== "loading" &&
      [...document.querySelectorAll("astro-island")].every((i) => !i.hasAttribute("ssr")),
    undefined,
    { polling: 50 },
  );
}

/** Opens a path and waits for the islands. Returns the response of the final navigation. */
export async function goto(page: Page, path: string) {
  const res = await page.goto(path);
  await hydrated(page);
  return res;
}

/** Signs in through the real login form on the landing page and waits for the redirect. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await goto(page, "/");
  const form = page.getByTestId("login-form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== "/"),
    form.getByRole("button", { name: "Submit" }).click(),
  ]);
  await hydrated(page);
}

/** The pathname the page is on now. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId("toast").filter({ hasText: text }).first().waitFor({ state: "visible" });
}

/** A PNG under test-results/screens/ (gitignored), for a person to look at: the full page unless told. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true, animations: "disabled" });
  return path;
}

/**
 * Deno.test for a browser journey. The app's keep-alive sockets and Playwright's pipe to Chromium
 * outlive single tests, so the op/resource sanitizers are off; the contexts a test opened are closed
 * after it, and on failure each open page is saved as `FAILED-<test>-<n>.png`.
 */
export function browserTest(name: string, fn: () => Promise<void>, opts: { ignore?: boolean } = {}): void {
  Deno.test({
    name,
    ignore: opts.ignore,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      try {
        await fn();
      } catch (e) {
        let n = 0;
        for (const c of open) {
          for (const p of c.pages()) await shot(p, `FAILED-${name}-${++n}`).catch(() => {});
        }
        throw e;
      } finally {
        await closeContexts();
      }
    },
  });
}
