import type { ReactNode } from "react";
import type { ListState } from "../client/useList.ts";
import Icon from "./Icon.tsx";
import Pager, { type PagerProps } from "./Pager.tsx";
import SortHeader from "./SortHeader.tsx";

/** One column, declared as data: its header, its ordering field and how a row's cell looks. */
export interface Column<T> {
  /** The header text, also the column's key. */
  header: string;
  /** The ordering field (DRF `ordering`): the header becomes a sort button. */
  sort?: string;
  cell: (row: T) => ReactNode;
  /** Classes of the header and the cells (width, hiding below a breakpoint). */
  className?: string;
  /** Classes of the cells only. */
  cellClassName?: string;
}

/** Tick boxes per row and for the page; ticks are row ids. */
export interface Selection<T> {
  selected: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
  /** Why this viewer may not tick the row (its box is disabled with this as its title), or null. */
  refusal?: (row: T) => string | null;
  /** The row box's aria label ("Tick Jane Doe"). */
  label: (row: T) => string;
  /** The header box's aria label ("Tick all DAs on this page"). */
  allLabel: string;
}

export interface DataTableProps<T extends { id: number }> {
  /**
   * Names the test ids: `<testId>-table`, `-row` (with `data-<testId>-id`), `-tick`, `-tick-all`, `-cards`,
   * `-card` and `-empty`.
   */
  testId: string;
  columns: Column<T>[];
  rows: T[];
  state: ListState;
  ordering?: string;
  onOrder?: (ordering: string) => void;
  selection?: Selection<T>;
  rowClassName?: (row: T) => string;
  /** The row's buttons, in a last, right-aligned column. */
  actions?: (row: T) => ReactNode;
  /** Below 768 px the rows show as cards drawn by this (the table needs the width). */
  card?: (row: T) => ReactNode;
  /** The card view has no headers: a select offers these [ordering, label] pairs. */
  cardOrderings?: [string, string][];
  empty: { title: string; hint?: string; icon?: string };
  /** The message when the list could not be loaded. */
  failed: string;
  onRetry?: () => void;
  paging?: PagerProps;
  /** Keeps the header in view: the table scrolls inside a box as tall as the window. */
  stickyHeader?: boolean;
}

