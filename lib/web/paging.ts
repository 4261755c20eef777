export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** page (1-based) and page_size from a URL, clamped to the sizes the tables offer. */
export function pageQuery(url: URL, defaultSize = 10): { page: number; pageSize: number } {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const requested = Number(url.searchParams.get("page_size"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(requested) ? requested : defaultSize;
  return { page, pageSize };
}
