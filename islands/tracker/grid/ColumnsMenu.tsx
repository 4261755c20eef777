// The Columns menu of the view bar: the set's columns, ticked to show, with arrows to move them. Loaded
// when first opened (ViewBar.tsx; a hover or focus on its button starts it): a setting, not what showing
// the rows needs (issue 15: the page's script). The columns' words come as props: importing calc-grid.ts
// here would split it out of the page's chunk into one of its own.
import type { TrackerView } from "../../../lib/shifts/tracker/calc-grid.ts";

export default function ColumnsMenu({ view, inSet, labels, setLabel, onChange, onClose }: {
  view: TrackerView;
  /** The set's movable columns in the user's order. */
  inSet: string[];
  labels: Record<string, string>;
  setLabel: string;
  onChange: (v: TrackerView) => void;
  onClose: () => void;
}) {
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
    <div
      className="absolute left-0 z-40 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
      data-testid="columns-menu"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <p className="px-1 pb-1 text-xs text-slate-500">
        {setLabel}: tick to show, arrows to move. #, DA and Fleet No. always show.
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
              {labels[id]}
            </label>
            <button
              type="button"
              className="tk-icon-btn"
              aria-label={`Move ${labels[id]} left`}
              disabled={i === 0}
              onClick={() =>
                move(id, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="tk-icon-btn"
              aria-label={`Move ${labels[id]} right`}
              disabled={i === inSet.length - 1}
              onClick={() => move(id, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
