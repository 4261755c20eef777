// Reads the JSON a page embedded with components/PageData.astro (lib/web/page-data.ts says why).
import { useEffect, useState } from "react";

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
