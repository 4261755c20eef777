// A tile's own pickers (03 2.7): station (the user's stations only), Week/Month/Day, and the period
// with previous/next steppers (next stops at the period holding today). Rules: lib/pulse/calc.ts.
import type { StationDto } from "../../lib/stations/dto.ts";
import { canStepPick } from "../../lib/dashboard/calc-period.ts";
import {
  type SelectType,
  settingLabel,
  stepSetting,
  type TileSetting,
  withType,
} from "../../lib/pulse/calc.ts";
import Icon from "../ui/Icon.tsx";

const TYPE_LABELS: Record<SelectType, string> = { week: "Week", month: "Month", day: "Day" };

export default function TileControls({ setting, stations, today, defaultDate, title, onChange }: {
  setting: TileSetting;
  stations: StationDto[];
  today: string;
  defaultDate: string;
  title: string;
  onChange: (s: TileSetting) => void;
}) {
  const nextOff = !canStepPick({ type: setting.selectType, date: setting.date }, today);
  const select = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="tile-controls">
      <select
        className={select}
        aria-label={`${title}: station`}
        value={setting.station}
        onChange={(e) => onChange({ ...setting, station: Number(e.target.value) })}
        data-testid="tile-station"
      >
        {stations.map((s) => <option key={s.id} value={s.id}>{s.tag || s.title}</option>)}
      </select>
      <select
        className={select}
        aria-label={`${title}: period type`}
        value={setting.selectType}
        onChange={(e) => onChange(withType(setting, e.target.value as SelectType, defaultDate))}
        data-testid="tile-type"
      >
        {(Object.keys(TYPE_LABELS) as SelectType[]).map((t) => (
          <option key={t} value={t}>{TYPE_LABELS[t]}</option>
        ))}
      </select>
      <span className="inline-flex items-center">
        <button
          type="button"
          className="btn-ghost px-1.5"
          aria-label={`${title}: previous period`}
          onClick={() => onChange(stepSetting(setting, -1, today))}
          data-testid="tile-prev"
        >
          <Icon name="chevronLeft" className="h-4 w-4" />
        </button>
        <span
          className="min-w-[7.5rem] text-center text-sm font-medium text-slate-700 tabular-nums"
          data-testid="tile-period"
        >
          {settingLabel(setting)}
        </span>
        <button
          type="button"
          className="btn-ghost px-1.5"
          aria-label={`${title}: next period`}
          disabled={nextOff}
          title={nextOff ? "The next period lies in the future" : undefined}
          onClick={() => onChange(stepSetting(setting, 1, today))}
          data-testid="tile-next"
        >
          <Icon name="chevronRight" className="h-4 w-4" />
        </button>
      </span>
    </div>
  );
}
