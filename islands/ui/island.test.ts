// Every island a page hydrates tags its default export for Astro's React renderer (islands/ui/island.ts):
// an untagged one still works, but the server calls its body twice on every render.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

function astroFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? astroFiles(p) : p.endsWith(".astro") ? [p] : [];
  });
}

/** The island modules the pages hydrate: components used with a client: directive, by their import. */
function hydratedIslands(): string[] {
  const found = new Set<string>();
  for (const f of [...astroFiles("routes"), ...astroFiles("components")]) {
    const src = readFileSync(f, "utf8");
    const names = new Set([...src.matchAll(/<([A-Z]\w+) client:[a-z]+/g)].map((m) => m[1]));
    for (const m of src.matchAll(/import\s+([A-Z]\w+)(?:\s*,\s*\{[^}]*\})?\s+from\s+"([^"]+\.tsx)"/g)) {
      if (names.has(m[1])) found.add(normalize(join(dirname(f), m[2])));
    }
  }
  return [...found].sort();
}

Deno.test("every hydrated island tags its default export for the React renderer", () => {
  const islands = hydratedIslands();
  assert.ok(islands.length >= 30, `found ${islands.length} islands`);
  for (const file of islands) {
    const src = readFileSync(file, "utf8");
    const name = /export default function (\w+)/.exec(src)?.[1];
    assert.ok(name, `${file}: an island's default export is a named function`);
    assert.match(src, new RegExp(`\\nreactIsland\\(${name}\\);`), `${file} calls reactIsland(${name})`);
  }
});
