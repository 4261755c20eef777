import type { DaDto } from "../../lib/das/dto.ts";
import { formatDateInZone, formatDateTimeInZone } from "../../lib/dates/format.ts";
import { roleName } from "../../lib/auth/roles.ts";
import SortHeader from "../ui/SortHeader.tsx";
import { Dash, Licence, personName, SpotTags, StatusBadge } from "./bits.tsx";
import TransporterIdCell from "./TransporterIdCell.tsx";

export interface TableProps {
  rows: DaDto[];
  state: "loading" | "success" | "error";
  ordering: string;
  onOrder: (o: string) => void;
  selected: Set<number>;
  onToggle: (ids: number[], on: boolean) => void;
  onOpen: (d: DaDto) => void;
  onSpots: ((d: DaDto) => void) | null;
  canEditTid: boolean;
  onSaved: (d: DaDto) => void;
  onRetry: () => void;
  timeZone: string;
  /** False for rows this viewer may not change (a dispatcher and a Blacklisted DA, say). */
  canTick: (d: DaDto) => boolean;
}

/** The card view has no column headers: a select offers the useful orders. */
const CARD_ORDERINGS: [string, string][] = [
  ["-id", "Newest first"],
  ["name", "Name A–Z"],
  ["-name", "Name Z–A"],
  ["status", "Status"],
  ["-created", "Onboarded, newest"],
  ["created", "Onboarded, oldest"],
  ["-last_status_change", "Last change, newest"],
  ["badge", "Badge"],
];

const fullName = (d: DaDto) => `${d.first_name} ${d.last_name}`.trim() || d.email;

function LastChange({ d, timeZone }: { d: DaDto; timeZone: string }) {
  if (!d.last_status_change) return <span className="text-slate-400">Never changed</span>;
  return (
    <div className="whitespace-nowrap" data-testid="da-last-change">
      <div>{formatDateTimeInZone(d.last_status_change, timeZone)}</div>
      {d.last_status_changed_by
        ? <div className="text-xs text-slate-500">by {personName(d.last_status_changed_by)}</div>
        : null}
    </div>
  );
}

function Tick({ d, p }: { d: DaDto; p: TableProps }) {
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-600"
      aria-label={`Tick ${fullName(d)}`}
      checked={p.selected.has(d.id)}
      disabled={!p.canTick(d)}
      title={p.canTick(d) ? undefined : "Only a manager can change this DA's status"}
      data-testid="da-tick"
      onChange={(e) => p.onToggle([d.id], e.target.checked)}
    />
  );
}

function SpotsButton({ d, p }: { d: DaDto; p: TableProps }) {
  if (!p.onSpots) return null;
  return (
    <button
      type="button"
      className="text-xs font-medium text-brand-600 hover:underline"
      data-testid="spots-edit"
      onClick={() => p.onSpots!(d)}
      aria-label={`Edit station spots of ${fullName(d)}`}
    >
      Edit spots
    </button>
  );
}

function Empty({ p, colSpan }: { p: TableProps; colSpan?: number }) {
  const inner = p.state === "error"
    ? (
      <>
        <p className="font-medium text-slate-700">The DA list could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3" onClick={p.onRetry}>Try again</button>
      </>
    )
    : (
      <>
        <p className="font-medium text-slate-700">No DAs match these filters.</p>
        <p className="mt-1 text-sm text-slate-500">Change or clear the filters to see more of your DAs.</p>
      </>
    );
  return colSpan
    ? (
      <tr>
        <td colSpan={colSpan} className="text-center" data-testid="da-empty">
          <div className="py-10">{inner}</div>
        </td>
      </tr>
    )
    : <div className="px-4 py-12 text-center" data-testid="da-empty">{inner}</div>;
}

