import { replaceUrl } from "./router.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api.ts";
import type { PagerProps } from "../ui/Pager.tsx";

export interface PagedData<T> {
  count: number;
  results: T[];
}

export type ListState = "loading" | "success" | "error";

export interface ListStart<T> {
  /** The query the server rendered with; without it the page URL (over the defaults) is read. */
  query?: Record<string, string>;
  /** The rows the server rendered: the first paint needs no request. Null means its load failed. */
  data?: PagedData<T> | null;
  /** Parameters always kept in the page URL (e.g. the board's type=budget tab). */
  urlExtra?: Record<string, string>;
}

/**
 * The one server-paged list of the islands. Its query (filters, page, page_size, ordering) lives in the
 * page URL, defaults left out, so a reload or a shared link shows the same rows. Starting from
 * server-rendered rows skips the first fetch.
 */
export function useList<T extends { id?: number }>(
  endpoint: string,
  defaults: Record<string, string>,
  start: ListStart<T> = {},
) {
  const [query, setQueryState] = useState<Record<string, string>>(() => {
    if (start.query) return start.query;
    const q = { ...defaults };
    if (typeof window !== "undefined") {
      new URLSearchParams(window.location.search).forEach((v, k) => (q[k] = v));
    }
    return q;
  });
  const rendered = start.data !== undefined;
  const [data, setData] = useState<PagedData<T>>(start.data ?? { count: 0, results: [] });
  const [state, setState] = useState<ListState>(
    !rendered ? "loading" : start.data ? "success" : "error",
  );
  const seq = useRef(0);
  const first = useRef(true);

  const load = useCallback(async (q: Record<string, string>) => {
    const mine = ++seq.current;
    setState("loading");
    const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== "" && v !== undefined));
    try {
      const res = await api<PagedData<T>>(`${endpoint}?${params}`);
      if (mine === seq.current) {
        setData(res);
        setState("success");
      }
    } catch {
      if (mine === seq.current) setState("error");
    }
  }, [endpoint]);

  useEffect(() => {
    const skip = first.current && rendered;
    first.current = false;
    if (!skip) load(query);
    const params = new URLSearchParams(start.urlExtra);
    for (const [k, v] of Object.entries(query)) {
      if (v !== "" && v !== undefined && v !== defaults[k]) params.set(k, v);
    }
    replaceUrl(`${window.location.pathname}${params.size ? `?${params}` : ""}`);
  }, [query, load]);

  /** Changing anything but the page goes back to page 1. */
  const setQuery = (patch: Record<string, string>) =>
    setQueryState((q) => ({ ...q, ...patch, page: "page" in patch ? patch.page : "1" }));

  /** Replaces rows by id with fresh copies (a row keeps its place even if it no longer matches a filter). */
  const replaceRows = (fresh: T[]) => {
    const byId = new Map(fresh.map((r) => [r.id, r]));
    setData((d) => ({ ...d, results: d.results.map((r) => byId.get(r.id) ?? r) }));
  };

  /** A row created here goes on top (02: "a new budget is put at the top of the list"). */
  const prepend = (row: T) => setData((d) => ({ count: d.count + 1, results: [row, ...d.results] }));
  const remove = (id: number) =>
    setData((d) => ({ count: Math.max(0, d.count - 1), results: d.results.filter((r) => r.id !== id) }));

  /** The Pager's props: page numbers from the query, and changes written back to it. */
  const paging: PagerProps = {
    page: Number(query.page) || 1,
    pageSize: Number(query.page_size) || 10,
    count: data.count,
    onPage: (p) => setQuery({ page: String(p) }),
    onPageSize: (s) => setQuery({ page_size: String(s) }),
  };

  return {
    query,
    setQuery,
    data,
    setData,
    state,
    paging,
    replaceRows,
    prepend,
    remove,
    reload: () => load(query),
  };
}
