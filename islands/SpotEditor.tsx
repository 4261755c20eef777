import { useEffect, useState } from "react";
import type { DaDto, SpotDto } from "../lib/das/dto.ts";
import { spotInput } from "../lib/das/inputs.ts";
import { stationChoices } from "../lib/das/policy.ts";
import Modal from "./ui/Modal.tsx";
import { api, ApiError } from "./client/api.ts";
import { toast } from "./client/toast.ts";

interface Option {
  id: number;
  name: string;
}
interface Row {
  key: number;
  id?: number;
  station: number | null;
  agency: number | null;
  fleet_groups: number[];
}

let nextKey = 1;
const rowOf = (s: SpotDto): Row => ({
  key: nextKey++,
  id: s.id,
  station: s.station.id,
  agency: s.agency?.id ?? null,
  fleet_groups: s.fleet_groups.map((g) => g.id),
});

/**
 * A DA's station spots (03 section 2.9): station, agency and fleet groups per spot; a station already
 * used by another spot of the DA is disabled. One save sends every change (editStationSpot).
 */
export default function SpotEditor({ da, stations, agencies, fleetGroups, onClose, onSaved }: {
  da: DaDto | null;
  stations: { id: number; title: string; tag: string }[];
  agencies: Option[];
  fleetGroups: Option[];
  onClose: () => void;
  onSaved: (daId: number, spots: SpotDto[]) => void;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const [deleted, setDeleted] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    setRows(da ? da.station_spots.map(rowOf) : []);
    setDeleted([]);
    setTried(false);
    setServerError(null);
  }, [da?.id]);

  const patch = (key: number, p: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const remove = (r: Row) => {
    setRows((rs) => rs.filter((x) => x.key !== r.key));
    if (r.id) setDeleted((d) => [...d, r.id!]);
  };
  const errorsOf = (r: Row) => {
    const res = spotInput.safeParse({
      id: r.id,
      station: r.station ?? undefined,
      agency: r.agency ?? undefined,
      fleet_groups: r.fleet_groups,
    });
    const out: Record<string, string> = {};
    if (!res.success) { for (const i of res.error.issues) out[String(i.path[0])] ??= i.message; }
    return out;
  };
  const free = stations.filter((s) => !rows.some((r) => r.station === s.id));

  async function save() {
    setTried(true);
    setServerError(null);
    if (!da || rows.some((r) => Object.keys(errorsOf(r)).length)) return;
    if (rows.length === 0) return setServerError("A DA needs at least one station spot.");
    setBusy(true);
    try {
      const spots = await api<SpotDto[]>("/api/station-spots/edit/", {
        method: "POST",
        quiet: true,
        json: {
          user: da.id,
          stationSpots: rows.map((r) => ({
            ...(r.id ? { id: r.id } : {}),
            station: r.station,
            agency: r.agency,
            fleet_groups: r.fleet_groups,
          })),
          spotsToDelete: deleted,
        },
      });
      toast("success", "Station spots were saved!");
      onSaved(da.id, spots);
      onClose();
    } catch (err) {
      toast("error", "Failed to add station spot");
      if (err instanceof ApiError && typeof err.body.detail === "string") setServerError(err.body.detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={!!da}
      wide
      title={da ? `Station spots · ${da.first_name} ${da.last_name}` : "Station spots"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            onClick={save}
            disabled={busy}
            data-testid="spots-save"
          >
            {busy ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <div className="space-y-3" data-testid="spot-editor">
        {rows.length === 0
          ? <p className="text-sm text-slate-500">No station spots at your stations. Add one below.</p>
          : null}
        {rows.map((r, i) => {
          const errs = tried ? errorsOf(r) : {};
          return (
            <fieldset key={r.key} className="rounded-md border border-slate-200 p-3" data-testid="spot-row">
              <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {r.id ? `Spot ${i + 1}` : "New spot"}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label className="field-label" htmlFor={`spot-station-${r.key}`}>Station</label>
                  <select
                    id={`spot-station-${r.key}`}
                    className="field-input"
                    value={r.station ?? ""}
                    data-testid="spot-station"
                    aria-invalid={errs.station ? true : undefined}
                    onChange={(e) =>
                      patch(r.key, { station: e.target.value ? Number(e.target.value) : null })}
                  >
                    <option value="">Choose…</option>
                    {stationChoices(stations, rows, i).map((s) => (
                      <option key={s.id} value={s.id} disabled={s.disabled}>
                        {s.tag} · {s.title}
                        {s.disabled ? " (used)" : ""}
                      </option>
                    ))}
                  </select>
                  {errs.station ? <p className="field-error">{errs.station}</p> : null}
                </div>
                <div>
                  <label className="field-label" htmlFor={`spot-agency-${r.key}`}>Agency</label>
                  <select
                    id={`spot-agency-${r.key}`}
                    className="field-input"
                    value={r.agency ?? ""}
                    data-testid="spot-agency"
                    aria-invalid={errs.agency ? true : undefined}
                    onChange={(e) =>
                      patch(r.key, { agency: e.target.value ? Number(e.target.value) : null })}
                  >
                    <option value="">Choose…</option>
                    {agencies.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                  </select>
                  {errs.agency ? <p className="field-error">{errs.agency}</p> : null}
                </div>
              </div>
              <div className="mt-3">
                <span className="field-label">Fleet groups</span>
                <div className="flex flex-wrap gap-2">
                  {fleetGroups.length === 0
                    ? <span className="text-sm text-slate-500">No fleet groups are set up.</span>
                    : null}
                  {fleetGroups.map((g) => {
                    const on = r.fleet_groups.includes(g.id);
                    return (
                      <label
                        key={g.id}
                        className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm ${
                          on
                            ? "border-brand-500 bg-brand-50 text-brand-700"
                            : "border-slate-300 text-slate-700"
                        }`}
                      >
                        <input
                          type="checkbox"
                          className="h-3.5 w-3.5 accent-brand-600"
                          checked={on}
                          onChange={(e) =>
                            patch(r.key, {
                              fleet_groups: e.target.checked
                                ? [...r.fleet_groups, g.id]
                                : r.fleet_groups.filter((x) => x !== g.id),
                            })}
                        />
                        {g.name}
                      </label>
                    );
                  })}
                </div>
              </div>
              <div className="mt-3 flex justify-end">
                <button
                  type="button"
                  className="btn-ghost px-2 py-1 text-xs text-red-700"
                  onClick={() => remove(r)}
                  data-testid="spot-remove"
                >
                  Remove spot
                </button>
              </div>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-secondary"
            disabled={free.length === 0}
            title={free.length === 0 ? "Every station already has a spot here" : undefined}
            data-testid="spot-add"
            onClick={() =>
              setRows((
                rs,
              ) => [...rs, {
                key: nextKey++,
                station: free[0]?.id ?? null,
                agency: rs[0]?.agency ?? agencies[0]?.id ?? null,
                fleet_groups: [],
              }])}
          >
            Add station spot
          </button>
          {free.length === 0
            ? <span className="text-xs text-slate-500">Every one of your stations has a spot.</span>
            : null}
        </div>
        {serverError
          ? <p className="field-error" role="alert" data-testid="spots-error">{serverError}</p>
          : null}
      </div>
    </Modal>
  );
}