/** A server-paged register: sortable headers, tick boxes, empty and loading states, cards on narrow screens. */
export default function DataTable<T extends { id: number }>(p: DataTableProps<T>) {
  const loading = p.state === "loading";
  const box = `${p.card ? "hidden md:block" : ""} ${
    p.stickyHeader ? "max-h-[calc(100dvh-9rem)] overflow-auto" : "overflow-x-auto"
  }`;
  const width = p.columns.length + (p.selection ? 1 : 0) + (p.actions ? 1 : 0);
  return (
    <>
      <div className={`transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <div className={box}>
          <table className="data-table" data-testid={`${p.testId}-table`}>
            <thead>
              <tr>
                {p.selection
                  ? (
                    <th className="w-8">
                      <TickAll p={p} s={p.selection} testId={`${p.testId}-tick-all`} />
                    </th>
                  )
                  : null}
                {p.columns.map((c) => <Header key={c.header} c={c} p={p} />)}
                {p.actions
                  ? (
                    <th className="text-right">
                      <span className="sr-only">Actions</span>
                    </th>
                  )
                  : null}
              </tr>
            </thead>
            <tbody>
              {p.rows.length === 0
                ? (
                  <tr>
                    <td colSpan={width}>
                      <Empty p={p} />
                    </td>
                  </tr>
                )
                : p.rows.map((row) => <Row key={row.id} row={row} p={p} />)}
            </tbody>
          </table>
        </div>
        {p.card ? <Cards p={p} card={p.card} /> : null}
      </div>
      {p.paging
        ? (
          <div className="border-t border-slate-200">
            <Pager {...p.paging} />
          </div>
        )
        : null}
    </>
  );
}

function Header<T extends { id: number }>({ c, p }: { c: Column<T>; p: DataTableProps<T> }) {
  if (!c.sort || !p.onOrder) return <th className={c.className}>{c.header}</th>;
  return (
    <SortHeader
      field={c.sort}
      label={c.header}
      ordering={p.ordering ?? ""}
      onOrder={p.onOrder}
      className={c.className}
    />
  );
}

function Row<T extends { id: number }>({ row, p }: { row: T; p: DataTableProps<T> }) {
  const ticked = p.selection?.selected.has(row.id);
  const idAttribute = { [`data-${p.testId}-id`]: row.id };
  return (
    <tr
      data-testid={`${p.testId}-row`}
      {...idAttribute}
      className={ticked ? "bg-brand-50" : p.rowClassName?.(row) ?? ""}
    >
      {p.selection
        ? (
          <td>
            <Tick row={row} s={p.selection} testId={`${p.testId}-tick`} />
          </td>
        )
        : null}
      {p.columns.map((c) => (
        <td key={c.header} className={[c.className, c.cellClassName].filter(Boolean).join(" ") || undefined}>
          {c.cell(row)}
        </td>
      ))}
      {p.actions ? <td className="whitespace-nowrap text-right">{p.actions(row)}</td> : null}
    </tr>
  );
}

function Cards<T extends { id: number }>({ p, card }: { p: DataTableProps<T>; card: (row: T) => ReactNode }) {
  const s = p.selection;
  return (
    <ul className="divide-y divide-slate-100 md:hidden" data-testid={`${p.testId}-cards`}>
      {p.rows.length > 0 && (s || p.cardOrderings)
        ? (
          <li className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2 text-sm text-slate-600">
            {s
              ? (
                <label className="inline-flex items-center gap-3">
                  <TickAll p={p} s={s} />
                  Tick all on this page
                </label>
              )
              : <span />}
            {p.cardOrderings ? <CardOrdering p={p} orderings={p.cardOrderings} /> : null}
          </li>
        )
        : null}
      {p.rows.length === 0
        ? (
          <li>
            <Empty p={p} />
          </li>
        )
        : p.rows.map((row) => (
          <li
            key={row.id}
            className={`flex gap-3 px-4 py-3 ${s?.selected.has(row.id) ? "bg-brand-50" : ""}`}
            data-testid={`${p.testId}-card`}
          >
            {s
              ? (
                <div className="pt-0.5">
                  <Tick row={row} s={s} testId={`${p.testId}-tick`} />
                </div>
              )
              : null}
            <div className="min-w-0 flex-1 space-y-1 text-sm">{card(row)}</div>
          </li>
        ))}
    </ul>
  );
}

function CardOrdering<T extends { id: number }>(
  { p, orderings }: { p: DataTableProps<T>; orderings: [string, string][] },
) {
  const ordering = p.ordering ?? "";
  return (
    <label className="inline-flex items-center gap-2">
      Sort by
      <select
        className="rounded border border-slate-300 bg-white px-1.5 py-1"
        value={ordering}
        onChange={(e) => p.onOrder?.(e.target.value)}
        data-testid="card-ordering"
      >
        {orderings.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        {orderings.some(([v]) => v === ordering) ? null : <option value={ordering}>Column order</option>}
      </select>
    </label>
  );
}

function Tick<T extends { id: number }>({ row, s, testId }: { row: T; s: Selection<T>; testId: string }) {
  const why = s.refusal?.(row) ?? null;
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-600"
      aria-label={s.label(row)}
      checked={s.selected.has(row.id)}
      disabled={why !== null}
      title={why ?? undefined}
      data-testid={testId}
      onChange={(e) => s.onToggle([row.id], e.target.checked)}
    />
  );
}

/** Ticks or clears every row of the page this viewer may tick. */
function TickAll<T extends { id: number }>({ p, s, testId }: {
  p: DataTableProps<T>;
  s: Selection<T>;
  testId?: string;
}) {
  const ids = p.rows.filter((r) => (s.refusal?.(r) ?? null) === null).map((r) => r.id);
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-600"
      aria-label={testId ? s.allLabel : undefined}
      checked={ids.length > 0 && ids.every((id) => s.selected.has(id))}
      disabled={!ids.length}
      onChange={(e) => s.onToggle(ids, e.target.checked)}
      data-testid={testId}
    />
  );
}

function Empty<T extends { id: number }>({ p }: { p: DataTableProps<T> }) {
  const failed = p.state === "error";
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center" data-testid={`${p.testId}-empty`}>
      {p.empty.icon ? <Icon name={p.empty.icon} className="mb-3 h-10 w-10 text-slate-300" /> : null}
      <p className="font-medium text-slate-700">{failed ? p.failed : p.empty.title}</p>
      {failed
        ? p.onRetry
          ? <button type="button" className="btn-secondary mt-3" onClick={p.onRetry}>Try again</button>
          : null
        : p.empty.hint
        ? <p className="mt-1 text-sm text-slate-500">{p.empty.hint}</p>
        : null}
    </div>
  );
}
