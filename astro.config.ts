import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import node from "@astrojs/node";
import tailwindcss from "@tailwindcss/vite";
import process from "node:process";
import { routesFolder } from "./lib/web/routes-integration.ts";

// What every page loads (React, Astro's island and router runtime, the app's toasts, router glue and API
// client) and what every signed-in page adds (the side menu): one file each instead of a dozen small ones,
// which gzip separately and cost each page 1.7-4 KB of its 100 KB budget (issue 15; docs/decisions.md
// "Issue 15, session 10"). `$initial`: only modules a page loads at once, never a part loaded on first use.
const SHARED_CHUNKS = [
  {
    name: "runtime",
    tags: ["$initial" as const],
    test:
      /node_modules[\\/](react|react-dom|scheduler|astro|@astrojs[\\/]react)[\\/]|^\0rolldown[\\/]runtime|[\\/]islands[\\/](client[\\/](api|router|toast)\.ts|Toaster\.tsx|ui[\\/]island\.ts)$|[\\/]lib[\\/](errors|auth[\\/]errors|shifts[\\/]tracker[\\/]errors)\.ts$|[\\/]components[\\/]Base\.astro\?/,
  },
  {
    name: "shell",
    tags: ["$initial" as const],
    test: /[\\/]islands[\\/](ShellNav\.tsx|ui[\\/](Icon|Deferred)\.tsx)$|^\0vite[\\/]preload-helper/,
  },
];

// The design card names the top level (routes, islands, components, static); Astro's fixed
// `src/pages` is replaced by injecting every file under ./routes, Fresh-style.
export default defineConfig({
  output: "server",
  srcDir: ".",
  publicDir: "./static",
  // DIST_DIR lets parallel builds (CI jobs, several developers on one machine) keep apart.
  outDir: process.env.DIST_DIR || "./dist",
  // Middleware mode: lib/web/server.ts owns the listener and serves the built files itself (precompressed,
  // from memory); standalone mode's handler stat()ed the disk for every API call and page before the app.
  adapter: node({ mode: "middleware" }),
  integrations: [react(), routesFolder({ dir: "routes" })],
  security: {
    // Off: it refused bearer-token scripts' form posts (curl -F). routes/_middleware.ts does the whole
    // check, for cookie-carrying and anonymous browser requests (lib/web/origin.ts).
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss()],
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          rolldownOptions: { output: { codeSplitting: { groups: SHARED_CHUNKS } } },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  server: { host: "127.0.0.1", port: 8000 },
});
