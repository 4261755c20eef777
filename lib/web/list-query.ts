// Pure zod and arithmetic: islands may import this file. The SQL half is lib/web/list-order.ts.
import { z } from "zod";

export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

/** page (1-based, as the spec's client sends page + 1) and page_size from the 10/25/50/100 choices. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1, "Not valid").default(1),
  page_size: z.coerce.number().int().refine((n) => (PAGE_SIZE_CHOICES as readonly number[]).includes(n), {
    message: "Must be 10, 25, 50 or 100",
  }).default(10),
});

/** `ordering` as DRF spells it: a field name, '-' for descending; only the listed fields are accepted. */
export function orderingQuery<K extends string>(fields: readonly K[], fallback: `${"-" | ""}${K}`) {
  return z.string().trim().default(fallback).refine((v) => fields.includes(v.replace(/^-/, "") as K), {
    message: `Unknown ordering; use one of ${fields.join(", ")} (prefix '-' for descending)`,
  });
}

export function offset(q: { page: number; page_size: number }): number {
  return (q.page - 1) * q.page_size;
}

export interface Paged<T> {
  count: number;
  results: T[];
}
