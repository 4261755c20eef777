import { useEffect, useState } from "react";
import type { DaDto, StatusChangeDto } from "../../lib/das/dto.ts";
import { statusLabel } from "../../lib/das/inputs.ts";
import { formatDateInZone, formatDateTimeInZone } from "../../lib/dates/format.ts";
import { roleName } from "../../lib/auth/roles.ts";
import Drawer from "../ui/Drawer.tsx";
import { api } from "../client/api.ts";
import { Licence, personName, StatusBadge } from "./bits.tsx";

function History(
  { da, rows, timeZone }: { da: DaDto; rows: StatusChangeDto[] | null | "error"; timeZone: string },
) {
  if (rows === null) return <p className="text-sm text-slate-500">Loading history…</p>;
  if (rows === "error") return <p className="text-sm text-red-700">The history could not be loaded.</p>;
  if (rows.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="history-empty">
        {da.last_status_change
          ? `No history rows yet. The last change (${formatDateTimeInZone(da.last_status_change, timeZone)}${
            da.last_status_changed_by ? ` by ${personName(da.last_status_changed_by)}` : ""
          }) was made before history was kept.`
          : "This DA's status has never been changed."}
      </p>
    );
  }
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" data-testid="da-history">
      {rows.map((h) => (
        <li key={h.id} className="relative text-sm" data-testid="history-row">
          <span
            className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500"
            aria-hidden="true"
          />
          <div className="font-medium text-slate-800">
            {h.from_status == null ? "" : `${statusLabel(h.from_status)} → `}
            {statusLabel(h.to_status)}
          </div>
          <div className="text-xs text-slate-500">
            {formatDateTimeInZone(h.changed_at, timeZone)} · {personName(h.changed_by) || "Unknown"}
          </div>
          {h.reason ? <div className="mt-0.5 text-xs text-slate-700">“{h.reason}”</div> : null}
        </li>
      ))}
    </ol>
  );
}

/** A DA's facts, station spots and whole status history, in a side panel. */
export default function DaDetail({ da, timeZone, onClose, onSpots }: {
  da: DaDto | null;
  timeZone: string;
  onClose: () => void;
  onSpots: ((d: DaDto) => void) | null;
}) {
  const [history, setHistory] = useState<StatusChangeDto[] | null | "error">(null);
  useEffect(() => {
    if (!da) return;
    setHistory(null);
    api<{ results: StatusChangeDto[] }>(`/api/driver-model/${da.id}/history/`, { quiet: true })
      .then((r) => setHistory(r.results)).catch(() => setHistory("error"));
  }, [da?.id, da?.last_status_change]);
  if (!da) return null;
  const facts: [string, React.ReactNode][] = [
    ["Status", <StatusBadge key="s" status={da.status} />],
    ["Active", da.is_active ? "Yes" : "No"],
    ["Transporter ID", da.transporter_id ?? "—"],
    ["E-mail", da.email],
    ["Driver licence", <Licence key="l" value={da.driver_license} />],
    ["Badge", da.badge ?? "—"],
    ["Onboarded", formatDateInZone(da.created, timeZone)],
    ["Role", roleName(da.role)],
  ];
  return (
    <Drawer open title={`${da.first_name} ${da.last_name}`} onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="da-facts">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="break-all font-medium text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      <section>
        <div className="mb-2 flex items-center justify-between">
          <h3 className="text-sm font-semibold text-slate-900">Station spots</h3>
          {onSpots
            ? (
              <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => onSpots(da)}>
                Edit spots
              </button>
            )
            : null}
        </div>
        <ul className="space-y-1.5 text-sm" data-testid="detail-spots">
          {da.station_spots.map((s) => (
            <li key={s.id} className="flex items-start gap-2">
              <span className="mt-0.5 rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700">
                {s.station.tag}
              </span>
              <div className="min-w-0">
                <div className="text-slate-800">{s.agency?.name ?? "No agency"}</div>
                <div className="text-xs text-slate-500">
                  {s.fleet_groups.length ? s.fleet_groups.map((g) => g.name).join(", ") : "No fleet groups"}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Status history</h3>
        <History da={da} rows={history} timeZone={timeZone} />
      </section>
    </Drawer>
  );
}
