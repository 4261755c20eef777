import { type PagedData, useList } from "../client/useList.ts";

export type { PagedData };
export type ListState = "loading" | "success" | "error";

/**
 * The board's two tabs as the shared server-paged list: it starts from the rows the page rendered and
 * always keeps the tab (e.g. type=budget) in the URL.
 */
export function useBoardList<T extends { id: number }>(
  endpoint: string,
  defaults: Record<string, string>,
  initial: { query: Record<string, string>; data: PagedData<T> | null },
  urlExtra: Record<string, string> = {},
) {
  const list = useList<T>(endpoint, defaults, { ...initial, urlExtra });
  return { ...list, replace: (row: T) => list.replaceRows([row]) };
}
