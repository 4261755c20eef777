// DateInput's calendar: one month as a grid of days, weeks from Sunday like the delivery week. Arrow keys
// move a day or a week, Page Up / Page Down a month, Home / End the week's ends, Enter or Space picks,
// Escape closes (the dialog around it stays open). It sits in the browser's top layer (a popover), so a
// modal's scroll box does not clip it.
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { addDays, dayOfWeek, type IsoDate, isoDate } from "../../lib/dates/calendar.ts";
import { formatDate, MONTH_LABELS, WEEKDAY_ABBREVS } from "../../lib/dates/format.ts";
import Icon from "./Icon.tsx";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The 6 x 7 days shown for the month of `day`, from the Sunday on or before its first. */
export function monthGrid(day: IsoDate): IsoDate[] {
  const first = `${day.slice(0, 7)}-01`;
  const start = addDays(first, -dayOfWeek(first));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The same day of the month `delta` months away, clamped to that month's last day (31 Jan + 1 = 28/29 Feb). */
export function shiftMonth(day: IsoDate, delta: number): IsoDate {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + delta;
  const year = Math.floor(total / 12);
  const month = total % 12 + 1;
  for (let d = Number(day.slice(8, 10)); d >= 28; d--) {
    try {
      return isoDate(year, month, d);
    } catch { /* past the month's end: one day earlier */ }
  }
  return isoDate(year, month, Number(day.slice(8, 10)));
}

function today(): IsoDate {
  const n = new Date();
  return isoDate(n.getFullYear(), n.getMonth() + 1, n.getDate());
}

export default function DatePicker({ anchor, value, min, max, onPick, onClose }: {
  anchor: HTMLElement | null;
  value: IsoDate | null;
  min?: IsoDate;
  max?: IsoDate;
  onPick: (iso: IsoDate) => void;
  onClose: () => void;
}) {
  const [focus, setFocus] = useState<IsoDate>(() => value ?? today());
  const panel = useRef<HTMLDivElement>(null);
  const off = (d: IsoDate) => (min !== undefined && d < min) || (max !== undefined && d > max);

  // Into the top layer, under the field (above it when there is no room below).
  useLayoutEffect(() => {
    const el = panel.current as (HTMLDivElement & { showPopover?: () => void }) | null;
    if (!el) return;
    el.showPopover?.();
    const r = anchor?.getBoundingClientRect();
    if (r) {
      const below = r.bottom + 4 + el.offsetHeight <= innerHeight;
      el.style.top = `${below ? r.bottom + 4 : Math.max(4, r.top - 4 - el.offsetHeight)}px`;
      el.style.left = `${Math.max(4, Math.min(r.left, innerWidth - el.offsetWidth - 4))}px`;
    }
  }, []);
  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus]);
  useEffect(() => {
    const away = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !anchor?.contains(t)) onClose();
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [anchor]);

  function keys(e: KeyboardEvent) {
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => shiftMonth(focus, -1),
      PageDown: () => shiftMonth(focus, 1),
      Home: () => addDays(focus, -dayOfWeek(focus)),
      End: () => addDays(focus, 6 - dayOfWeek(focus)),
    };
    if (e.key === "Escape") {
      // Only the calendar closes: not the dialog or drawer the field is in.
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (moves[e.key]) {
      e.preventDefault();
      setFocus(moves[e.key]());
    }
  }

  const grid = monthGrid(focus);
  const month = focus.slice(0, 7);
  const now = today();
  return (
    <div
      ref={panel}
      popover="manual"
      role="dialog"
      aria-modal="false"
      aria-label="Choose a date"
      className="fixed m-0 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xl"
      data-testid="date-picker"
      onKeyDown={keys}
    >
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          aria-label="Previous month"
          onClick={() => setFocus(shiftMonth(focus, -1))}
        >
          <Icon name="chevronLeft" className="h-4 w-4" />
        </button>
        <span className="font-semibold text-slate-900" aria-live="polite" data-testid="date-picker-month">
          {MONTHS[Number(focus.slice(5, 7)) - 1]} {focus.slice(0, 4)}
        </span>
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          aria-label="Next month"
          onClick={() => setFocus(shiftMonth(focus, 1))}
        >
          <Icon name="chevronRight" className="h-4 w-4" />
        </button>
      </div>
      <table role="grid" className="w-full table-fixed border-collapse text-center">
        <thead>
          <tr>
            {WEEKDAY_ABBREVS.map((d) => (
              <th key={d} scope="col" abbr={d} className="pb-1 text-xs font-medium text-slate-600">
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[0, 1, 2, 3, 4, 5].map((w) => (
            <tr key={w}>
              {grid.slice(w * 7, w * 7 + 7).map((d) => {
                const chosen = d === value;
                const outside = d.slice(0, 7) !== month;
                return (
                  <td key={d} className="p-0.5" aria-selected={chosen}>
                    <button
                      type="button"
                      data-day={d}
                      tabIndex={d === focus ? 0 : -1}
                      disabled={off(d)}
                      aria-current={d === now ? "date" : undefined}
                      aria-label={`${WEEKDAY_ABBREVS[dayOfWeek(d)]} ${Number(d.slice(8, 10))} ${
                        MONTH_LABELS[Number(d.slice(5, 7)) - 1]
                      } ${d.slice(0, 4)}`}
                      title={formatDate(d)}
                      className={`h-8 w-full rounded tabular-nums disabled:cursor-not-allowed disabled:text-slate-300 ${
                        chosen
                          ? "bg-brand-600 font-semibold text-white"
                          : `${outside ? "text-slate-500" : "text-slate-800"} hover:bg-brand-50 ${
                            d === now ? "font-semibold ring-1 ring-brand-500" : ""
                          }`
                      }`}
                      onFocus={() => d !== focus && setFocus(d)}
                      onClick={() => onPick(d)}
                    >
                      {Number(d.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-between border-t border-slate-100 pt-2">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline disabled:text-slate-400"
          disabled={off(now)}
          onClick={() => onPick(now)}
        >
          Today
        </button>
        <button type="button" className="text-sm text-slate-600 hover:underline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
