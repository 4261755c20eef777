// A month navigator: the month's full name and year between previous / next buttons (02 "Fleet reports",
// reused by payroll's month period). Months are 1-12, as people and the spec's API count them. `max` is
// the last month a screen may show (e.g. the current month): next is disabled there, and a value past it
// is never offered. `min` likewise bounds previous.
import Icon from "./Icon.tsx";

export interface MonthRef {
  year: number;
  /** 1-12 */
  month: number;
}

export interface MonthStepperProps extends MonthRef {
  onChange: (year: number, month: number) => void;
  max?: MonthRef;
  min?: MonthRef;
  disabled?: boolean;
  /** Names the control for assistive technology and tests ('Month' by default). */
  label?: string;
  /**
   * The URL of a month's page: previous / next become links, so the stepper works before (or without)
   * the page's script; once hydrated a click calls onChange instead of loading the page.
   */
  hrefOf?: (m: MonthRef) => string;
}

export const MONTH_NAMES = [
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
] as const;

/** The month `delta` months away (delta may be negative), across year ends. */
export function shiftMonth({ year, month }: MonthRef, delta: number): MonthRef {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when a is before b, 0 when equal. */
export function compareMonths(a: MonthRef, b: MonthRef): number {
  return (a.year * 12 + a.month) - (b.year * 12 + b.month);
}

export default function MonthStepper(
  { year, month, onChange, max, min, disabled = false, label = "Month", hrefOf }: MonthStepperProps,
) {
  const prev = shiftMonth({ year, month }, -1);
  const next = shiftMonth({ year, month }, 1);
  const prevOff = disabled || (min !== undefined && compareMonths(prev, min) < 0);
  const nextOff = disabled || (max !== undefined && compareMonths(next, max) > 0);
  const name = `${MONTH_NAMES[month - 1] ?? "?"} ${year}`;
  return (
    <div
      className="inline-flex items-center gap-1"
      role="group"
      aria-label={label}
      data-testid="month-stepper"
    >
      <Step
        to={prev}
        off={prevOff}
        onChange={onChange}
        hrefOf={hrefOf}
        label="Previous month"
        testId="month-prev"
        icon="chevronLeft"
      />
      <span
        className="min-w-[9.5rem] text-center text-base font-semibold text-slate-800 tabular-nums"
        aria-live="polite"
        data-testid="month-label"
      >
        {name}
      </span>
      <Step
        to={next}
        off={nextOff}
        onChange={onChange}
        hrefOf={hrefOf}
        label="Next month"
        testId="month-next"
        icon="chevronRight"
      />
    </div>
  );
}

/** One step: a link when the month has a URL and may be shown, else a button. */
function Step({ to, off, onChange, hrefOf, label, testId, icon }: {
  to: MonthRef;
  off: boolean;
  onChange: (year: number, month: number) => void;
  hrefOf?: (m: MonthRef) => string;
  label: string;
  testId: string;
  icon: string;
}) {
  const glyph = <Icon name={icon} className="h-4 w-4" />;
  if (hrefOf && !off) {
    return (
      <a
        href={hrefOf(to)}
        className="btn-ghost px-2"
        aria-label={label}
        data-testid={testId}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab keeps the link
          e.preventDefault();
          onChange(to.year, to.month);
        }}
      >
        {glyph}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="btn-ghost px-2"
      disabled={off}
      title={off ? `No ${testId.endsWith("prev") ? "earlier" : "later"} month to show here` : undefined}
      onClick={() => onChange(to.year, to.month)}
      aria-label={label}
      data-testid={testId}
    >
      {glyph}
    </button>
  );
}
