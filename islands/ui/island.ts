// Astro asks each renderer whether it can render a component it has not been told about: @astrojs/react
// answers by calling the component once on the server (its whole top-level body: state, memos, the
// tracker's parse of its rows), then renders it again for real. A component tagged with Astro's renderer
// symbol skips the question. Every island here is React; each tags its default export with this
// (islands/ui/island.test.ts checks that every island a page hydrates does).
const RENDERER = Symbol.for("astro:renderer");

export function reactIsland(component: unknown): void {
  (component as Record<symbol, string>)[RENDERER] = "@astrojs/react";
}
