// The tracker's toolbar (02 "Shift tracker page"): Back to shift reports, Add New Record, Download PDF, Upload
// Report, Add/Hide DA 2, Notify with the unpublished count, and the search box debounced by 1000 ms.
import { useEffect, useRef, useState } from "react";

export const SEARCH_DEBOUNCE_MS = 1000;

const ICONS = {
  back: "M15 18l-6-6 6-6",
  plus: "M12 5v14M5 12h14",
  pdf: "M14 2H6a2 2 0 00-2 2v16a2 2 0 002 2h12a2 2 0 002-2V8zM14 2v6h6M12 18v-6M9 15l3 3 3-3",
  upload: "M21 15v4a2 2 0 01-2 2H5a2 2 0 01-2-2v-4M17 8l-5-5-5 5M12 3v12",
  users: "M17 21v-2a4 4 0 00-4-4H5a4 4 0 00-4 4v2M9 11a4 4 0 100-8 4 4 0 000 8zM23 21v-2a4 4 0 00-3-3.87",
  send: "M22 2L11 13M22 2l-7 20-4-9-9-4z",
  search: "M11 19a8 8 0 100-16 8 8 0 000 16zM21 21l-4.35-4.35",
};

function Svg({ d }: { d: string }) {
  return (
    <svg
      className="h-4 w-4"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

/** The search box: the query is applied 1000 ms after the last key (02 section 9). */
export function SearchBox({ onSearch, onIntent }: {
  onSearch: (q: string) => void;
  /** A hover or focus: the search's code can start loading. */
  onIntent?: () => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <label className="relative block w-full sm:w-72">
      <span className="sr-only">Search rows</span>
      <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-slate-400">
        <Svg d={ICONS.search} />
      </span>
      <input
        type="search"
        className="field-input py-1.5 pl-8"
        placeholder="Search rows"
        data-testid="tracker-search"
        aria-busy={waiting}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onInput={(e) => {
          const v = e.currentTarget.value;
          clearTimeout(timer.current);
          setWaiting(true);
          timer.current = setTimeout(() => {
            setWaiting(false);
            onSearch(v);
          }, SEARCH_DEBOUNCE_MS);
        }}
      />
    </label>
  );
}

export default function Toolbar(
  { closed, showDa2, unpublished, busy, onAdd, onPdf, onUpload, onToggleDa2, onNotify, onIntent }: {
    closed: boolean;
    showDa2: boolean;
    unpublished: number;
    busy: { add: boolean; da2: boolean };
    onAdd: () => void;
    onPdf: () => void;
    onUpload: () => void;
    onToggleDa2: () => void;
    onNotify: () => void;
    /** A hover or focus on the toolbar: its dialogs' code can start loading. */
    onIntent?: () => void;
  },
) {
  const closedNote = closed
    ? "This shift is more than 2 days old: only users with access to old shifts can change it."
    : undefined;
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      data-testid="tracker-toolbar"
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <a href="/das-reports" className="btn-secondary">
        <Svg d={ICONS.back} />Back to shift reports
      </a>
      <button
        type="button"
        className="btn-primary"
        disabled={closed || busy.add}
        title={closedNote}
        onClick={onAdd}
      >
        <Svg d={ICONS.plus} />Add New Record
      </button>
      <button type="button" className="btn-secondary" onClick={onPdf}>
        <Svg d={ICONS.pdf} />Download PDF
      </button>
      <button type="button" className="btn-secondary" disabled={closed} title={closedNote} onClick={onUpload}>
        <Svg d={ICONS.upload} />Upload Report
      </button>
      <button
        type="button"
        className="btn-secondary"
        disabled={closed || busy.da2}
        title={closedNote}
        onClick={onToggleDa2}
      >
        <Svg d={ICONS.users} />
        {showDa2 ? "Hide DA 2" : "Add DA 2"}
      </button>
      <NotifyButton
        disabled={closed || unpublished === 0}
        title={closedNote}
        unpublished={unpublished}
        onNotify={onNotify}
      />
    </div>
  );
}

/** Notify, with the count of statuses not published yet (its title says why it is off). */
function NotifyButton(
  { disabled, title, unpublished, onNotify }: {
    disabled: boolean;
    title: string | undefined;
    unpublished: number;
    onNotify: () => void;
  },
) {
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={disabled}
      data-testid="notify"
      title={title ??
        (unpublished === 0 ? "Every status is published" : `${unpublished} statuses not published yet`)}
      onClick={onNotify}
    >
      <Svg d={ICONS.send} />Notify
      <span
        className={`rounded-full px-2 text-xs font-semibold ${
          unpublished ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-500"
        }`}
        data-testid="unpublished-count"
      >
        {unpublished}
      </span>
    </button>
  );
}
