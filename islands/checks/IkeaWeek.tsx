// /check-ikea/{id}: the IKEA week's DCR, OA and MC per weekday (dd.mm) and in total, each a Score / DA off
// target pair coloured against the week's targets, typed per day by management (saved on blur); the Total
// is the mean of the days' scores and the sum of their DAs off target (lib/ikea/calc.ts). A measure off target
// gets 'Act': an /act-ikea action for a DA picked by hand (IkeaActDialog.tsx).
import { useState } from "react";
import { shown, targetLabel } from "../../lib/checks/calc.ts";
import { ikeaColour, ikeaOffTarget } from "../../lib/ikea/calc.ts";
import type { ActionDaDto } from "../../lib/actions/dto.ts";
import type { IkeaDayDto, IkeaDayFigure, IkeaMeasure, IkeaWeekDetailDto } from "../../lib/ikea/dto.ts";
import { formatDayMonth } from "../../lib/dates/format.ts";
import { api } from "../client/api.ts";
import WeekDaysHead from "./WeekDaysHead.tsx";
import { COLOUR_CLASS, FigureInput } from "./cells.tsx";
import IkeaActDialog from "./IkeaActDialog.tsx";
import { reactIsland } from "../ui/island.ts";

const ROWS: { m: IkeaMeasure; label: string; title: string }[] = [
  { m: "dcr", label: "DCR", title: "Delivery Completion Rate" },
  { m: "oa", label: "OA", title: "Ontime Attendance" },
  { m: "mc", label: "MC", title: "Morning Checklist" },
];

export default function IkeaWeek({ initial, canEdit, canAct, das }: {
  initial: IkeaWeekDetailDto;
  canEdit: boolean;
  /** may make actions (/act-ikea) for a measure off target */
  canAct: boolean;
  /** the station's DAs, the action dialog's choices */
  das: ActionDaDto[];
}) {
  const [week, setWeek] = useState(initial);
  const [acting, setActing] = useState<{ m: IkeaMeasure; label: string } | null>(null);

  async function saveDay(day: IkeaDayDto, field: IkeaDayFigure, v: number | null) {
    setWeek(
      await api<IkeaWeekDetailDto>(`/api/ikea-daily/${day.id}/`, {
        method: "PATCH",
        body: JSON.stringify({ [field]: v }),
      }),
    );
  }

  return (
    <div className="card overflow-x-auto" data-testid="ikea-week">
      <table className="data-table check-table text-xs [&_td]:px-1 [&_th]:px-1.5">
        <WeekDaysHead week={week} days={week.daily_checks} act={canAct} />
        <tbody>
          {ROWS.map(({ m, label, title }) => {
            const target = week.target[m];
            const off = `${m}_da_off_target` as const;
            return (
              <tr key={m} className="[&>*]:align-middle" data-testid="ikea-week-row" data-measure={m}>
                <th
                  scope="row"
                  className={`sticky left-0 text-left ${
                    COLOUR_CLASS[ikeaColour(m, week[m], target)] || "bg-white"
                  }`}
                >
                  <abbr title={title} className="no-underline">{label}</abbr>
                </th>
                <td className="whitespace-nowrap text-slate-600">{targetLabel(m, target)}</td>
                {week.daily_checks.flatMap((d) => {
                  const when = `${d.get_week_day} ${formatDayMonth(d.date)}`;
                  return [
                    <td
                      key={`${d.id}-s`}
                      className={`text-right tabular-nums ${COLOUR_CLASS[ikeaColour(m, d[m], target)]}`}
                    >
                      {canEdit
                        ? (
                          <FigureInput
                            value={d[m]}
                            decimal
                            label={`${label} score on ${when}`}
                            onSave={(v) => saveDay(d, m, v)}
                            testId={`ikea-day-${m}`}
                          />
                        )
                        : shown(d[m])}
                    </td>,
                    <td key={`${d.id}-n`} className="text-right tabular-nums">
                      {canEdit
                        ? (
                          <FigureInput
                            value={d[off]}
                            narrow
                            label={`${label} DAs off target on ${when}`}
                            onSave={(v) => saveDay(d, off, v)}
                            testId={`ikea-day-${off}`}
                          />
                        )
                        : shown(d[off])}
                    </td>,
                  ];
                })}
                <td
                  className={`text-right font-semibold tabular-nums ${
                    COLOUR_CLASS[ikeaColour(m, week[m], target)]
                  }`}
                  data-testid={`ikea-total-${m}`}
                >
                  {shown(week[m])}
                </td>
                <td className="text-right font-semibold tabular-nums">{shown(week[off])}</td>
                {canAct
                  ? (
                    <td>
                      {ikeaOffTarget(week, week.daily_checks, m)
                        ? (
                          <button
                            type="button"
                            className="btn-secondary px-2 py-0.5 text-xs"
                            onClick={() => setActing({ m, label })}
                            data-testid="ikea-act-open"
                          >
                            Act
                          </button>
                        )
                        : null}
                    </td>
                  )
                  : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <IkeaActDialog
        weekId={week.id}
        measure={acting?.m ?? null}
        label={acting?.label ?? ""}
        das={das}
        onClose={() => setActing(null)}
      />
    </div>
  );
}

reactIsland(IkeaWeek);
