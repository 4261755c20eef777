// Transporter ids a file carries that no DA holds: create the DA, or map the id to an existing DA of the
// import's station (an alias). Rows tie to DAs when read, so the import itself never changes.
import { useEffect, useState } from "react";
import type { DaDto } from "../../lib/das/dto.ts";
import type { StationRef, UnmatchedIdDto } from "../../lib/imports/dto.ts";
import { createDaInput } from "../../lib/imports/inputs.ts";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { splitName } from "./dialogs.ts";

type Mode = { tid: string; kind: "create" | "map" } | null;

function errorOf(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const fields = Object.entries(e.fieldErrors()).map(([k, v]) => `${k.replaceAll("_", " ")}: ${v}`);
  if (typeof e.body.detail === "string") return e.body.detail;
  return fields.join(" · ") || null;
}

function CreateForm({ item, station, onDone, onCancel }: {
  item: UnmatchedIdDto;
  station: StationRef;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(() => splitName(item.da_name));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = createDaInput.safeParse({
      transporter_id: item.transporter_id,
      ...name,
      station_id: station.id,
    });
    if (!input.success) return setError(input.error.issues.map((i) => i.message).join(" · "));
    setBusy(true);
    setError(null);
    try {
      await api("/api/imports/create-da/", { method: "POST", quiet: true, json: input.data });
      toast("success", `DA ${name.first_name} ${name.last_name} was created!`);
      onDone();
    } catch (err) {
      setError(errorOf(err) ?? "The DA could not be created.");
      toast("error", "The DA was not created.");
      setBusy(false);
    }
  }
  return (
    <form
      className="mt-2 space-y-2 rounded-md bg-slate-50 p-2.5"
      onSubmit={submit}
      data-testid="create-da-form"
    >
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs font-medium text-slate-600">
          First name
          <input
            className="field-input mt-0.5 py-1.5"
            value={name.first_name}
            data-testid="create-da-first"
            onChange={(e) => setName({ ...name, first_name: e.target.value })}
          />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Last name
          <input
            className="field-input mt-0.5 py-1.5"
            value={name.last_name}
            data-testid="create-da-last"
            onChange={(e) => setName({ ...name, last_name: e.target.value })}
          />
        </label>
      </div>
      <p className="text-xs text-slate-500">
        A DA of {station.tag} with transporter ID <span className="font-mono">{item.transporter_id}</span>.
      </p>
      {error
        ? <p role="alert" className="text-xs font-medium text-red-700" data-testid="link-error">{error}</p>
        : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-ghost px-2.5 py-1 text-xs" onClick={onCancel}>Cancel</button>
        <button
          type="submit"
          className="btn-primary px-2.5 py-1 text-xs"
          disabled={busy}
          data-testid="create-da-submit"
        >
          {busy ? "Creating…" : "Create DA"}
        </button>
      </div>
    </form>
  );
}

function MapForm({ item, station, onDone, onCancel }: {
  item: UnmatchedIdDto;
  station: StationRef;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [search, setSearch] = useState(() => splitName(item.da_name).last_name);
  const [das, setDas] = useState<DaDto[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      const q = new URLSearchParams({ station: String(station.id), page_size: "10", ordering: "name" });
      if (search.trim()) q.set("search", search.trim());
      api<{ results: DaDto[] }>(`/api/driver-model/?${q}`, { quiet: true })
        .then((r) => live && setDas(r.results))
        .catch(() => live && setDas([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [search, station.id]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (chosen === null) return;
    setBusy(true);
    setError(null);
    try {
      await api("/api/imports/map-to-da/", {
        method: "POST",
        quiet: true,
        json: { transporter_id: item.transporter_id, user_id: chosen },
      });
      const da = das?.find((d) => d.id === chosen);
      toast(
        "success",
        `${item.transporter_id} was mapped to ${da ? `${da.first_name} ${da.last_name}` : "the DA"}!`,
      );
      onDone();
    } catch (err) {
      setError(errorOf(err) ?? "The transporter ID could not be mapped.");
      toast("error", "The transporter ID was not mapped.");
      setBusy(false);
    }
  }

  return (
    <form className="mt-2 space-y-2 rounded-md bg-slate-50 p-2.5" onSubmit={submit} data-testid="map-da-form">
      <label className="block text-xs font-medium text-slate-600">
        Find a DA of {station.tag}
        <input
          className="field-input mt-0.5 py-1.5"
          value={search}
          placeholder="Name, e-mail or transporter ID"
          data-testid="map-da-search"
          onChange={(e) => {
            setSearch(e.target.value);
            setChosen(null);
          }}
        />
      </label>
      <ul
        className="max-h-44 overflow-y-auto rounded border border-slate-200 bg-white text-sm"
        data-testid="map-da-options"
      >
        {das === null ? <li className="px-2 py-1.5 text-xs text-slate-500">Searching…</li> : null}
        {das?.length === 0
          ? <li className="px-2 py-1.5 text-xs text-slate-500">No DA of {station.tag} matches.</li>
          : null}
        {das?.map((d) => (
          <li key={d.id}>
            <label
              className={`flex cursor-pointer items-center gap-2 px-2 py-1.5 ${
                chosen === d.id ? "bg-brand-50" : "hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name={`map-${item.transporter_id}`}
                className="accent-brand-600"
                checked={chosen === d.id}
                onChange={() => setChosen(d.id)}
                data-testid="map-da-option"
              />
              <span className="min-w-0 flex-1 truncate">{d.first_name} {d.last_name}</span>
              <span className="font-mono text-[11px] text-slate-500">{d.transporter_id ?? "no ID"}</span>
            </label>
          </li>
        ))}
      </ul>
      {error
        ? <p role="alert" className="text-xs font-medium text-red-700" data-testid="link-error">{error}</p>
        : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-ghost px-2.5 py-1 text-xs" onClick={onCancel}>Cancel</button>
        <button
          type="submit"
          className="btn-primary px-2.5 py-1 text-xs"
          disabled={busy || chosen === null}
          title={chosen === null ? "Choose a DA first" : undefined}
          data-testid="map-da-submit"
        >
          {busy ? "Mapping…" : "Map to DA"}
        </button>
      </div>
    </form>
  );
}

export default function UnmatchedIds({ items, station, canLink, onLinked, hidden = false }: {
  hidden?: boolean;
  items: UnmatchedIdDto[];
  station: StationRef;
  canLink: boolean;
  onLinked: () => void;
}) {
  const [mode, setMode] = useState<Mode>(null);
  if (hidden) return null;
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="unmatched-none">
        Every transporter ID matches a DA.
      </p>
    );
  }
  const done = () => {
    setMode(null);
    onLinked();
  };
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" data-testid="unmatched">
      {items.map((u) => {
        const open = mode?.tid === u.transporter_id ? mode.kind : null;
        return (
          <li
            key={u.transporter_id}
            className="px-3 py-2"
            data-testid="unmatched-id"
            data-tid={u.transporter_id}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <div className="min-w-0 flex-1">
                <div className="font-mono text-sm font-semibold text-slate-800">{u.transporter_id}</div>
                <div className="text-xs text-slate-500">
                  {u.da_name ?? "No name in the file"} · {u.rows} row{u.rows === 1 ? "" : "s"}
                </div>
              </div>
              {canLink && !open
                ? (
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="btn-secondary px-2 py-1 text-xs"
                      data-testid="create-da"
                      onClick={() => setMode({ tid: u.transporter_id, kind: "create" })}
                    >
                      Create DA
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-2 py-1 text-xs"
                      data-testid="map-da"
                      onClick={() => setMode({ tid: u.transporter_id, kind: "map" })}
                    >
                      Map to DA
                    </button>
                  </div>
                )
                : null}
            </div>
            {open === "create"
              ? <CreateForm item={u} station={station} onDone={done} onCancel={() => setMode(null)} />
              : null}
            {open === "map"
              ? <MapForm item={u} station={station} onDone={done} onCancel={() => setMode(null)} />
              : null}
          </li>
        );
      })}
    </ul>
  );
}
