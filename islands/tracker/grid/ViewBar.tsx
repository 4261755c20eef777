// Above the grid: the column sets, the user's columns (shown, order), the density and the 'rows with gaps'
// filter. The view is saved with the user's settings (PUT api/settings/tracker-view/) on every change; the
// page renders with it, so a reload shows the same grid with no flash.
import { useCallback, useState } from "react";
import { api } from "../../client/api.ts";
import {
  COLUMN_SETS,
  GRID_COLUMNS,
  SET_LABELS,
  setColumns,
  type TrackerView,
} from "../../../lib/shifts/tracker/calc-grid.ts";

const LABEL = Object.fromEntries(GRID_COLUMNS.map((c) => [c.id, c.label]));

/** The view as this page knows it, saved on each change (the last answer wins). */
export function useTrackerView(initial: TrackerView) {
  const [view, setView] = useState(initial);
  const update = useCallback((next: TrackerView) => {
    setView(next);
    void api<TrackerView>("/api/settings/tracker-view/", { method: "PUT", json: next }).catch(() => {});
  }, []);
  return { view, update };
}

export default function ViewBar({ view, onChange, gaps, gapCount, onGaps }: {
  view: TrackerView;
  onChange: (v: TrackerView) => void;
  gaps: boolean;
  gapCount: number;
  onGaps: (on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const inSet = view.order.filter((id) => setColumns(view.set).includes(id));
  const move = (id: string, by: -1 | 1) => {
    const i = inSet.indexOf(id);
    const other = inSet[i + by];
    if (!other) return;
    const order = [...view.order];
    const a = order.indexOf(id);
    const b = order.indexOf(other);
    [order[a], order[b]] = [order[b], order[a]];
    onChange({ ...view, order });
  };
  const toggle = (id: string) =>
    onChange({
      ...view,
      hidden: view.hidden.includes(id) ? view.hidden.filter((h) => h !== id) : [...view.hidden, id],
    });
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="view-bar">
      <div
        className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
        role="group"
        aria-label="Column set"
      >
        {COLUMN_SETS.map((s) => (
          <button
            key={s}
            type="button"
            className={`rounded px-2.5 py-1 text-sm ${
              view.set === s ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
            aria-pressed={view.set === s}
            data-testid={`set-${s}`}
            onClick={() => onChange({ ...view, set: s })}
          >
            {SET_LABELS[s]}
          </button>
        ))}
      </div>
      <div className="relative">
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="columns-button"
        >
          Columns
        </button>
        {open
          ? (
            <div
              className="absolute left-0 z-40 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
              data-testid="columns-menu"
              onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
            >
              <p className="px-1 pb-1 text-xs text-slate-500">
                {SET_LABELS[view.set]}: tick to show, arrows to move. #, DA and Fleet No. always show.
              </p>
              <ul className="max-h-80 overflow-auto">
                {inSet.map((id, i) => (
                  <li key={id} className="flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-50">
                    <label className="flex flex-1 items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        checked={!view.hidden.includes(id)}
                        onChange={() =>
                          toggle(id)}
                      />
                      {LABEL[id]}
                    </label>
                    <button
                      type="button"
                      className="tk-icon-btn"
                      aria-label={`Move ${LABEL[id]} left`}
                      disabled={i === 0}
                      onClick={() =>
                        move(id, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="tk-icon-btn"
                      aria-label={`Move ${LABEL[id]} right`}
                      disabled={i === inSet.length - 1}
                      onClick={() => move(id, 1)}
                    >
                      ↓
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )
          : null}
      </div>
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={view.density === "compact"}
        data-testid="density"
        onClick={() => onChange({ ...view, density: view.density === "compact" ? "normal" : "compact" })}
      >
        {view.density === "compact" ? "Compact rows" : "Comfortable rows"}
      </button>
      <button
        type="button"
        className={gaps ? "btn-primary" : "btn-secondary"}
        aria-pressed={gaps}
        data-testid="gaps-filter"
        title="Rows still missing a DA, a van, a route or a wave"
        onClick={() => onGaps(!gaps)}
      >
        Rows with gaps ({gapCount})
      </button>
    </div>
  );
}
