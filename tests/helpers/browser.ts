// Chromium for the browser journeys: one browser per test file, one context (own cookies) per page, a page
// reused by the next test once wiped.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import type { TestApp } from "./app.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../../lib/web/cookies.ts";

export type { Browser, BrowserContext, Page };

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/**
 * Chromium features off in the tests. Chromium reads only the last --disable-features and Playwright passes
 * its own first, so this list repeats Playwright's (playwright-core 1.65) and launchBrowser checks that it
 * still does. Ours: Chromium 156 builds the address bar's suggestion popup as a WebUI page
 * (chrome://omnibox-popup.top-chrome) in a renderer of its own for every window, headless too, where no
 * one can type in an address bar: ~2 s of CPU per browser and ~1.7 s per context.
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  "WebUIOmniboxPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxAimPopup",
];

/**
 * Features on in the tests: Playwright's own (repeated, as above) and the network service inside the browser
 * process instead of a process of its own, one hop less for every request a page makes.
 */
const ENABLED_FEATURES = [
  "CDPScreenshotNewSurface",
  "SkipListAccountsWithoutGaiaCookies",
  "NetworkServiceInProcess2",
];

/** Without the background-networking flags Chromium's own connections crowd out the app's on this machine. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];
export const DEMO_PASSWORD = "demo1234";
export const WIDE = { width: 1366, height: 900 };
export const NARROW = { width: 700, height: 900 };
export const SCREENS_DIR = join(Deno.cwd(), "test-results/screens");

let browser: Promise<Browser> | null = null;
const open = new Set<BrowserContext>();

/**
 * For the tests only. The GPU thread in the browser process and one renderer for every site (the tests'
 * pages are all one origin): fewer processes to pass each frame and message between, ~10 % less CPU on
 * auth.test.ts. V8 without its optimising compilers (Maglev, TurboFan): a test page lives for a few clicks,
 * never long enough to repay compiling its hot code again, and the renderer spent a quarter to a third of
 * its CPU per navigation doing it (the tracker: 0.40 -> 0.26 CPU-s). Benchmarks time pages as
 * people get them and ask for Chromium as shipped (`likeUsers`): none of these flags.
 */
const TEST_ONLY_ARGS = [
  "--js-flags=--no-opt,--no-maglev",
  `--enable-features=${ENABLED_FEATURES.join(",")}`,
  "--in-process-gpu",
  "--disable-site-isolation-trials",
];

/**
 * The file's browser, launched on first use and closed when the file's isolate unloads. The first call
 * decides: a benchmark calls `launchBrowser({ likeUsers: true })` before its first newPage.
 */
export function launchBrowser(opts: { likeUsers?: boolean } = {}): Promise<Browser> {
  browser ??= (async () => {
    const args = opts.likeUsers ? CHROMIUM_ARGS : [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS];
    const b = await chromium.launch({ executablePath: CHROMIUM, args });
    const lost = featuresLost();
    if (lost.length) {
      await b.close();
      const where = "DISABLED_FEATURES or ENABLED_FEATURES (tests/helpers/browser.ts)";
      throw new Error(
        `Playwright now also sets ${lost.join(", ")}: add them to ${where}, ` +
          "whose --disable-features and --enable-features replace Playwright's",
      );
    }
    return b;
  })();
  return browser;
}

/**
 * The features Playwright's own --disable-features or --enable-features names and ours (the last, the one
 * Chromium reads) does not, each as its flag: read off the command line of the browser this process
 * started (a descendant, past any wrapper script).
 */
function featuresLost(): string[] {
  const children = new Map<number, number[]>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const ppid = Number(Deno.readTextFileSync(`/proc/${entry.name}/status`).match(/\nPPid:\t(\d+)/)?.[1]);
      children.set(ppid, [...children.get(ppid) ?? [], Number(entry.name)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const queue = [...children.get(Deno.pid) ?? []];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    let argv: string[] = [];
    try {
      argv = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split(/[\0 ]/);
    } catch {
      continue;
    }
    if (!argv.includes("--remote-debugging-pipe")) {
      queue.push(...children.get(pid) ?? []);
      continue;
    }
    return ["--disable-features=", "--enable-features="].flatMap((flag) => {
      const lists = argv.filter((a) => a.startsWith(flag)).map((a) => a.slice(flag.length).split(","));
      return lists.length ? lists[0].filter((f) => !lists.at(-1)!.includes(f)).map((f) => flag + f) : [];
    });
  }
  throw new Error("featuresLost: no Chromium with --remote-debugging-pipe among this process's descendants");
}

globalThis.addEventListener("unload", () => {
  if (browser) void browser.then((b) => b.close()).catch(() => {});
});

/**
 * A page in a context of its own (no cookies, no storage) whose relative URLs resolve against the app.
 * A page a passed test left behind is reused, its state wiped (recycle): Chromium spends ~1.5 s of CPU
 * making a page (the renderer process, the browser's bookkeeping), ~0.3 s on a navigation.
 */
export async function newPage(
  app: Pick<TestApp, "url">,
  viewport: { width: number; height: number } = WIDE,
): Promise<Page> {
  const spare = idle.get(app.url)?.pop();
  if (spare) {
    open.add(spare.context());
    await spare.setViewportSize(viewport);
    appOf.set(spare, app.url);
    return spare;
  }
  const context = await (await launchBrowser()).newContext({ baseURL: app.url, viewport });
  open.add(context);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  appOf.set(page, app.url);
  return page;
}

/** The app each page of newPage speaks to (signInAs keeps sessions per app). */
const appOf = new WeakMap<Page, string>();
/** Pages wiped for reuse, by app URL (a context's baseURL is fixed). */
const idle = new Map<string, Page[]>();

/**
 * Wipes a context's one page for the next newPage: listeners, routes, cookies, permissions, offline, the
 * app origin's storage, and the document (about:blank). False when it cannot be reused (closed, several
 * pages, a wipe that failed): then it is closed.
 */
async function recycle(context: BrowserContext): Promise<boolean> {
  const pages = context.pages();
  const page = pages[0];
  const url = page && appOf.get(page);
  if (pages.length !== 1 || !url || page.isClosed()) return false;
  try {
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto("about:blank");
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(url).origin, storageTypes: "all" });
    await cdp.detach();
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(15_000);
  } catch {
    return false;
  }
  idle.set(url, [...idle.get(url) ?? [], page]);
  return true;
}

