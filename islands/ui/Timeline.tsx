import { type ReactNode, useEffect, useState } from "react";
import { api } from "../client/api.ts";

/** One change in a row's history: what changed, when and by whom, and why if it was said. */
export interface TimelineEntry {
  id: number;
  title: ReactNode;
  meta: string;
  note?: string | null;
}

/** Rows fetched for a drawer: null while loading, "error" when they could not be loaded. */
export type Loaded<T> = T[] | null | "error";

/** A list endpoint's rows, fetched again whenever the url or `version` (say, the last change) changes. */
export function useRows<T>(url: string | null, version: unknown): Loaded<T> {
  const [rows, setRows] = useState<Loaded<T>>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    setRows(null);
    api<{ results: T[] }>(url, { quiet: true })
      .then((r) => live && setRows(r.results))
      .catch(() => live && setRows("error"));
    return () => {
      live = false;
    };
  }, [url, version]);
  return rows;
}

/** A status history, newest first, as a line of dots; `empty` says why there is nothing yet. */
export default function Timeline({ entries, empty, testId }: {
  entries: Loaded<TimelineEntry>;
  empty: string;
  testId: string;
}) {
  if (entries === null) return <p className="text-sm text-slate-500">Loading history…</p>;
  if (entries === "error") return <p className="text-sm text-red-700">The history could not be loaded.</p>;
  if (entries.length === 0) {
    return <p className="text-sm text-slate-500" data-testid="history-empty">{empty}</p>;
  }
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" data-testid={testId}>
      {entries.map((h) => (
        <li key={h.id} className="relative text-sm" data-testid="history-row">
          <span
            className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500"
            aria-hidden="true"
          />
          <div className="font-medium text-slate-800">{h.title}</div>
          <div className="text-xs text-slate-500">{h.meta}</div>
          {h.note ? <div className="mt-0.5 text-xs text-slate-700">“{h.note}”</div> : null}
        </li>
      ))}
    </ol>
  );
}
