// Payroll's filters (02 "Payroll"): user autocomplete, period toggle (Month / Week Range / Week), the
// period's own picker, station with 'All', Role (all or one schedule role) and Status (All, 1, 5).
import type { StationDto } from "../../lib/stations/dto.ts";
import type { PayrollUserDto } from "../../lib/payroll/dto.ts";
import { type PeriodKind, roleOptions } from "../../lib/payroll/calc.ts";
import { formatIsoWeek } from "../../lib/dates/weeks.ts";
import MonthStepper from "../ui/MonthStepper.tsx";
import WeekInput, { shiftWeek } from "../ui/WeekInput.tsx";
import type { FilterState, PeriodState } from "./period.ts";

const KINDS: [PeriodKind, string][] = [["month", "Month"], ["two_week", "Week Range"], ["week", "Week"]];
const STATUS_LABEL: Record<string, string> = { all: "All", 1: "Active", 5: "Off Boarded" };

function PeriodPicker({ period, onPeriod }: { period: PeriodState; onPeriod: (p: PeriodState) => void }) {
  if (period.kind === "week") {
    return (
      <WeekInput
        {...period.week}
        onChange={(year, week) => onPeriod({ ...period, week: { year, week } })}
      />
    );
  }
  if (period.kind === "month") {
    return (
      <MonthStepper
        {...period.month}
        onChange={(year, month) => onPeriod({ ...period, month: { year, month } })}
      />
    );
  }
  const second = shiftWeek(period.range, 1);
  return (
    <div className="inline-flex flex-wrap items-center gap-2" data-testid="payroll-range">
      <WeekInput
        {...period.range}
        label="First week"
        onChange={(year, week) => onPeriod({ ...period, range: { year, week } })}
      />
      <span className="text-sm text-slate-500">
        to {formatIsoWeek({ year: second.year, week: second.week + 1 })}
      </span>
    </div>
  );
}

export default function PayrollFilters(
  { period, onPeriod, filters, onFilters, users, stations, userText, onUserText }: {
    period: PeriodState;
    onPeriod: (p: PeriodState) => void;
    filters: FilterState;
    onFilters: (f: FilterState) => void;
    users: PayrollUserDto[];
    stations: StationDto[];
    userText: string;
    onUserText: (t: string) => void;
  },
) {
  const pickUser = (text: string) => {
    onUserText(text);
    const match = users.find((u) => u.username.toLowerCase() === text.trim().toLowerCase());
    onFilters({ ...filters, user: match?.id ?? null });
  };
  return (
    <div className="space-y-3 border-b border-slate-200 p-4" data-testid="payroll-filters">
      <div className="flex flex-wrap items-center gap-3">
        <div
          className="inline-flex rounded-md border border-slate-300 p-0.5"
          role="group"
          aria-label="Period type"
        >
          {KINDS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              aria-pressed={period.kind === k}
              className={`rounded px-3 py-1 text-sm ${
                period.kind === k ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
              onClick={() => onPeriod({ ...period, kind: k })}
              data-testid={`period-${k}`}
            >
              {label}
            </button>
          ))}
        </div>
        <PeriodPicker period={period} onPeriod={onPeriod} />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <label className="col-span-2 flex flex-col md:col-span-1">
          <span className="field-label">User</span>
          <input
            className="field-input"
            list="payroll-users"
            placeholder="Any user"
            value={userText}
            onChange={(e) => pickUser(e.target.value)}
            data-testid="payroll-user"
          />
          <datalist id="payroll-users">
            {users.map((u) => <option key={u.id} value={u.username} />)}
          </datalist>
        </label>
        <label className="flex flex-col">
          <span className="field-label">Station</span>
          <select
            className="field-input"
            value={String(filters.station)}
            onChange={(e) =>
              onFilters({ ...filters, station: e.target.value === "all" ? "all" : Number(e.target.value) })}
            data-testid="payroll-station"
          >
            <option value="all">All</option>
            {stations.map((s) => <option key={s.id} value={s.id}>{s.tag}</option>)}
          </select>
        </label>
        <label className="flex flex-col">
          <span className="field-label">Role</span>
          <select
            className="field-input"
            value={String(filters.role)}
            onChange={(e) =>
              onFilters({ ...filters, role: e.target.value === "all" ? "all" : Number(e.target.value) })}
            data-testid="payroll-role"
          >
            <option value="all">All roles</option>
            {roleOptions().map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          </select>
        </label>
        <label className="flex flex-col">
          <span className="field-label">Status</span>
          <select
            className="field-input"
            value={String(filters.status)}
            onChange={(e) =>
              onFilters({ ...filters, status: e.target.value === "all" ? "all" : Number(e.target.value) })}
            data-testid="payroll-status"
          >
            {["all", "1", "5"].map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
          </select>
        </label>
      </div>
    </div>
  );
}
