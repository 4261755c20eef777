import type { VanDto } from "../../lib/vans/dto.ts";
import { formatDate, formatDateTimeInZone } from "../../lib/dates/format.ts";
import SortHeader from "../ui/SortHeader.tsx";
import Icon from "../ui/Icon.tsx";
import { Reason, StatusBadge } from "./StatusBadge.tsx";

export interface TableProps {
  rows: VanDto[];
  state: "loading" | "success" | "error";
  ordering: string;
  onOrder: (o: string) => void;
  selected: Set<number>;
  selectable: (v: VanDto) => boolean;
  onToggle: (ids: number[], on: boolean) => void;
  onOpen: (v: VanDto) => void;
  onRetry: () => void;
  timeZone: string;
}

const name = (v: VanDto) =>
  v.last_status_changed_by
    ? `${v.last_status_changed_by.first_name} ${v.last_status_changed_by.last_name}`
    : "";

function LastChange({ v, timeZone }: { v: VanDto; timeZone: string }) {
  if (!v.last_status_change) return <span className="text-slate-400">Never changed</span>;
  return (
    <div className="whitespace-nowrap" data-testid="van-last-change">
      <div>{formatDateTimeInZone(v.last_status_change, timeZone)}</div>
      {name(v) ? <div className="text-xs text-slate-500">by {name(v)}</div> : null}
    </div>
  );
}

function Tick({ v, p }: { v: VanDto; p: TableProps }) {
  const allowed = p.selectable(v);
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-600"
      aria-label={`Tick van ${v.number}`}
      checked={p.selected.has(v.id)}
      disabled={!allowed}
      data-testid="van-tick"
      title={allowed ? undefined : "Off Boarded vans are changed by supervisors, managers and owners"}
      onChange={(e) => p.onToggle([v.id], e.target.checked)}
    />
  );
}

function Empty({ p, colSpan }: { p: TableProps; colSpan?: number }) {
  const inner = p.state === "error"
    ? (
      <>
        <p className="font-medium text-slate-700">The fleet list could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3" onClick={p.onRetry}>Try again</button>
      </>
    )
    : (
      <>
        <p className="font-medium text-slate-700">No vans match these filters.</p>
        <p className="mt-1 text-sm text-slate-500">Change or clear the filters to see more of the fleet.</p>
      </>
    );
  const box = (
    <div className="flex flex-col items-center px-4 py-12 text-center" data-testid="van-empty">
      <Icon name="report" className="mb-3 h-10 w-10 text-slate-300" />
      {inner}
    </div>
  );
  return colSpan
    ? (
      <tr>
        <td colSpan={colSpan}>{box}</td>
      </tr>
    )
    : box;
}

