// The period switch of the dashboard (01 "Dashboard"): Annual, Monthly, Weekly, Daily, then the matching
// stepper (year, month or week arrows; for days a date field with arrows and the week number). The next
// arrow is disabled when the next period would lie in the future. Rules: lib/dashboard/calc-period.ts.
import type { PeriodType } from "../../lib/dates/periods.ts";
import { canStepPick, type PeriodPick, pickLabel, stepPick } from "../../lib/dashboard/calc-period.ts";
import DateInput from "../ui/DateInput.tsx";
import Icon from "../ui/Icon.tsx";

export const PERIOD_BUTTONS: [PeriodType, string][] = [
  ["annual", "Annual"],
  ["month", "Monthly"],
  ["week", "Weekly"],
  ["day", "Daily"],
];

export default function PeriodBar({
  pick,
  today,
  defaultDate,
  onChange,
  types = PERIOD_BUTTONS,
  disabled,
  canStep = canStepPick,
  step = stepPick,
}: {
  pick: PeriodPick;
  today: string;
  /** Where a type switch goes back to (yesterday). */
  defaultDate: string;
  onChange: (p: PeriodPick) => void;
  types?: [PeriodType, string][];
  disabled?: boolean;
  /** Another screen's stepping rule (Falcon's weekly view steps into the later weeks of the year). */
  canStep?: (p: PeriodPick, today: string) => boolean;
  step?: (p: PeriodPick, step: 1 | -1, today: string) => PeriodPick;
}) {
  const nextOff = !canStep(pick, today);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="period-bar">
      <div
        className="inline-flex overflow-hidden rounded-md border border-slate-300"
        role="group"
        aria-label="Period type"
      >
        {types.map(([type, label]) => (
          <button
            key={type}
            type="button"
            aria-pressed={pick.type === type}
            className={`px-3 py-1.5 text-sm font-medium ${
              pick.type === type ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"
            }`}
            onClick={() => pick.type !== type && onChange({ type, date: defaultDate })}
            data-testid={`period-${type}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="inline-flex items-center gap-1" role="group" aria-label="Period">
        <button
          type="button"
          className="btn-ghost px-2"
          aria-label="Previous period"
          disabled={disabled}
          onClick={() => onChange(step(pick, -1, today))}
          data-testid="period-prev"
        >
          <Icon name="chevronLeft" className="h-4 w-4" />
        </button>
        {pick.type === "day"
          ? (
            <span className="inline-flex items-center gap-2">
              <DateInput
                value={pick.date}
                max={today}
                ariaLabel="Day"
                onChange={(d) => d && onChange({ type: "day", date: d })}
                testId="period-date"
              />
              <span className="text-sm text-slate-600" data-testid="period-label">
                {pickLabel(pick).slice(11)}
              </span>
            </span>
          )
          : (
            <span
              className="min-w-[8.5rem] text-center text-base font-semibold text-slate-800 tabular-nums"
              aria-live="polite"
              data-testid="period-label"
            >
              {pickLabel(pick)}
            </span>
          )}
        <button
          type="button"
          className="btn-ghost px-2"
          aria-label="Next period"
          disabled={disabled || nextOff}
          title={nextOff ? "The next period lies in the future" : undefined}
          onClick={() => onChange(step(pick, 1, today))}
          data-testid="period-next"
        >
          <Icon name="chevronRight" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
