/** Chosen spots by station id: the agency (id as text, "" for none) and the fleet group ids. */
export type SpotState = Record<number, { agency: string; fleet_groups: number[] }>;

/** Station spots of a staff account: one row per station of the editor, ticked rows get agency and fleet groups. */
export default function StaffSpots({ stations, agencies, fleetGroups, value, onChange, error }: {
  stations: { id: number; title: string; tag: string }[];
  agencies: { id: number; name: string }[];
  fleetGroups: { id: number; name: string }[];
  value: SpotState;
  onChange: (next: SpotState) => void;
  error?: string | null;
}) {
  const toggle = (id: number) => {
    const next = { ...value };
    if (next[id]) delete next[id];
    else next[id] = { agency: "", fleet_groups: [] };
    onChange(next);
  };
  const patch = (id: number, p: Partial<SpotState[number]>) =>
    onChange({ ...value, [id]: { ...value[id], ...p } });

  return (
    <fieldset data-testid="station-spots">
      <legend className="field-label">Station spots</legend>
      {stations.length === 0 ? <p className="text-sm text-slate-500">You have no stations to give.</p> : (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
          aria-invalid={error ? true : undefined}
        >
          {stations.map((s) => {
            const spot = value[s.id];
            return (
              <li key={s.id} className="px-3 py-2.5" data-testid={`spot-${s.tag}`}>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={!!spot}
                      onChange={() => toggle(s.id)}
                      aria-label={`Station ${s.tag}`}
                    />
                    <span className="rounded bg-brand-50 px-2 py-0.5 font-mono text-xs font-semibold text-brand-700">
                      {s.tag}
                    </span>
                    <span className="truncate text-slate-700">{s.title}</span>
                  </label>
                  {spot
                    ? (
                      <label className="flex items-center gap-2 text-sm text-slate-600">
                        Agency
                        <select
                          className="field-input w-44 py-1.5"
                          value={spot.agency}
                          aria-label={`Agency at ${s.tag}`}
                          onChange={(e) => patch(s.id, { agency: e.target.value })}
                        >
                          <option value="">None</option>
                          {agencies.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                        </select>
                      </label>
                    )
                    : null}
                </div>
                {spot && fleetGroups.length > 0
                  ? (
                    <div className="mt-2 flex flex-wrap items-center gap-2 pl-6 text-xs">
                      <span className="text-slate-500">Fleet groups:</span>
                      {fleetGroups.map((g) => {
                        const on = spot.fleet_groups.includes(g.id);
                        return (
                          <label
                            key={g.id}
                            className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 ${
                              on
                                ? "border-brand-500 bg-brand-50 text-brand-700"
                                : "border-slate-300 text-slate-600"
                            }`}
                          >
                            <input
                              type="checkbox"
                              className="h-3 w-3 accent-brand-600"
                              checked={on}
                              onChange={() =>
                                patch(s.id, {
                                  fleet_groups: on
                                    ? spot.fleet_groups.filter((x) => x !== g.id)
                                    : [...spot.fleet_groups, g.id],
                                })}
                            />
                            {g.name}
                          </label>
                        );
                      })}
                    </div>
                  )
                  : null}
              </li>
            );
          })}
        </ul>
      )}
      {error ? <p className="field-error" data-testid="error-station_spots">{error}</p> : null}
    </fieldset>
  );
}