/**
 * Closes every context opened since the last call (browserTest does this after each test), or, with
 * `reuse` (a test that passed), wipes its page for the next test.
 */
export async function closeContexts(reuse = false): Promise<void> {
  const all = [...open];
  open.clear();
  await Promise.all(all.map(async (c) => {
    if (reuse && await recycle(c)) return;
    await c.close().catch(() => {});
  }));
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

/** Session cookies of the users signed in through the form in this file (its isolate), by app and user. */
const sessions = new Map<string, Cookie[]>();
type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];

/**
 * A signed-in page on `path` (default: the user's home), hydrated. The first call per user in this file
 * signs in through the real form (signIn); later calls give the page's context that session's cookies and
 * open `path` straight away, a third of the time. A session that no longer opens the page (signed out,
 * revoked: the guard sends it to "/") is replaced by a form sign-in, so `path` must be a page that needs
 * one. For journeys where signing in is the way in, not the subject: a test of the sign-in itself (its
 * toast, its landing) uses signIn.
 */
export async function signInAs(
  page: Page,
  email: string,
  opts: { path?: string; password?: string } = {},
): Promise<void> {
  const key = `${appOf.get(page) ?? ""} ${email} ${opts.password ?? DEMO_PASSWORD}`;
  const saved = sessions.get(key);
  if (saved && fresh(saved)) {
    await page.context().addCookies(saved);
    await goto(page, opts.path ?? "/");
    if (pathOf(page) !== "/") return;
    await page.context().clearCookies();
  }
  await signIn(page, email, opts.password);
  // Not the refresh token: presenting one another page already rotated ends the whole session (reuse
  // detection), so a reused session lives on its access token alone, which must outlast the test.
  sessions.set(key, (await page.context().cookies()).filter((c) => c.name !== REFRESH_COOKIE));
  const here = new URL(page.url());
  if (opts.path && here.pathname + here.search !== opts.path) await goto(page, opts.path);
}

/** Whether the saved access token stays valid for two more minutes: longer than any journey. */
function fresh(cookies: Cookie[]): boolean {
  const access = cookies.find((c) => c.name === ACCESS_COOKIE);
  return !!access && (access.expires < 0 || access.expires * 1000 > Date.now() + 120_000);
}

/** The pathname the page is on now. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Runs in every page before its scripts: keeps the text of each toast the page shows, so a test can ask
 * whether one was shown even when a busy machine took longer than the toast's 4 s to get there.
 */
function recordToasts() {
  const seen: string[] = [];
  (globalThis as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof Element)) continue;
        const toasts = n.matches("[data-testid=toast]")
          ? [n]
          : [...n.querySelectorAll("[data-testid=toast]")];
        for (const t of toasts) seen.push(t.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the page has shown a toast with this text (or matching this pattern) since it loaded, and
 * uses it up: a second call for the same text needs a second toast.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const want = typeof text === "string" ? { s: text } : { re: text.source, flags: text.flags };
  await page.waitForFunction(
    (w) => {
      const seen = (globalThis as unknown as { __toasts?: string[] }).__toasts ?? [];
      const i = seen.findIndex((
        t,
      ) => (w.re !== undefined ? new RegExp(w.re, w.flags).test(t) : t.includes(w.s!)));
      if (i < 0) return false;
      seen.splice(i, 1);
      return true;
    },
    want as { s?: string; re?: string; flags?: string },
    { polling: 50 },
  );
}

/**
 * Waits until the element's class matches: a save's answer arrives before React has re-rendered the row
 * with it, so reading the class right after `waitForResponse` races the render. Asked through the locator
 * each time, so an element React replaced is found again.
 */
export async function expectClass(locator: Locator, pattern: RegExp, timeout = 5000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen: string | null = null;
  for (;;) {
    seen = await locator.getAttribute("class");
    if (pattern.test(seen ?? "")) return;
    if (Date.now() > deadline) throw new Error(`class "${seen}" never matched ${pattern} in ${timeout} ms`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

/** Whether `shot` takes its pictures: the whole suite (tests/run.ts) sets SCREENS=0 unless asked for them. */
export const SCREENS = Deno.env.get("SCREENS") !== "0";

/**
 * A PNG under test-results/screens/ (gitignored), for a person to look at: the full page unless told.
 * Skipped when SCREENS=0 (a full-page capture costs ~0.3 s and asserts nothing); `force` takes it anyway.
 */
export async function shot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean; force?: boolean } = {},
): Promise<string> {
  const path = join(SCREENS_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  if (!SCREENS && !opts.force) return path;
  mkdirSync(SCREENS_DIR, { recursive: true });
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
      let passed = false;
      try {
        await fn();
        passed = true;
      } catch (e) {
        let n = 0;
        for (const c of open) {
          for (const p of c.pages()) await shot(p, `FAILED-${name}-${++n}`, { force: true }).catch(() => {});
        }
        throw e;
      } finally {
        await closeContexts(passed);
      }
    },
  });
}
