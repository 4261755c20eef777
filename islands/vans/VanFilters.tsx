import { useEffect, useState } from "react";
import { VAN_STATUS_LABELS, VAN_STATUSES } from "../../lib/vans/policy.ts";

export interface StationOption {
  id: number;
  tag: string;
  title: string;
}

const FILTER_KEYS = ["station", "status", "plate_number", "van_number"] as const;

/** A text filter that applies 300 ms after the last key stroke. */
function SearchInput({ id, label, value, onChange }: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
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
        placeholder="Any"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

/** Station, status, plate and van number filters, plus the export links that carry them. */
export default function VanFilters({ query, stations, canExport, onChange }: {
  query: Record<string, string>;
  stations: StationOption[];
  canExport: boolean;
  onChange: (patch: Record<string, string>) => void;
}) {
  const active = FILTER_KEYS.some((k) => query[k]);
  const exportHref = (format: "xlsx" | "csv") => {
    const p = new URLSearchParams({ format });
    for (const k of [...FILTER_KEYS, "ordering"]) if (query[k]) p.set(k, query[k]);
    return `/api/van/export/?${p}`;
  };
  return (
    <section className="card p-4" aria-label="Filters" data-testid="van-filters">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
        <div>
          <label htmlFor="f-station" className="field-label">Station</label>
          <select
            id="f-station"
            className="field-input"
            value={query.station ?? ""}
            onChange={(e) => onChange({ station: e.target.value })}
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
            {VAN_STATUSES.map((s) => <option key={s} value={String(s)}>{VAN_STATUS_LABELS[s]}</option>)}
          </select>
        </div>
        <SearchInput
          id="f-plate"
          label="Plate number"
          value={query.plate_number ?? ""}
          onChange={(v) => onChange({ plate_number: v })}
        />
        <SearchInput
          id="f-van-number"
          label="Van number"
          value={query.van_number ?? ""}
          onChange={(v) => onChange({ van_number: v })}
        />
        <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
          <button
            type="button"
            className="btn-ghost"
            disabled={!active}
            onClick={() => onChange({ station: "", status: "", plate_number: "", van_number: "" })}
          >
            Clear
          </button>
          {canExport
            ? (
              <>
                <a className="btn-secondary" href={exportHref("xlsx")} download data-testid="export-xlsx">
                  Export xlsx
                </a>
                <a className="btn-secondary" href={exportHref("csv")} download data-testid="export-csv">
                  Export CSV
                </a>
              </>
            )
            : null}
        </div>
      </div>
    </section>
  );
}
