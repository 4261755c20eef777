// The editable table: sortable sticky headers, the rows (windowed: see useRowWindow), and a finished
// empty state.
import {
  type FocusEvent,
  type MutableRefObject,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import RecordRow from "./RecordRow.tsx";
import { COLUMNS } from "./columns.ts";
import { useRowWindow } from "./useRowWindow.ts";
import type { Rec, RowContext } from "./types.ts";

/** Stands in for `rows` rows outside the window (its height is set through the CSSOM: CSP allows no style attribute). */
function Gap({ rows, rowHeight, columns }: { rows: number; rowHeight: number; columns: number }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.height = `${rows * rowHeight}px`;
  });
  return (
    <tr ref={ref} className="tk-gap" aria-hidden="true">
      <td colSpan={columns} />
    </tr>
  );
}

const recordIdOf = (e: FocusEvent) =>
  Number((e.target as HTMLElement).closest("tr")?.getAttribute("data-record-id")) || null;

function Header({ label, field, ordering, onOrder, className }: {
  label: string;
  field: string;
  ordering: string;
  onOrder: (o: string) => void;
  className?: string;
}) {
  const active = ordering.replace(/^-/, "") === field;
  const desc = active && ordering.startsWith("-");
  return (
    <th className={className} aria-sort={active ? (desc ? "descending" : "ascending") : "none"}>
      <button type="button" onClick={() => onOrder(active && !desc ? `-${field}` : field)}>
        {label}
        <span className={`text-[10px] ${active ? "text-brand-600" : "text-slate-300"}`} aria-hidden="true">
          {active && desc ? "▼" : "▲"}
        </span>
      </button>
    </th>
  );
}

export default function TrackerTable(
  { rows, total, showDa2, ctx, ordering, onOrder, query, onAdd, canAdd, revealRef }: {
    rows: readonly Rec[];
    total: number;
    showDa2: boolean;
    ctx: RowContext;
    ordering: string;
    onOrder: (o: string) => void;
    query: string;
    onAdd: () => void;
    canAdd: boolean;
    /** Set here: scrolls a row into the window and view (after Add New Record). */
    revealRef: MutableRefObject<((id: number) => void) | null>;
  },
) {
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const pinned = focused === null ? -1 : rows.findIndex((r) => r.id === focused);
  const win = useRowWindow(ref, rows.length, pinned < 0 ? null : pinned);
  revealRef.current = (id) => {
    const i = rows.findIndex((r) => r.id === id);
    if (i >= 0) win.reveal(i);
  };
  // 'Table interactive': set once the rows are hydrated and their inputs answer (the browser benchmark waits for it).
  useEffect(() => {
    ref.current?.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    ref.current?.setAttribute("data-ready", "true");
  }, []);
  const columns = COLUMNS.filter((c) => showDa2 || !c.da2);
  return (
    <div ref={ref} className="tk-scroll" data-testid="tracker-table">
      <table className="tk-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            {columns.map((c) => (
              <Header
                key={c.key}
                label={c.label}
                field={c.key}
                ordering={ordering}
                onOrder={onOrder}
                className={c.className}
              />
            ))}
          </tr>
        </thead>
        <tbody
          onFocus={(e) => setFocused(recordIdOf(e))}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
          }}
        >
          {windowed(rows, win.indexes, win.rowHeight, columns.length, showDa2, ctx)}
        </tbody>
      </table>
      {rows.length === 0 ? <EmptyTable total={total} query={query} onAdd={canAdd ? onAdd : null} /> : null}
    </div>
  );
}

/** No row to show: a new shift (with Add New Record when it is open), or a search that matches nothing. */
function EmptyTable({ total, query, onAdd }: { total: number; query: string; onAdd: (() => void) | null }) {
  return (
    <div
      className="sticky left-0 flex w-full max-w-[calc(100vw-4rem)] flex-col items-center gap-3 px-6 py-12 text-center"
      data-testid="tracker-empty"
    >
      {total === 0
        ? (
          <>
            <p className="font-medium text-slate-700">This shift has no rows yet.</p>
            <p className="text-sm text-slate-500">
              Add a row for each DA, or upload the day's routes file.
            </p>
            {onAdd
              ? <button type="button" className="btn-primary" onClick={onAdd}>Add New Record</button>
              : null}
          </>
        )
        : <p className="text-slate-600">No row matches “{query.trim()}”.</p>}
    </div>
  );
}

/** The rendered rows with a gap for each run of rows outside the window. */
function windowed(
  rows: readonly Rec[],
  indexes: number[],
  rowHeight: number,
  columns: number,
  showDa2: boolean,
  ctx: RowContext,
) {
  const out: ReactNode[] = [];
  let next = 0;
  for (const i of indexes) {
    if (i > next) {
      out.push(<Gap key={`gap-${next}`} rows={i - next} rowHeight={rowHeight} columns={columns} />);
    }
    const r = rows[i];
    out.push(<RecordRow key={r.id} rec={r} index={i + 1} showDa2={showDa2} ctx={ctx} />);
    next = i + 1;
  }
  if (next < rows.length) {
    out.push(<Gap key={`gap-${next}`} rows={rows.length - next} rowHeight={rowHeight} columns={columns} />);
  }
  return out;
}
