// The Pulse page (03 2.7): 14 tiles, each with its own station and period pickers, and the 'External
// setting' switch: on, the tiles' pickers hide and one shared set (Monthly/Weekly/Daily, the period
// stepper, the station) drives every tile. The page renders the first figures; each change asks the
// tile's statistic of GET api/statistic/ again.
import { useRef, useState } from "react";
import type { StationDto } from "../../lib/stations/dto.ts";
import type { PeriodType } from "../../lib/dates/periods.ts";
import { applyShared, statisticOf, tileQuery, TILES, type TileSetting } from "../../lib/pulse/calc.ts";
import { api } from "../client/api.ts";
import PeriodBar from "../dashboard/PeriodBar.tsx";
import TileBody from "./TileBody.tsx";
import TileControls from "./TileControls.tsx";
import { reactIsland } from "../ui/island.ts";

const SHARED_TYPES: [PeriodType, string][] = [["month", "Monthly"], ["week", "Weekly"], ["day", "Daily"]];
type State = "ready" | "loading" | "error";

export default function Pulse({ initial, settings: first, stations, today, defaultDate }: {
  initial: unknown[];
  settings: TileSetting[];
  stations: StationDto[];
  today: string;
  defaultDate: string;
}) {
  const [settings, setSettings] = useState(first);
  const [data, setData] = useState(initial);
  const [states, setStates] = useState<State[]>(() => TILES.map(() => "ready"));
  const [external, setExternal] = useState(false);
  const [shared, setShared] = useState<TileSetting>(first[0]);
  const asked = useRef<number[]>(TILES.map(() => 0));

  const setAt = <T,>(set: (f: (xs: T[]) => T[]) => void, i: number, v: T) =>
    set((xs) => xs.map((x, j) => (j === i ? v : x)));

  async function loadTile(i: number, s: TileSetting) {
    const n = ++asked.current[i];
    setAt(setStates, i, "loading");
    try {
      const q = new URLSearchParams({ statistic: statisticOf(TILES[i], s.selectType), ...tileQuery(s) });
      const d = await api<unknown>(`/api/statistic/?${q}`);
      if (n !== asked.current[i]) return;
      setAt(setData, i, d);
      setAt(setStates, i, "ready");
    } catch {
      if (n === asked.current[i]) setAt(setStates, i, "error");
    }
  }

  function changeTile(i: number, s: TileSetting) {
    setAt(setSettings, i, s);
    void loadTile(i, s);
  }

  function changeShared(s: TileSetting) {
    setShared(s);
    const all = applyShared(settings, s);
    setSettings(all);
    all.forEach((x, i) => void loadTile(i, x));
  }

  function toggleExternal() {
    const on = !external;
    setExternal(on);
    if (on) changeShared(shared);
  }

  return (
    <div className="space-y-4" data-testid="pulse">
      <div className="card flex flex-wrap items-center gap-3 px-3 py-3" data-testid="pulse-toolbar">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <button
            type="button"
            role="switch"
            aria-checked={external}
            onClick={toggleExternal}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
              external ? "bg-brand-600" : "bg-slate-300"
            }`}
            data-testid="external-switch"
          >
            <span
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
                external ? "translate-x-5" : "translate-x-0.5"
              }`}
            />
          </button>
          External setting
        </label>
        {external
          ? (
            <div className="flex flex-wrap items-center gap-3" data-testid="shared-controls">
              <PeriodBar
                pick={{ type: shared.selectType, date: shared.date }}
                today={today}
                defaultDate={defaultDate}
                types={SHARED_TYPES}
                onChange={(p) =>
                  changeShared({ ...shared, selectType: p.type as TileSetting["selectType"], date: p.date })}
              />
              <select
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                aria-label="Station for every tile"
                value={shared.station}
                onChange={(e) => changeShared({ ...shared, station: Number(e.target.value) })}
                data-testid="shared-station"
              >
                {stations.map((s) => <option key={s.id} value={s.id}>{s.tag || s.title}</option>)}
              </select>
            </div>
          )
          : <p className="text-sm text-slate-600">Each tile has its own station and period.</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="pulse-grid">
        {TILES.map((tile, i) => (
          <section
            key={tile.key}
            className="card flex min-w-0 flex-col gap-2 p-4"
            aria-labelledby={`tile-${tile.key}-title`}
            aria-busy={states[i] === "loading"}
            data-testid={`tile-${tile.key}`}
            data-state={states[i]}
          >
            <h2 id={`tile-${tile.key}-title`} className="text-base font-semibold text-slate-900">
              {tile.title}
            </h2>
            {external ? null : (
              <TileControls
                setting={settings[i]}
                stations={stations}
                today={today}
                defaultDate={defaultDate}
                title={tile.title}
                onChange={(s) => changeTile(i, s)}
              />
            )}
            {states[i] === "error"
              ? (
                <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                  The figures could not be loaded. Try again.
                </p>
              )
              : null}
            <div className={states[i] === "loading" ? "opacity-60" : ""}>
              <TileBody tile={tile} dto={data[i]} />
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

reactIsland(Pulse);
