import DateInput from "../ui/DateInput.tsx";
import { type FormEvent, useEffect, useState } from "react";
import type { VanDto, VanHistoryDto } from "../../lib/vans/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { canChangeStation, reasonLabel, statusChangeRefusal, statusLabel } from "../../lib/vans/policy.ts";
import { formatDate, formatTimestamp } from "../../lib/dates/format.ts";
import Drawer, { DrawerSection, Facts } from "../ui/Drawer.tsx";
import Timeline, { type Loaded, type TimelineEntry, useRows } from "../ui/Timeline.tsx";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import StatusPicker, { pickBody, pickComplete } from "./StatusPicker.tsx";
import { VanStatusBadge } from "./columns.tsx";

const who = (
  p: { first_name: string; last_name: string } | null,
) => (p ? `${p.first_name} ${p.last_name}`.trim() : "Unknown");

function entries(rows: Loaded<VanHistoryDto>, timeZone: string): Loaded<TimelineEntry> {
  if (rows === null || rows === "error") return rows;
  return rows.map((h) => ({
    id: h.id,
    title: (
      <>
        {h.from_status == null ? "" : `${statusLabel(h.from_status)} → `}
        {statusLabel(h.to_status)}
        {h.reason != null
          ? <span className="font-normal text-slate-600">{` (${reasonLabel(h.reason)})`}</span>
          : null}
      </>
    ),
    meta: `${formatTimestamp(h.changed_at, timeZone)} · ${who(h.changed_by)}`,
  }));
}

function noHistory(van: VanDto, timeZone: string): string {
  return van.last_status_change
    ? `No history rows yet. The last change (${formatTimestamp(van.last_status_change, timeZone)} by ${
      who(van.last_status_changed_by)
    }) was made before history was kept.`
    : "This van's status has never been changed.";
}

/** A van's facts, its editable fields and its whole status history. */
export default function VanDetail({ van, role, stations, timeZone, onClose, onSaved }: {
  van: VanDto | null;
  role: number;
  stations: StationDto[];
  timeZone: string;
  onClose: () => void;
  onSaved: (v: VanDto) => void;
}) {
  const history = useRows<VanHistoryDto>(van ? `/api/van/${van.id}/history/` : null, van?.last_status_change);
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const [station, setStation] = useState("");
  const [pickUp, setPickUp] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ detail?: string; fields: Record<string, string> }>({ fields: {} });

  function reset(v: VanDto) {
    setStatus(String(v.status));
    setReason(v.status_change_reason == null ? "" : String(v.status_change_reason));
    setStation(v.station == null ? "" : String(v.station));
    setPickUp(v.pick_up_date ?? "");
    setError({ fields: {} });
  }

  useEffect(() => {
    if (van) reset(van);
  }, [van?.id, van?.last_status_change]);

  if (!van) return null;
  const locked = statusChangeRefusal(role, van.status, van.status) !== null;
  const body: Record<string, unknown> = {};
  const picked = pickBody(status, reason);
  if (status && (picked.status !== van.status || picked.status_change_reason !== van.status_change_reason)) {
    Object.assign(body, picked);
  }
  if (station && Number(station) !== van.station) body.station = Number(station);
  if ((pickUp || null) !== van.pick_up_date) body.pick_up_date = pickUp || null;
  const dirty = Object.keys(body).length > 0;
  const ready = dirty && pickComplete(status, reason) && !busy;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!ready || !van) return;
    setBusy(true);
    setError({ fields: {} });
    try {
      const saved = await api<VanDto>(`/api/van/${van.id}/`, { method: "PATCH", json: body, quiet: true });
      toast("success", "Fleet status was changed!");
      onSaved(saved);
    } catch (err) {
      toast("error", "Failed to update fleet status");
      if (err instanceof ApiError) {
        setError({
          detail: typeof err.body.detail === "string" ? err.body.detail : undefined,
          fields: err.fieldErrors(),
        });
      }
    }
    setBusy(false);
  }

  const facts: [string, string][] = [
    ["Plate number", van.plate_number || "—"],
    [
      "Van group",
      van.van_group
        ? `${van.van_group.name}${van.van_group.description ? ` — ${van.van_group.description}` : ""}`
        : "—",
    ],
    ["Fleet size", van.fleet_size?.title ?? "—"],
    ["Station", van.station_tag ? `${van.station_tag} · ${van.station_title}` : "—"],
    ["Available", van.available ? "Yes" : "No"],
    ["Pick-up date", van.pick_up_date ? formatDate(van.pick_up_date) : "—"],
  ];

  return (
    <Drawer
      open
      title={`Van ${van.number}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>Close</button>
          <button
            type="submit"
            form="van-edit"
            className="btn-primary"
            disabled={!ready}
            title={busy
              ? undefined
              : !dirty
              ? "Nothing changed yet"
              : !ready
              ? "Give the reason for this status first"
              : undefined}
            data-testid="van-save"
          >
            {busy ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <div className="flex items-center gap-2">
        <VanStatusBadge status={van.status} />
        {van.status_change_reason != null
          ? <span className="text-sm text-slate-600">{reasonLabel(van.status_change_reason)}</span>
          : null}
      </div>
      <Facts items={facts} testId="van-facts" />

      <form
        id="van-edit"
        onSubmit={save}
        className="space-y-3 rounded-md border border-slate-200 p-3"
        data-testid="van-edit"
      >
        <h3 className="text-sm font-semibold text-slate-900">Change</h3>
        {locked
          ? (
            <p className="text-sm text-slate-600">
              Off Boarded vans are changed by supervisors, managers and owners.
            </p>
          )
          : (
            <div className="grid gap-3">
              <StatusPicker
                role={role}
                label="Status"
                current={van.status}
                status={status}
                reason={reason}
                idPrefix="van"
                disabled={busy}
                reasonError={error.fields.status_change_reason}
                onStatus={(v) => {
                  setStatus(v);
                  if (v !== "2") setReason("");
                }}
                onReason={setReason}
              />
            </div>
          )}
        {canChangeStation(role)
          ? (
            <div>
              <label htmlFor="van-station" className="field-label">Station</label>
              <select
                id="van-station"
                className="field-input"
                value={station}
                disabled={busy}
                aria-invalid={error.fields.station ? true : undefined}
                onChange={(e) => setStation(e.target.value)}
              >
                {stations.map((s) => <option key={s.id} value={String(s.id)}>{s.tag} · {s.title}</option>)}
              </select>
              {error.fields.station ? <p className="field-error">{error.fields.station}</p> : null}
            </div>
          )
          : (
            <p className="text-xs text-slate-500" data-testid="station-locked">
              Only supervisors, managers and owners move a van to another station.
            </p>
          )}
        <div>
          <label htmlFor="van-pickup" className="field-label">Pick-up date</label>
          <DateInput
            id="van-pickup"
            testId="van-pickup"
            value={pickUp}
            disabled={busy}
            aria-invalid={error.fields.pick_up_date ? true : undefined}
            onChange={setPickUp}
          />
          {error.fields.pick_up_date ? <p className="field-error">{error.fields.pick_up_date}</p> : null}
        </div>
        {error.detail && !Object.keys(error.fields).length
          ? <p className="field-error" role="alert" data-testid="van-error">{error.detail}</p>
          : null}
      </form>

      <DrawerSection title="Status history">
        <Timeline
          entries={entries(history, timeZone)}
          empty={noHistory(van, timeZone)}
          testId="van-history"
        />
      </DrawerSection>
    </Drawer>
  );
}
