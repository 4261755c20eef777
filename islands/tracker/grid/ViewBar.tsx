// Above the grid: the column sets, the user's columns (shown, order), the density and the 'rows with gaps'
// filter. The view is saved with the user's settings (PUT api/settings/tracker-view/) on every change; the
// page renders with it, so a reload shows the same grid with no flash. The Columns menu (ColumnsMenu.tsx)
// is loaded when first opened.
import { useCallback, useState } from "react";
import { api } from "../../client/api.ts";
import {
  COLUMN_SETS,
  GRID_COLUMNS,
  SET_LABELS,
  setColumns,
  type TrackerView,
} from "../../../lib/shifts/tracker/calc-grid.ts";
import { deferred, Part } from "../../ui/Deferred.tsx";

const LABEL = Object.fromEntries(GRID_COLUMNS.map((c) => [c.id, c.label]));

/** The Columns menu, loaded when first opened (a hover or focus on its button starts it). */
const ColumnsMenu = deferred(() => import("./ColumnsMenu.tsx"));

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
          onPointerEnter={ColumnsMenu.preload}
          onFocus={ColumnsMenu.preload}
          data-testid="columns-button"
        >
          Columns
        </button>
        {open
          ? (
            <Part>
              <ColumnsMenu
                view={view}
                inSet={view.order.filter((id) => setColumns(view.set).includes(id))}
                labels={LABEL}
                setLabel={SET_LABELS[view.set]}
                onChange={onChange}
                onClose={() => setOpen(false)}
              />
            </Part>
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
