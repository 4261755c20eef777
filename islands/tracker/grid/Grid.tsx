// The shift tracker as a data grid (issue 14): only the rows in view are rendered (rowWindow.ts). The columns
// shown, in their order, are the view's (calc-grid's visibleColumns), used as they are: TanStack Table did
// no more than that here and was a quarter of the page's script (docs/decisions.md, "Tracker JS budget").
// Cells are text; the active cell opens the one editor.
// The header is sticky and #, DA and fleet no. are frozen at the left, in the grid's one scroll area.
import { type MutableRefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { fillCounts, GRID_COLUMNS, type RequiredColumn } from "../../../lib/shifts/tracker/calc-grid.ts";
import type { Rec, RowContext } from "../types.ts";
import type { Move } from "./CellEditor.tsx";
import GridRow, { FROZEN } from "./GridRow.tsx";
import { CELL_DEFS } from "./cellDefs.ts";
import { useRowWindow } from "./rowWindow.ts";
import { editorChunk, useGridNav } from "./useGridNav.ts";

/** Starts the chunk of what a first edit needs (a pointer or focus in the grid), so it does not wait. */
export function preloadEditing() {
  editorChunk.preload();
}

const LABELS = Object.fromEntries(GRID_COLUMNS.map((c) => [c.id, c.label]));
const TITLES = Object.fromEntries(GRID_COLUMNS.map((c) => [c.id, c.title]));
const ROW_HEIGHT = { normal: 40, compact: 30 } as const;
const HEAD_HEIGHT = 44;

/** Sets a height through the CSSOM (the CSP allows no style attribute). */
function Spacer({ height, columns }: { height: number; columns: number }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.height = `${height}px`;
  });
  return height > 0
    ? (
      <tr ref={ref} className="tk-gap" aria-hidden="true">
        <td colSpan={columns} />
      </tr>
    )
    : null;
}

export interface GridProps {
  rows: readonly Rec[];
  /** Every row of the report (the header counts are over all of them). */
  all: readonly Rec[];
  columns: string[];
  ctx: RowContext;
  density: "normal" | "compact";
  ordering: string;
  onOrder: (o: string) => void;
  revealRef: MutableRefObject<((id: number) => void) | null>;
}

