import type { AstroIntegration } from "astro";
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROUTE_FILE = /\.(astro|ts)$/;

/** Maps a file under the routes folder to an Astro route pattern: `index` is its folder, `[id]` a param. */
export function patternFor(relPath: string): string {
  const noExt = relPath.replace(ROUTE_FILE, "").split("\\").join("/");
  const parts = noExt.split("/").filter((p) => p !== "index");
  return "/" + parts.join("/");
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    if (!ROUTE_FILE.test(name) || name.startsWith("_") || name.endsWith(".test.ts")) return [];
    return [full];
  });
}

/** Fresh-style `routes/` folder: every file is a route, `_middleware.ts` at the top runs first. */
export function routesFolder({ dir }: { dir: string }): AstroIntegration {
  return {
    name: "routes-folder",
    hooks: {
      "astro:config:setup": ({ injectRoute, addMiddleware, config }) => {
        const root = resolve(new URL(".", config.root).pathname, dir);
        for (const file of walk(root)) {
          injectRoute({ pattern: patternFor(relative(root, file)), entrypoint: file, prerender: false });
        }
        addMiddleware({ entrypoint: join(root, "_middleware.ts"), order: "pre" });
      },
    },
  };
}
