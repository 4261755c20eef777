// The one paging and ordering schema of every list (API, pages and islands alike): pure zod and
// arithmetic, so islands may import it. The SQL half (ORDER BY) is order.ts.
import { z } from "zod";
import { queryInt, text } from "../inputs/fields.ts";

/** The page sizes the tables offer. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const isPageSize = (n: number) => (PAGE_SIZES as readonly number[]).includes(n);

/** page (1-based, as the spec's client sends page + 1) and page_size from the 10/25/50/100 choices. */
export const pagingQuery = z.object({
  page: queryInt(1, 2_147_483_647).default(1),
  page_size: z.coerce.number().int().refine(isPageSize, { message: "Must be 10, 25, 50 or 100" }).default(10),
});

/**
 * page and page_size from a page's URL, never refused: a bad page is the first, a size not offered is
 * `defaultSize` (a server-rendered page shows something rather than an error).
 */
export function pageOfUrl(url: URL, defaultSize = 10): { page: number; pageSize: number } {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const requested = Number(url.searchParams.get("page_size"));
  return { page, pageSize: isPageSize(requested) ? requested : defaultSize };
}

/** `ordering` as DRF spells it: a field name, '-' for descending; only the listed fields are accepted. */
export function orderingQuery<K extends string>(fields: readonly K[], fallback: `${"-" | ""}${K}`) {
  return text().trim().default(fallback).refine((v) => fields.includes(v.replace(/^-/, "") as K), {
    message: `Unknown ordering; use one of ${fields.join(", ")} (prefix '-' for descending)`,
  });
}

export function offset(q: { page: number; page_size: number }): number {
  return (q.page - 1) * q.page_size;
}

/** A page of a list and the count of the whole list (the spec's `{count, results}`). */
export interface Paged<T> {
  count: number;
  results: T[];
}
