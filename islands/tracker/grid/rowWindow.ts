// The rows of the tracker grid in view, for rows of one height (tracker.css fixes a cell's height and
// truncates its text). It replaced TanStack Virtual, a fifth of the page's own script, of which the grid used
// only this arithmetic (issue 15, the page's JavaScript; docs/decisions.md "Issue 15, session 10").
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";

export interface WindowInput {
  count: number;
  /** The scroll area's scrollTop and clientHeight. */
  scrollTop: number;
  viewport: number;
  rowHeight: number;
  /** Rows rendered beyond each edge of the view, so a short scroll shows no blank. */
  overscan: number;
  /** The sticky header's height: it sits above the rows in the same scroll area. */
  head: number;
}

export interface RowWindow {
  /** The first row rendered and the one after the last. */
  start: number;
  end: number;
  /** The heights of the rows not rendered, above and below. */
  before: number;
  after: number;
}

export function rowWindow({ count, scrollTop, viewport, rowHeight, overscan, head }: WindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const first = Math.min(count - 1, Math.floor(Math.max(0, scrollTop) / rowHeight));
  const last = Math.max(first + 1, Math.ceil((Math.max(0, scrollTop) + viewport - head) / rowHeight));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/** The scrollTop that brings row `index` wholly into view by the least move, or null when it is in view. */
export function revealTop(
  index: number,
  { scrollTop, viewport, rowHeight, head }: Omit<WindowInput, "count" | "overscan">,
): number | null {
  const top = index * rowHeight; // below the header: the header covers scrollTop..scrollTop + head
  const bottom = head + (index + 1) * rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return null;
}

/**
 * The rows to render in `scroller`. Until the scroll area is measured (and on the server) the view is
 * `initialViewport` tall at the top, so the server's rows and the first client render agree. `rowHeight` is
 * what the CSS sets; a rendered row (`tr[data-index]`) is measured once per height in case the page differs.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  cssRowHeight: number,
  { overscan, head, initialViewport }: { overscan: number; head: number; initialViewport: number },
) {
  const [view, setView] = useState({ scrollTop: 0, viewport: initialViewport, measured: false });
  const [real, setReal] = useState({ css: cssRowHeight, px: cssRowHeight });
  const rowHeight = real.css === cssRowHeight ? real.px : cssRowHeight;
  const input = { count, rowHeight, overscan, head };
  // No overscan until the scroll area is measured (so none on the server): rows below the first screen
  // cost the page's server render and are in nobody's view yet; the first measurement adds them.
  const win = rowWindow({ ...input, ...view, overscan: view.measured ? overscan : 0 });
  // Read in the scroll handler: a scroll re-renders only when it changes which rows are rendered.
  const latest = useRef({ input, win });
  latest.current = { input, win };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const row = el.querySelector("tr[data-index]");
    const px = row ? row.getBoundingClientRect().height : 0;
    if (px > 0 && Math.abs(px - rowHeight) > 0.5) setReal({ css: cssRowHeight, px });
    const read = () => {
      const next = { scrollTop: el.scrollTop, viewport: el.clientHeight, measured: true };
      const w = rowWindow({ ...latest.current.input, ...next });
      const cur = latest.current.win;
      if (w.start !== cur.start || w.end !== cur.end) setView(next);
    };
    read();
    el.addEventListener("scroll", read, { passive: true });
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => {
      el.removeEventListener("scroll", read);
      resize.disconnect();
    };
  }, [scroller, count, cssRowHeight, rowHeight]);
  const reveal = useCallback((index: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = revealTop(index, { scrollTop: el.scrollTop, viewport: el.clientHeight, rowHeight, head });
    if (top !== null) el.scrollTop = top;
  }, [scroller, rowHeight, head]);
  return { ...win, rowHeight, reveal };
}
