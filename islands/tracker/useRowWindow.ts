// Row windowing for the tracker table: only the rows in (and near) the scroll box are in the page. A row
// holds some 30 form controls, and a 150-row report fully in the page costs the browser most of a second
// of style and layout on every big change; a window of ~30 rows keeps that near-constant. The row holding
// the focus stays in the page wherever it scrolls, so typing is never lost.
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Rows rendered with the page (the table shows about 10 at 1366 x 900; the window grows once measured). */
export const FIRST_WINDOW = 12;
/** Rows kept above and below the visible ones. */
export const OVERSCAN = 6;
const ROW_ESTIMATE = 41;

export interface RowWindow {
  /** Indexes to render, ascending (the window, plus the focused row). */
  indexes: number[];
  /** Height in px of one row, for the gaps. */
  rowHeight: number;
}

/** The indexes to render: [start, end) plus `pinned` if it lies outside. Pure, for the tests. */
export function windowIndexes(start: number, end: number, count: number, pinned: number | null): number[] {
  const out: number[] = [];
  const last = Math.min(end, count);
  if (pinned !== null && pinned >= 0 && pinned < start && pinned < count) out.push(pinned);
  for (let i = Math.max(0, start); i < last; i++) out.push(i);
  if (pinned !== null && pinned >= last && pinned < count) out.push(pinned);
  return out;
}

/** The window for a scroll position: rows overlapping the visible part, plus the overscan. Pure. */
export function windowRange(
  scrollTop: number,
  viewHeight: number,
  headerHeight: number,
  rowHeight: number,
  count: number,
) {
  const top = Math.max(0, scrollTop - headerHeight);
  const start = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((top + viewHeight) / rowHeight) + OVERSCAN);
  return { start, end: Math.max(end, Math.min(count, start + 1)) };
}

export function useRowWindow(
  box: RefObject<HTMLDivElement | null>,
  count: number,
  pinned: number | null,
): RowWindow & {
  reveal(index: number): void;
} {
  const [range, setRange] = useState({ start: 0, end: FIRST_WINDOW });
  const rowHeight = useRef(ROW_ESTIMATE);
  const headerHeight = useRef(0);

  const update = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = windowRange(el.scrollTop, el.clientHeight, headerHeight.current, rowHeight.current, count);
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, [box, count]);

  // Measured once the first rows are in the page (inputs make every row the same height).
  useLayoutEffect(() => {
    const el = box.current;
    const row = el?.querySelector<HTMLElement>("tbody tr[data-record-id]");
    if (row?.offsetHeight) rowHeight.current = row.offsetHeight;
    headerHeight.current = el?.querySelector("thead")?.getBoundingClientRect().height ?? 0;
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      }
    };
    update();
    el.addEventListener("scroll", onScroll, { passive: true });
    globalThis.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      globalThis.removeEventListener("resize", onScroll);
    };
  }, [box, update]);

  const reveal = useCallback((index: number) => {
    const el = box.current;
    if (!el) return;
    const top = headerHeight.current + index * rowHeight.current;
    if (
      top < el.scrollTop + headerHeight.current || top + rowHeight.current > el.scrollTop + el.clientHeight
    ) {
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
    }
    update();
  }, [box, update]);

  return {
    indexes: windowIndexes(range.start, range.end, count, pinned),
    rowHeight: rowHeight.current,
    reveal,
  };
}
