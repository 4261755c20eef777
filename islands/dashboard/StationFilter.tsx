// 'Station Filter' (01 "Dashboard"): a button with a badge counting the selected stations, opening a right
// drawer 'Select Stations:' with All, one box per station of the user, and Cancel, Refresh (clears the
// ticks) and Submit. Submitting no station keeps the previous selection (01 section 5).
import { useState } from "react";
import type { StationDto } from "../../lib/stations/dto.ts";
import Button from "../ui/Button.tsx";
import Drawer from "../ui/Drawer.tsx";

export default function StationFilter({ stations, selected, onSubmit }: {
  stations: StationDto[];
  selected: number[];
  onSubmit: (ids: number[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState<number[]>(selected);
  const all = ticked.length === stations.length && stations.length > 0;
  const toggle = (id: number) => setTicked((t) => t.includes(id) ? t.filter((x) => x !== id) : [...t, id]);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary relative"
        onClick={() => {
          setTicked(selected);
          setOpen(true);
        }}
        data-testid="station-filter"
      >
        Station Filter
        <span
          className="ml-2 inline-flex min-w-[1.5rem] justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
          aria-label={`${selected.length} stations selected`}
          data-testid="station-badge"
        >
          {selected.length}
        </span>
      </button>
      <Drawer
        open={open}
        title="Select Stations:"
        onClose={close}
        footer={
          <>
            <Button type="button" className="btn-secondary" onClick={close}>Cancel</Button>
            <Button
              type="button"
              className="btn-secondary"
              onClick={() => setTicked([])}
              data-testid="stations-refresh"
            >
              Refresh
            </Button>
            <Button
              type="button"
              className="btn-primary"
              onClick={() => {
                if (ticked.length) onSubmit([...ticked].sort((a, b) => a - b));
                close();
              }}
              data-testid="stations-submit"
            >
              Submit
            </Button>
          </>
        }
      >
        <fieldset className="space-y-2" data-testid="station-list">
          <legend className="sr-only">Stations</legend>
          <label className="flex items-center gap-2 font-medium text-slate-800">
            <input
              type="checkbox"
              checked={all}
              onChange={() => setTicked(all ? [] : stations.map((s) => s.id))}
            />
            All
          </label>
          {stations.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-slate-700">
              <input type="checkbox" checked={ticked.includes(s.id)} onChange={() => toggle(s.id)} />
              {s.title} <span className="text-slate-500">({s.tag})</span>
            </label>
          ))}
        </fieldset>
      </Drawer>
    </>
  );
}
