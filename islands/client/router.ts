// Moving between the app's screens without a page load (issue 14, point 2). components/Base.astro puts
// Astro's <ClientRouter /> on every page: links, tab links and forms are fetched and the body swapped, the
// shell's islands persist. Islands move and rewrite the address through these two functions, never through
// `location` or a bare `history.replaceState(null, ...)` (a null state makes Back skip that entry's page).
import { trackLoading } from "./toast.ts";

type Navigate = (href: string, opts?: { history?: "auto" | "push" | "replace" }) => Promise<void>;

declare global {
  interface Window {
    /** Astro's `navigate`, set by installRouterGlue (absent on a page without the router). */
    appNavigate?: Navigate;
  }
}

/** Opens another screen of the app: fetched and swapped by the router where it runs, else a page load. */
export function go(href: string, opts: { replace?: boolean } = {}): void {
  if (window.appNavigate) void window.appNavigate(href, { history: opts.replace ? "replace" : "auto" });
  else if (opts.replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * Writes a screen's state (filters, page, period) into the address bar without navigating, keeping the
 * router's own history state so Back and a shared link still work.
 */
export function replaceUrl(url: string): void {
  window.history.replaceState(window.history.state, "", url);
}

/** The words of a dynamic import that failed: a chunk of another build, gone after a deployment. */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i
    .test(text);
}

/** Shows the "a new version is available" bar (components/Base.astro) once something of the app failed to load. */
export function showUpdateBar(): void {
  const bar = document.getElementById("app-update");
  if (bar) bar.hidden = false;
}

/** Called once per document by components/Base.astro, with Astro's `navigate`. */
export function installRouterGlue(navigate: Navigate): void {
  window.appNavigate = navigate;
  // The loading bar across the top (islands/Toaster.tsx) while the next screen is on its way.
  let fetching = false;
  const done = () => {
    if (fetching) trackLoading(-1);
    fetching = false;
  };
  document.addEventListener("astro:before-preparation", () => {
    done();
    fetching = true;
    trackLoading(1);
  });
  document.addEventListener("astro:after-preparation", done);
  document.addEventListener("astro:page-load", done);
  // A script, a module preload or a stylesheet of the app that did not load (capture: these do not bubble).
  window.addEventListener("error", (e) => {
    const t = e.target;
    if (
      t instanceof HTMLScriptElement ||
      (t instanceof HTMLLinkElement && /modulepreload|stylesheet|preload/.test(t.rel))
    ) {
      const src = t instanceof HTMLScriptElement ? t.src : t.href;
      if (src.startsWith(`${location.origin}/_astro/`)) showUpdateBar();
    }
  }, true);
  window.addEventListener("unhandledrejection", (e) => {
    if (isChunkLoadError(e.reason)) showUpdateBar();
  });
  // An island whose code could not be imported (Astro's island element reports it).
  document.addEventListener("astro:hydration-error", (e) => {
    if (isChunkLoadError((e as CustomEvent<{ error?: unknown }>).detail?.error)) showUpdateBar();
  });
  window.addEventListener("vite:preloadError", showUpdateBar);
}
