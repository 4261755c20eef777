// The week grid: one row per person (name, a driver or dispatcher icon, the week's total hours), seven day
// columns Sunday..Saturday. A day is empty, unavailable, available without a role, or a role with its hours
// and start time, tagged 'Not Published' until the week is published. Past days are greyed out and cannot
// be clicked (the Owner keeps yesterday: lib/schedule/policy.ts). On a narrow screen the grid scrolls
// sideways with the name column frozen.
import Icon from "../ui/Icon.tsx";
import type { ScheduleEntryDto, SchedulePersonDto, ScheduleWeekDto } from "../../lib/schedule/dto.ts";
import { canCopy, dayEditable } from "../../lib/schedule/policy.ts";
import { weekdayAbbrev } from "../../lib/dates/format.ts";
import type { Mode } from "./ScheduleToolbar.tsx";

export interface CellRef {
  person: SchedulePersonDto;
  date: string;
  entry: ScheduleEntryDto | null;
}

const dayMonth = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}`;

function PersonIcon({ role }: { role: number }) {
  if (role === 5) {
    return (
      <span
        role="img"
        title="Driver"
        aria-label="Driver"
        className="text-brand-600"
        data-testid="icon-driver"
      >
        <Icon name="fleet-status" className="h-4 w-4" />
      </span>
    );
  }
  if (role === 1) {
    return (
      <span
        role="img"
        title="Dispatcher"
        aria-label="Dispatcher"
        className="text-amber-600"
        data-testid="icon-dispatcher"
      >
        <Icon name="report" className="h-4 w-4" />
      </span>
    );
  }
  return null;
}

function CellBody({ entry }: { entry: ScheduleEntryDto | null }) {
  if (!entry) return <span className="text-slate-300">—</span>;
  if (!entry.is_available) {
    return <span className="text-slate-500" data-state="unavailable">Unavailable</span>;
  }
  if (entry.role === null) {
    return (
      <span className="text-emerald-700" data-state="available">
        Available <span className="text-xs text-slate-500">{entry.shift_start_time}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5" data-state="assigned">
      <span className="font-medium text-slate-900">{entry.role_name}</span>
      <span className="text-xs text-slate-600">
        {entry.role_hours} h · {entry.shift_start_time}
      </span>
      {entry.helper_of_name && <span className="text-xs text-slate-500">helps {entry.helper_of_name}</span>}
      {!entry.is_published && (
        <span
          className="w-fit rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-800"
          data-testid="not-published"
        >
          Not Published
        </span>
      )}
    </span>
  );
}

function clickable(mode: Mode, entry: ScheduleEntryDto | null, copying: boolean): boolean {
  if (mode === "manual") return true;
  if (mode === "delete") return entry?.role != null;
  return copying || canCopy(entry && { role: entry.role, helperOfId: entry.helper_of });
}

export default function ScheduleGrid({ data, mode, copiedId, viewerRole, onCell }: {
  data: ScheduleWeekDto;
  mode: Mode;
  copiedId: number | null;
  viewerRole: number;
  onCell: (c: CellRef) => void;
}) {
  const open = data.date_list.map((d) => dayEditable(d, data.today, viewerRole));
  return (
    <div className="card overflow-x-auto" data-testid="schedule-grid">
      <table className="w-full min-w-[980px] table-fixed border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th className="sticky left-0 z-20 w-48 border-b border-r border-slate-200 bg-slate-100 px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600">
              Person
            </th>
            {data.date_list.map((d, i) => (
              <th
                key={d}
                className={`border-b border-slate-200 px-2 py-2 text-left text-xs font-semibold ${
                  d === data.today ? "bg-brand-50 text-brand-700" : open[i]
                    ? "bg-slate-100 text-slate-700"
                    // A closed day reads quieter, still legible (no opacity: its contrast is what axe measures).
                    : "bg-slate-100 text-slate-600"
                }`}
              >
                {dayMonth(d)} <span className="font-normal">{weekdayAbbrev(d)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.data_list.length === 0 && (
            <tr>
              <td colSpan={8} className="px-3 py-8 text-center text-slate-500" data-testid="schedule-empty">
                Nobody at this station matches these filters.
              </td>
            </tr>
          )}
          {data.data_list.map((p) => (
            <tr key={p.id} data-testid="schedule-row" data-user={p.id}>
              <th
                scope="row"
                className="sticky left-0 z-10 w-48 border-b border-r border-slate-200 bg-white px-3 py-2 text-left font-normal"
              >
                <span className="flex items-center gap-1.5">
                  <PersonIcon role={p.role} />
                  <span className="truncate font-medium text-slate-900">{p.first_name} {p.last_name}</span>
                </span>
                <span className="text-xs text-slate-500" data-testid="total-hours">
                  {p.total_hours} h this week
                </span>
              </th>
              {data.date_list.map((d, i) => {
                const entry = p.reports[i];
                const enabled = open[i] && clickable(mode, entry, copiedId !== null);
                return (
                  <td key={d} className="border-b border-slate-100 p-1 align-top">
                    <button
                      type="button"
                      disabled={!enabled}
                      onClick={() => onCell({ person: p, date: d, entry })}
                      className={`min-h-[3.5rem] w-full rounded-md border px-2 py-1 text-left text-sm ${
                        entry && entry.id === copiedId
                          ? "border-brand-500 ring-2 ring-brand-200"
                          : "border-transparent hover:border-slate-300"
                      } ${
                        open[i] ? "" : "bg-slate-50 opacity-60"
                      } disabled:cursor-default disabled:hover:border-transparent`}
                      data-testid="schedule-cell"
                      data-date={d}
                    >
                      <CellBody entry={entry} />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