/** The register: a table from 768 px, cards below it. */
export default function DaTable(p: TableProps) {
  const ids = p.rows.filter((d) => p.canTick(d)).map((d) => d.id);
  const allOn = ids.length > 0 && ids.every((id) => p.selected.has(id));
  const sort = (field: string, label: string, className = "") => (
    <SortHeader field={field} label={label} ordering={p.ordering} onOrder={p.onOrder} className={className} />
  );
  return (
    <div
      className={p.state === "loading" ? "opacity-60 transition-opacity" : "transition-opacity"}
      aria-busy={p.state === "loading"}
    >
      <div className="hidden overflow-x-auto md:block">
        <table className="data-table" data-testid="da-table">
          <thead>
            <tr>
              <th className="w-8">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  aria-label="Tick all DAs on this page"
                  checked={allOn}
                  disabled={!ids.length}
                  onChange={(e) => p.onToggle(ids, e.target.checked)}
                  data-testid="da-tick-all"
                />
              </th>
              {sort("name", "Name")}
              {sort("transporter_id", "Transporter ID")}
              {sort("driver_license", "Licence", "hidden lg:table-cell")}
              {sort("badge", "Badge")}
              {sort("email", "E-mail", "hidden 2xl:table-cell")}
              {sort("status", "Status")}
              {sort("created", "Onboarded", "hidden lg:table-cell")}
              <th>Stations</th>
              {sort("last_status_change", "Last change")}
              {sort("role", "Role", "hidden 2xl:table-cell")}
            </tr>
          </thead>
          <tbody>
            {p.rows.length === 0 ? <Empty p={p} colSpan={11} /> : p.rows.map((d) => (
              <tr
                key={d.id}
                data-testid="da-row"
                data-da-id={d.id}
                className={p.selected.has(d.id) ? "bg-brand-50" : ""}
              >
                <td>
                  <Tick d={d} p={p} />
                </td>
                <td className="max-w-52">
                  <button
                    type="button"
                    className="text-left font-semibold text-brand-600 hover:underline"
                    onClick={() => p.onOpen(d)}
                    data-testid="da-open"
                    title="Details and status history"
                  >
                    {fullName(d)}
                  </button>
                  <div className="truncate text-xs text-slate-500 2xl:hidden" title={d.email}>
                    {d.email}
                  </div>
                </td>
                <td>
                  <TransporterIdCell da={d} canEdit={p.canEditTid} onSaved={p.onSaved} />
                </td>
                <td className="hidden lg:table-cell">
                  <Licence value={d.driver_license} />
                </td>
                <td className="whitespace-nowrap">{d.badge ?? <Dash />}</td>
                <td className="hidden max-w-64 truncate 2xl:table-cell" title={d.email}>{d.email}</td>
                <td>
                  <StatusBadge status={d.status} />
                </td>
                <td className="hidden whitespace-nowrap lg:table-cell">
                  {formatDateInZone(d.created, p.timeZone)}
                </td>
                <td>
                  <SpotTags spots={d.station_spots} />
                  <div>
                    <SpotsButton d={d} p={p} />
                  </div>
                </td>
                <td>
                  <LastChange d={d} timeZone={p.timeZone} />
                </td>
                <td className="hidden text-slate-600 2xl:table-cell">{roleName(d.role)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="da-cards">
        {p.rows.length > 0
          ? (
            <li className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2 text-sm text-slate-600">
              <label className="inline-flex items-center gap-3">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={allOn}
                  onChange={(e) => p.onToggle(ids, e.target.checked)}
                />
                Tick all on this page
              </label>
              <label className="inline-flex items-center gap-2">
                Sort by
                <select
                  className="rounded border border-slate-300 bg-white px-1.5 py-1"
                  value={p.ordering}
                  onChange={(e) => p.onOrder(e.target.value)}
                  data-testid="card-ordering"
                >
                  {CARD_ORDERINGS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
                  {CARD_ORDERINGS.some(([v]) => v === p.ordering)
                    ? null
                    : <option value={p.ordering}>Column order</option>}
                </select>
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
          : p.rows.map((d) => (
            <li
              key={d.id}
              className={`flex gap-3 px-4 py-3 ${p.selected.has(d.id) ? "bg-brand-50" : ""}`}
              data-testid="da-card"
            >
              <div className="pt-0.5">
                <Tick d={d} p={p} />
              </div>
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className="font-semibold text-brand-600" onClick={() => p.onOpen(d)}>
                    {fullName(d)}
                  </button>
                  <StatusBadge status={d.status} />
                  <SpotTags spots={d.station_spots} />
                  <SpotsButton d={d} p={p} />
                </div>
                <div className="truncate text-slate-600">{d.email}</div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
                  <TransporterIdCell da={d} canEdit={p.canEditTid} onSaved={p.onSaved} />
                  <span>
                    Licence <Licence value={d.driver_license} />
                  </span>
                  <span>Badge {d.badge ?? "—"}</span>
                  <span>Onboarded {formatDateInZone(d.created, p.timeZone)}</span>
                </div>
                <div className="text-xs text-slate-500">
                  {d.last_status_change
                    ? `Changed ${formatDateTimeInZone(d.last_status_change, p.timeZone)}${
                      d.last_status_changed_by ? ` by ${personName(d.last_status_changed_by)}` : ""
                    }`
                    : "Status never changed"}
                </div>
              </div>
            </li>
          ))}
      </ul>
    </div>
  );
}
