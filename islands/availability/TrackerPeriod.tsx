// The tracker's header controls (02 "Tracker"): station picker and period (a year, optionally a month or a
// week of it). Weeks are shown 1-based and sent zero-based.
import type { StationDto } from "../../lib/stations/dto.ts";
import { weeksInYear } from "../../lib/dates/weeks.ts";
import { MONTH_NAMES } from "../ui/MonthStepper.tsx";

export interface TrackerQueryState {
  station: number;
  year: number;
  /** 1-12 or null */
  month: number | null;
  /** zero-based or null */
  week: number | null;
}

const YEARS_BACK = 5;

export default function TrackerPeriod({ stations, value, thisYear, onChange }: {
  stations: StationDto[];
  value: TrackerQueryState;
  thisYear: number;
  onChange: (v: TrackerQueryState) => void;
}) {
  const mode = value.week !== null ? "week" : value.month !== null ? "month" : "year";
  const years = Array.from({ length: YEARS_BACK + 2 }, (_, i) => thisYear + 1 - i);
  const setMode = (m: string) =>
    onChange({ ...value, month: m === "month" ? 1 : null, week: m === "week" ? 0 : null });
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="tracker-period">
      <label className="flex flex-col">
        <span className="field-label">Station</span>
        <select
          className="field-input w-auto"
          value={value.station}
          onChange={(e) => onChange({ ...value, station: Number(e.target.value) })}
          data-testid="tracker-station"
        >
          {stations.map((s) => <option key={s.id} value={s.id}>{s.tag} · {s.title}</option>)}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="field-label">Year</span>
        <select
          className="field-input w-auto"
          value={value.year}
          onChange={(e) => {
            const year = Number(e.target.value);
            const week = value.week !== null ? Math.min(value.week, weeksInYear(year) - 1) : null;
            onChange({ ...value, year, week });
          }}
          data-testid="tracker-year"
        >
          {years.map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="field-label">Period</span>
        <select
          className="field-input w-auto"
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          data-testid="tracker-mode"
        >
          <option value="year">Whole year</option>
          <option value="month">Month</option>
          <option value="week">Week</option>
        </select>
      </label>
      {mode === "month"
        ? (
          <label className="flex flex-col">
            <span className="field-label">Month</span>
            <select
              className="field-input w-auto"
              value={value.month ?? 1}
              onChange={(e) => onChange({ ...value, month: Number(e.target.value) })}
              data-testid="tracker-month"
            >
              {MONTH_NAMES.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
            </select>
          </label>
        )
        : null}
      {mode === "week"
        ? (
          <label className="flex flex-col">
            <span className="field-label">Week</span>
            <select
              className="field-input w-auto"
              value={value.week ?? 0}
              onChange={(e) => onChange({ ...value, week: Number(e.target.value) })}
              data-testid="tracker-week"
            >
              {Array.from(
                { length: weeksInYear(value.year) },
                (_, i) => <option key={i} value={i}>Week {i + 1}</option>,
              )}
            </select>
          </label>
        )
        : null}
    </div>
  );
}
