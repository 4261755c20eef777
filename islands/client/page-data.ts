// Reads the JSON a page embedded with components/PageData.astro (lib/web/page-data.ts says why).
import { useEffect, useState } from "react";
import type { ServerOnly } from "../../lib/web/page-data.ts";

export function readPageData<T>(id: string): T | null {
  const el = typeof document === "undefined" ? null : document.getElementById(id);
  return el?.textContent ? JSON.parse(el.textContent) as T : null;
}

/**
 * The page's data, null in the server render and on the first client render (so hydration matches),
 * then the embedded JSON. `set` replaces it like useState's setter.
 */
export function usePageData<T>(id: string) {
  const [data, setData] = useState<T | null>(null);
  useEffect(() => setData((d) => d ?? readPageData<T>(id)), [id]);
  return [data, setData] as const;
}

/**
 * Data the island renders on the server and at hydration alike: the server render gets it as a
 * `serverOnly` prop, the browser from the page's JSON script `id` (the same data; see lib/web/page-data.ts).
 */
export function serverOrPageData<T>(server: ServerOnly<T> | undefined, id: string): T | null {
  return server?.value ?? readPageData<T>(id);
}