/** The register: a table from 768 px, cards below it. */
export default function VanTable(p: TableProps) {
  const selectableIds = p.rows.filter(p.selectable).map((v) => v.id);
  const allOn = selectableIds.length > 0 && selectableIds.every((id) => p.selected.has(id));
  const sort = (field: string, label: string, className = "") => (
    <SortHeader field={field} label={label} ordering={p.ordering} onOrder={p.onOrder} className={className} />
  );
  return (
    <div
      className={p.state === "loading" ? "opacity-60 transition-opacity" : "transition-opacity"}
      aria-busy={p.state === "loading"}
    >
      <div className="hidden overflow-x-auto md:block">
        <table className="data-table" data-testid="van-table">
          <thead>
            <tr>
              <th className="w-8">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  aria-label="Tick all vans on this page"
                  checked={allOn}
                  disabled={!selectableIds.length}
                  onChange={(e) => p.onToggle(selectableIds, e.target.checked)}
                />
              </th>
              {sort("number", "Number")}
              {sort("van_group", "Van group")}
              {sort("fleet_size", "Fleet size", "hidden xl:table-cell")}
              {sort("plate_number", "Plate")}
              {sort("station", "Station")}
              {sort("status", "Status")}
              <th className="hidden 2xl:table-cell">Available</th>
              {sort("pick_up_date", "Pick-up", "hidden lg:table-cell")}
              {sort("last_status_change", "Last change")}
            </tr>
          </thead>
          <tbody>
            {p.rows.length === 0 ? <Empty p={p} colSpan={10} /> : p.rows.map((v) => (
              <tr
                key={v.id}
                data-testid="van-row"
                data-van-id={v.id}
                className={p.selected.has(v.id) ? "bg-brand-50" : ""}
              >
                <td>
                  <Tick v={v} p={p} />
                </td>
                <td>
                  <button
                    type="button"
                    className="font-semibold text-brand-600 hover:underline"
                    onClick={() => p.onOpen(v)}
                    data-testid="van-open"
                    title="Details and status history"
                  >
                    {v.number}
                  </button>
                </td>
                <td>
                  <div className="whitespace-nowrap">
                    {v.van_group?.name ?? <span className="text-slate-400">—</span>}
                  </div>
                  {v.van_group?.description
                    ? (
                      <div
                        className="max-w-44 truncate text-xs text-slate-500"
                        title={v.van_group.description}
                      >
                        {v.van_group.description}
                      </div>
                    )
                    : null}
                </td>
                <td className="hidden whitespace-nowrap xl:table-cell">{v.fleet_size?.title ?? "—"}</td>
                <td className="whitespace-nowrap font-mono text-xs leading-5">{v.plate_number}</td>
                <td title={v.station_title ?? ""}>
                  <span className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700">
                    {v.station_tag}
                  </span>
                </td>
                <td>
                  <StatusBadge status={v.status} />
                  {v.status_change_reason != null
                    ? (
                      <div className="mt-0.5 text-xs text-slate-600">
                        <Reason reason={v.status_change_reason} />
                      </div>
                    )
                    : null}
                </td>
                <td className="hidden 2xl:table-cell">{v.available ? "Yes" : "No"}</td>
                <td className="hidden whitespace-nowrap lg:table-cell">
                  {v.pick_up_date ? formatDate(v.pick_up_date) : "—"}
                </td>
                <td>
                  <LastChange v={v} timeZone={p.timeZone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="van-cards">
        {p.rows.length > 0
          ? (
            <li className="bg-slate-50 px-4 py-2 text-sm text-slate-600">
              <label className="inline-flex items-center gap-3">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={allOn}
                  disabled={!selectableIds.length}
                  onChange={(e) => p.onToggle(selectableIds, e.target.checked)}
                />
                Tick all on this page
              </label>
            </li>
          )
          : null}
        {p.rows.length === 0
          ? (
            <li>
              <Empty p={p} />
            </li>
          )
          : p.rows.map((v) => (
            <li
              key={v.id}
              className={`flex gap-3 px-4 py-3 ${p.selected.has(v.id) ? "bg-brand-50" : ""}`}
              data-testid="van-card"
            >
              <div className="pt-0.5">
                <Tick v={v} p={p} />
              </div>
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className="font-semibold text-brand-600" onClick={() => p.onOpen(v)}>
                    Van {v.number}
                  </button>
                  <span className="font-mono text-xs text-slate-600">{v.plate_number}</span>
                  <span className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700">
                    {v.station_tag}
                  </span>
                  <StatusBadge status={v.status} />
                </div>
                <div className="text-slate-600">
                  {[v.van_group?.name, v.fleet_size?.title].filter(Boolean).join(" · ")}
                  {v.status_change_reason != null
                    ? (
                      <>
                        {" · "}
                        <Reason reason={v.status_change_reason} />
                      </>
                    )
                    : null}
                </div>
                <div className="flex flex-wrap gap-x-4 text-xs text-slate-500">
                  <span>Pick-up {v.pick_up_date ? formatDate(v.pick_up_date) : "—"}</span>
                  <span>
                    {v.last_status_change
                      ? `Changed ${formatDateTimeInZone(v.last_status_change, p.timeZone)}${
                        name(v) ? ` by ${name(v)}` : ""
                      }`
                      : "Never changed"}
                  </span>
                </div>
              </div>
            </li>
          ))}
      </ul>
    </div>
  );
}