export default function Grid({ rows, all, columns, ctx, density, ordering, onOrder, revealRef }: GridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => columns.filter((id) => id in CELL_DEFS), [columns]);
  const rowHeight = ROW_HEIGHT[density];
  // What the server renders (it has no viewport) and the first client render repeats: a laptop's first
  // screenful of rows. The grid measures its real height as it hydrates and fills the rest; every row
  // rendered here costs the page's server render (issue 15: p95 <= 50 ms with 50 viewers).
  const win = useRowWindow(scroller, rows.length, rowHeight, {
    overscan: 6,
    head: HEAD_HEIGHT,
    initialViewport: 440,
  });
  const nav = useGridNav(rows, shown, ctx, LABELS);
  revealRef.current = (id) => {
    const i = rows.findIndex((r) => r.id === id);
    if (i < 0) return;
    nav.setActive({ row: i, col: shown.indexOf("driver") });
    scroller.current?.focus();
  };
  useKeepInView(scroller, nav.active, win.reveal);
  // Stable for the rows (memoised): they read the grid's latest state through the ref.
  const navRef = useRef(nav);
  navRef.current = nav;
  const onCellDown = useCallback((row: number, col: number) => {
    const n = navRef.current;
    scroller.current?.focus({ preventScroll: true });
    const p = { row, col };
    const isActive = n.active?.row === row && n.active.col === col;
    n.setActive(p);
    if (!n.editing || !isActive) n.edit(p, null);
  }, []);
  const onDone = useCallback((m: Move | null) => {
    navRef.current.onEditorDone(m);
    scroller.current?.focus({ preventScroll: true });
  }, []);
  // 'Table interactive': set once the grid is hydrated and answers (the benchmark and the tests wait for it).
  useEffect(() => {
    scroller.current?.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    scroller.current?.setAttribute("data-ready", "true");
  }, []);
  const counts = useMemo(() => fillCounts(all), [all]);
  const activeId = nav.active ? `tk-c-${nav.active.row}-${nav.active.col}` : undefined;

  return (
    <div
      ref={scroller}
      className={`tk-scroll ${density === "compact" ? "tk-compact" : ""}`}
      data-testid="tracker-table"
      data-density={density}
      role="grid"
      aria-label="Shift rows"
      aria-rowcount={rows.length + 1}
      aria-colcount={shown.length}
      aria-activedescendant={nav.editing ? undefined : activeId}
      tabIndex={0}
      onKeyDown={nav.onKeyDown}
      onCopy={nav.onCopy}
      onPaste={nav.onPaste}
      onFocus={(e) => {
        if (e.target === e.currentTarget && !nav.active && rows.length) nav.setActive({ row: 0, col: 1 });
      }}
    >
      <table className="tk-table" role="presentation">
        <thead>
          <tr role="row">
            {shown.map((id) => (
              <th
                key={id}
                role="columnheader"
                className={`${FROZEN[id] ?? ""} ${CELL_DEFS[id].width}`}
                title={TITLES[id]}
                aria-sort={ordering.replace(/^-/, "") === id
                  ? (ordering.startsWith("-") ? "descending" : "ascending")
                  : "none"}
                data-col={id}
              >
                <SortButton id={id} ordering={ordering} onOrder={onOrder} />
                {id in counts ? <Count id={id as RequiredColumn} counts={counts} /> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Spacer height={win.before} columns={shown.length} />
          {rows.slice(win.start, win.end).map((rec, k) => {
            const index = win.start + k;
            const here = nav.active?.row === index;
            return (
              <GridRow
                key={rec.id}
                rec={rec}
                columns={shown}
                rows={rows}
                index={index}
                activeCol={here ? nav.active!.col : -1}
                editing={here ? nav.editing : null}
                marks={nav.marks}
                ctx={ctx}
                onCellDown={onCellDown}
                onDone={onDone}
              />
            );
          })}
          <Spacer height={win.after} columns={shown.length} />
        </tbody>
      </table>
    </div>
  );
}

function SortButton(
  { id, ordering, onOrder }: { id: string; ordering: string; onOrder: (o: string) => void },
) {
  const active = ordering.replace(/^-/, "") === id;
  const desc = active && ordering.startsWith("-");
  return (
    <button type="button" tabIndex={-1} onClick={() => onOrder(active && !desc ? `-${id}` : id)}>
      {LABELS[id]}
      <span className={`text-[10px] ${active ? "text-brand-600" : "text-slate-300"}`} aria-hidden="true">
        {active && desc ? "▼" : "▲"}
      </span>
    </button>
  );
}

function Count({ id, counts }: { id: RequiredColumn; counts: ReturnType<typeof fillCounts> }) {
  const c = counts[id];
  return (
    <span
      className={`tk-count ${c.empty ? "text-amber-700" : "text-emerald-700"}`}
      data-testid={`count-${id}`}
      title={`${c.filled} filled, ${c.empty} empty (rows that gave their van back are not counted)`}
    >
      {c.filled} of {c.filled + c.empty} filled
    </span>
  );
}

/** The active cell stays in view: its row by the least scroll, its column past the frozen ones. */
function useKeepInView(
  scroller: MutableRefObject<HTMLDivElement | null>,
  active: { row: number; col: number } | null,
  reveal: (row: number) => void,
) {
  useEffect(() => {
    const el = scroller.current;
    if (!active || !el) return;
    reveal(active.row);
    requestAnimationFrame(() => {
      const cell = el.querySelector<HTMLElement>(`#tk-c-${active.row}-${active.col}`);
      if (
        !cell || cell.classList.contains("tk-f1") || cell.classList.contains("tk-f2") ||
        cell.classList.contains("tk-f3")
      ) return;
      const frozen = [...el.querySelectorAll<HTMLElement>("thead .tk-f1, thead .tk-f2, thead .tk-f3")]
        .reduce((w, th) => w + th.offsetWidth, 0);
      const left = cell.offsetLeft;
      const right = left + cell.offsetWidth;
      if (left - frozen < el.scrollLeft) el.scrollLeft = left - frozen;
      else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
    });
  }, [active?.row, active?.col]);
}
