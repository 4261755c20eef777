import { useEffect, useState } from "react";
import { filterStatuses } from "../../lib/das/policy.ts";

export interface StationOption {
  id: number;
  tag: string;
  title: string;
}

export const FILTER_KEYS = ["in_station", "status", "search", "driver_license", "badge"] as const;

/** A text filter that applies 300 ms after the last key stroke. */
function TextFilter({ id, label, placeholder, value, onChange }: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      <input
        id={id}
        type="search"
        className="field-input"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

/** Station, status, search, licence and badge filters, plus export links that carry them. */
export default function DaFilters({ role, query, stations, canExport, onChange }: {
  role: number;
  query: Record<string, string>;
  stations: StationOption[];
  canExport: boolean;
  onChange: (patch: Record<string, string>) => void;
}) {
  const active = FILTER_KEYS.some((k) => query[k]);
  const exportHref = (format: "xlsx" | "csv") => {
    const p = new URLSearchParams({ format });
    for (const k of [...FILTER_KEYS, "ordering"]) if (query[k]) p.set(k, query[k]);
    return `/api/driver-model/export/?${p}`;
  };
  return (
    <section className="card p-4" aria-label="Filters" data-testid="da-filters">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
        <div>
          <label htmlFor="f-station" className="field-label">Station</label>
          <select
            id="f-station"
            className="field-input"
            value={query.in_station ?? ""}
            onChange={(e) => onChange({ in_station: e.target.value })}
          >
            <option value="">{stations.length > 1 ? "All my stations" : "My station"}</option>
            {stations.map((s) => <option key={s.id} value={String(s.id)}>{s.tag} · {s.title}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="f-status" className="field-label">Status</label>
          <select
            id="f-status"
            className="field-input"
            value={query.status ?? ""}
            onChange={(e) => onChange({ status: e.target.value })}
          >
            <option value="">All statuses</option>
            {filterStatuses(role).map((s) => <option key={s.id} value={String(s.id)}>{s.label}</option>)}
          </select>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <TextFilter
            id="f-search"
            label="Search"
            placeholder="Name, transporter ID or e-mail"
            value={query.search ?? ""}
            onChange={(v) => onChange({ search: v })}
          />
        </div>
        <TextFilter
          id="f-licence"
          label="Driver licence"
          placeholder="Any"
          value={query.driver_license ?? ""}
          onChange={(v) => onChange({ driver_license: v })}
        />
        <TextFilter
          id="f-badge"
          label="Badge"
          placeholder="Any"
          value={query.badge ?? ""}
          onChange={(v) => onChange({ badge: v })}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <button
          type="button"
          className="btn-ghost mr-auto"
          disabled={!active}
          data-testid="filters-clear"
          onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((k) => [k, ""])))}
        >
          Clear filters
        </button>
        {canExport
          ? (
            <>
              <a className="btn-secondary" href={exportHref("xlsx")} download data-testid="export-xlsx">
                Export XLSX
              </a>
              <a className="btn-secondary" href={exportHref("csv")} download data-testid="export-csv">
                Export CSV
              </a>
            </>
          )
          : null}
      </div>
    </section>
  );
}
