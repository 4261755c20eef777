// The header strip (02): Date, Station and the day's six people, each 'None' when absent. The people are
// chosen here too (PATCH api/da-daily-report/{id}/), while the report is open.
import type { ReactNode } from "react";
import type { ShiftReportDto } from "../../lib/shifts/dto.ts";
import type { DriverRef } from "../../lib/users/person-ref.ts";
// Its day only (not lib/dates/format.ts, whose instant and zone code the page would carry for this).
import { dayText } from "../../lib/dates/day-text.ts";
import LazySelect from "./LazySelect.tsx";
import { personName, type TrackerOptions } from "./types.ts";

const PEOPLE = [
  ["dispatcher", "Dispatcher"],
  ["support_dispatcher", "Support Dispatcher"],
  ["supervisor", "Supervisor"],
  ["special_supervisor", "Special Supervisor"],
  ["lead_driver", "Lead Driver"],
  ["fleet_coordinator", "Fleet Coordinator"],
] as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 truncate text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export default function HeaderStrip({ report, options, onChange }: {
  report: ShiftReportDto;
  options: () => TrackerOptions | null;
  onChange: (field: string, id: number | null) => Promise<boolean>;
}) {
  const candidates = (field: string) => () => {
    const o = options();
    const people: DriverRef[] = field === "lead_driver"
      ? [...(o?.staff ?? []), ...(o?.drivers ?? [])]
      : o?.staff ?? [];
    return people.map((p) => ({ value: String(p.id), label: personName(p) }));
  };
  return (
    <dl
      className="card grid grid-cols-2 gap-x-4 gap-y-3 p-4 sm:grid-cols-4 2xl:grid-cols-8"
      data-testid="header-strip"
    >
      <Item label="Date">
        {dayText(report.report_date)} <span className="text-slate-500">({report.get_week_day})</span>
      </Item>
      <Item label="Station">
        <span title={report.station.title}>{report.station.tag}</span>
      </Item>
      {PEOPLE.map(([field, label]) => {
        const person = report[field];
        return (
          <Item key={field} label={label}>
            <LazySelect
              name={field}
              label={label}
              value={person ? String(person.id) : ""}
              current={personName(person)}
              empty="None"
              disabled={report.closed}
              options={candidates(field)}
              className="tk-sel w-full max-w-full border-transparent bg-transparent px-0 font-medium hover:border-slate-300 disabled:border-transparent disabled:bg-transparent disabled:text-slate-900"
              onChange={(v) => onChange(field, Number(v) || null)}
            />
          </Item>
        );
      })}
    </dl>
  );
}
