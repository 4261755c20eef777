const SIZES = [10, 25, 50, 100];

export interface PagerProps {
  /** 1-based (the API's numbering). */
  page: number;
  pageSize: number;
  count: number;
  onPage: (p: number) => void;
  onPageSize: (s: number) => void;
}

/** Pagination for server-paged lists. */
export default function Pager({ page, pageSize, count, onPage, onPageSize }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  return (
    <nav
      className="flex flex-wrap items-center justify-end gap-3 px-3 py-2 text-sm text-slate-600"
      aria-label="Pagination"
    >
      <label className="flex items-center gap-2">
        Rows per page:
        <select
          className="rounded border border-slate-300 bg-white px-1.5 py-1"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          data-testid="page-size"
        >
          {SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      <span data-testid="page-range">{from}–{to} of {count}</span>
      <button
        type="button"
        className="btn-ghost px-2"
        disabled={page <= 1}
        title={page <= 1 ? "This is the first page" : undefined}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </button>
      <button
        type="button"
        className="btn-ghost px-2"
        disabled={page >= pages}
        title={page >= pages ? "This is the last page" : undefined}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  );
}
