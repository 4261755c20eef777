// The schedule's header controls: station, week (year-Wweek), mode, the people filters and ordering, and
// the two sends. Weeks are zero-based in the query, as the API takes them.
import WeekInput from "../ui/WeekInput.tsx";
import { DA_STATUSES } from "../../lib/das/inputs.ts";

export type Mode = "manual" | "copy" | "delete";

export interface ScheduleQuery {
  station: number;
  year: number;
  /** zero-based */
  week: number;
  /** "" all, "5" drivers, "2" supervisors, "1" dispatchers */
  role: string;
  status: string;
  search: string;
  ordering: string;
}

const MODES: { id: Mode; label: string }[] = [
  { id: "manual", label: "Manual" },
  { id: "copy", label: "Copy" },
  { id: "delete", label: "Delete" },
];
const ROLES = [["", "All people"], ["5", "Drivers"], ["2", "Supervisors"], ["1", "Dispatchers"]];
const ORDERINGS = [
  ["-role", "Drivers first"],
  ["role", "Staff first"],
  ["name", "Name A-Z"],
  ["-name", "Name Z-A"],
  ["-total_hours", "Most hours"],
  ["total_hours", "Fewest hours"],
];

function Select({ label, value, options, onChange, testId }: {
  label: string;
  value: string;
  options: (readonly [string, string] | string[])[];
  onChange: (v: string) => void;
  testId: string;
}) {
  return (
    <label className="flex flex-col">
      <span className="field-label">{label}</span>
      <select
        className="field-input w-auto"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </label>
  );
}

export default function ScheduleToolbar({ stations, query, onQuery, mode, onMode, onRequest, onPublish }: {
  stations: { id: number; title: string; tag: string }[];
  query: ScheduleQuery;
  onQuery: (patch: Partial<ScheduleQuery>) => void;
  mode: Mode;
  onMode: (m: Mode) => void;
  onRequest: () => void;
  onPublish: () => void;
}) {
  return (
    <div className="card flex flex-wrap items-end gap-3 p-3" data-testid="schedule-toolbar">
      <Select
        label="Station"
        value={String(query.station)}
        options={stations.map((s) => [String(s.id), `${s.tag} · ${s.title}`])}
        onChange={(v) => onQuery({ station: Number(v) })}
        testId="schedule-station"
      />
      <div className="flex flex-col">
        <span className="field-label">Week</span>
        <WeekInput year={query.year} week={query.week} onChange={(year, week) => onQuery({ year, week })} />
      </div>
      <div className="flex flex-col">
        <span className="field-label">Mode</span>
        <div
          className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
          role="radiogroup"
          aria-label="Mode"
        >
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={mode === m.id}
              className={`rounded px-3 py-1.5 text-sm ${
                mode === m.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
              onClick={() => onMode(m.id)}
              data-testid={`mode-${m.id}`}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      <Select
        label="People"
        value={query.role}
        options={ROLES}
        onChange={(role) => onQuery({ role })}
        testId="schedule-role"
      />
      <Select
        label="Status"
        value={query.status}
        options={[["", "All statuses"], ...DA_STATUSES.map((s) => [String(s.id), s.label])]}
        onChange={(status) => onQuery({ status })}
        testId="schedule-status"
      />
      <Select
        label="Order"
        value={query.ordering}
        options={ORDERINGS}
        onChange={(ordering) => onQuery({ ordering })}
        testId="schedule-ordering"
      />
      <label className="flex flex-col">
        <span className="field-label">Search</span>
        <input
          className="field-input w-44"
          type="search"
          value={query.search}
          placeholder="Name, badge, ID"
          onChange={(e) => onQuery({ search: e.target.value })}
          data-testid="schedule-search"
        />
      </label>
      <div className="ml-auto flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={onRequest} data-testid="open-request">
          Send availability request
        </button>
        <button type="button" className="btn-primary" onClick={onPublish} data-testid="open-publish">
          Publish
        </button>
      </div>
    </div>
  );
}
