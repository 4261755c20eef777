// A delivery-week input: the week as `YYYY-Www` between previous / next buttons (02 "Schedule": "week input
// (year-Wweek)"; reused by payroll's week periods). `week` is ZERO-BASED, as the spec's API stores it
// (`week` of api/schedule/get_reports); the label shows it +1. Stepping uses lib/dates/weeks.ts, so it
// wraps 52 -> 1 with the year (52 -> 53 -> 1 in a 53-week year). `max` (also zero-based) is the last week
// a screen may show: next is disabled there. `min` bounds previous the same way.
import { compareWeeks, nextWeek, prevWeek, type WeekRef } from "../../lib/dates/weeks.ts";
import Icon from "./Icon.tsx";

/** A week with a zero-based `week`, as the API and `WeekInput` props carry it. */
export interface StoredWeek {
  year: number;
  /** zero-based: 0 = week 1 */
  week: number;
}

export interface WeekInputProps extends StoredWeek {
  onChange: (year: number, week: number) => void;
  max?: StoredWeek;
  min?: StoredWeek;
  disabled?: boolean;
  /** Names the control for assistive technology and tests ('Week' by default). */
  label?: string;
}

const shownRef = ({ year, week }: StoredWeek): WeekRef => ({ year, week: week + 1 });

/** How a week reads on screen (issue 14): "week 5, 2026", the label shown +1 like every stored week. */
export function weekLabel(ref: StoredWeek): string {
  return `week ${ref.week + 1}, ${ref.year}`;
}

/** The week `delta` weeks away (zero-based in and out), across year ends. */
export function shiftWeek(ref: StoredWeek, delta: number): StoredWeek {
  let r = shownRef(ref);
  for (let i = 0; i < Math.abs(delta); i++) r = delta > 0 ? nextWeek(r) : prevWeek(r);
  return { year: r.year, week: r.week - 1 };
}

export default function WeekInput(
  { year, week, onChange, max, min, disabled = false, label = "Week" }: WeekInputProps,
) {
  const prev = shiftWeek({ year, week }, -1);
  const next = shiftWeek({ year, week }, 1);
  const prevOff = disabled || (min !== undefined && compareWeeks(prev, min) < 0);
  const nextOff = disabled || (max !== undefined && compareWeeks(next, max) > 0);
  return (
    <div className="inline-flex items-center gap-1" role="group" aria-label={label} data-testid="week-input">
      <button
        type="button"
        className="btn-ghost px-2"
        disabled={prevOff}
        title={prevOff ? (disabled ? "Wait for the week to load" : "No earlier week to show") : undefined}
        onClick={() =>
          onChange(prev.year, prev.week)}
        aria-label="Previous week"
        data-testid="week-prev"
      >
        <Icon name="chevronLeft" className="h-4 w-4" />
      </button>
      <span
        className="min-w-[8.5rem] text-center text-base font-semibold text-slate-800 tabular-nums"
        aria-live="polite"
        data-testid="week-label"
      >
        {weekLabel({ year, week })}
      </span>
      <button
        type="button"
        className="btn-ghost px-2"
        disabled={nextOff}
        title={nextOff ? (disabled ? "Wait for the week to load" : "No later week to show here") : undefined}
        onClick={() =>
          onChange(next.year, next.week)}
        aria-label="Next week"
        data-testid="week-next"
      >
        <Icon name="chevronRight" className="h-4 w-4" />
      </button>
    </div>
  );
}
