// The week pages' header both customers share (/check/{id}, /check-ikea/{id}): the week, Target, a Score /
// Off pair per weekday (dd.mm) and a Total pair, and an Act column where actions may be made.
import { weekLabel } from "../../lib/checks/calc.ts";
import { formatDayMonth } from "../../lib/dates/format.ts";

export default function WeekDaysHead({ week, days, act }: {
  week: { week_number: number; year: number };
  days: { id: number; date: string; get_week_day: string }[];
  act: boolean;
}) {
  return (
    <thead className="sticky top-0 z-10 bg-white">
      <tr>
        <th rowSpan={2} className="sticky left-0 bg-white">Week: {weekLabel(week.week_number, week.year)}</th>
        <th rowSpan={2}>Target</th>
        {days.map((d) => (
          <th key={d.id} colSpan={2} className="text-center">
            {d.get_week_day} {formatDayMonth(d.date)}
          </th>
        ))}
        <th colSpan={2} className="text-center">Total</th>
        {act ? <th rowSpan={2}>Act</th> : null}
      </tr>
      <tr>
        {[...days.map((d) => d.id), "total"].flatMap((k) => [
          <th key={`${k}-s`} className="text-right">Score</th>,
          <th key={`${k}-n`} className="text-right">
            <abbr title="DA off target" className="no-underline">Off</abbr>
          </th>,
        ])}
      </tr>
    </thead>
  );
}
