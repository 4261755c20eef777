// /check/{id} (03 section 2.2): the week's measures per weekday (dd.mm) and in total, each a Score / DA off
// target pair; dsb and violation typed per day (not by the read-only role); the DAs off target on hover.
import { useState } from "react";
import type { CheckDayDto, CheckWeekDetailDto, DayMeasure, Measure, OffName } from "../../lib/checks/dto.ts";
import { shown, targetLabel, weekCellColour, weekHeaderColour } from "../../lib/checks/calc.ts";
import { formatDayMonth } from "../../lib/dates/format.ts";
import { api } from "../client/api.ts";
import WeekDaysHead from "./WeekDaysHead.tsx";
import { COLOUR_CLASS, FigureInput } from "./cells.tsx";
import ActDialog from "./ActDialog.tsx";
import { reactIsland } from "../ui/island.ts";

/** The rows of the week page, in 03 section 2.2's order. */
const ROWS: { m: Measure; label: string }[] = [
  { m: "dcr", label: "DCR" },
  { m: "dnr", label: "DNR" },
  { m: "dsb", label: "DSB" },
  { m: "pod", label: "POD" },
  { m: "cc", label: "CC" },
  { m: "ada", label: "ADA" },
  { m: "violation", label: "Violation" },
  { m: "whc", label: "WHC" },
  { m: "rescue_given", label: "RD" },
  { m: "mc", label: "MC" },
  { m: "oa", label: "OA" },
  { m: "cas", label: "CAS" },
  { m: "hp6w", label: "HP6W" },
  { m: "employee_satisfaction", label: "ES" },
];
const DAY_KEYS = new Set<string>(["dcr", "dnr", "dsb", "pod", "violation", "rescue_given", "mc", "oa"]);
const EDITABLE = new Set<string>(["dsb", "violation"]);

/** 'First Last', with 'x N' for dnr and dsb. */
const namesText = (names: OffName[]) =>
  names.map((n) =>
    `${n.driver__first_name} ${n.driver__last_name}`.trim() + (n.count !== undefined ? ` x ${n.count}` : "")
  ).join("\n");

function OffCell({ value, names }: { value: number | null; names: OffName[] }) {
  const text = namesText(names);
  return (
    <td
      className="text-right tabular-nums"
      title={text || undefined}
      data-testid={text ? "off-names" : undefined}
    >
      {text ? <span className="cursor-help underline decoration-dotted">{shown(value)}</span> : shown(value)}
    </td>
  );
}

export default function CheckWeek({ initial, canEditDay, canAct }: {
  initial: CheckWeekDetailDto;
  canEditDay: boolean;
  canAct: boolean;
}) {
  const [week, setWeek] = useState(initial);
  const [acting, setActing] = useState<{ m: Measure; label: string } | null>(null);

  async function saveDay(day: CheckDayDto, field: "dsb" | "violation", v: number | null) {
    const fresh = await api<CheckDayDto>(`/api/check-daily/${day.id}/`, {
      method: "PATCH",
      body: JSON.stringify({ [field]: v }),
    });
    // The day record replaces the old one; the totals follow from a fresh read of the week.
    setWeek((w) => ({ ...w, daily_checks: w.daily_checks.map((d) => (d.id === fresh.id ? fresh : d)) }));
    const all = await api<CheckWeekDetailDto>(`/api/check-weekly/${week.id}/`, { quiet: true });
    setWeek(all);
  }

  return (
    <div className="card overflow-x-auto" data-testid="check-week">
      <table className="data-table check-table text-xs">
        <WeekDaysHead week={week} days={week.daily_checks} act />
        <tbody>
          {ROWS.map(({ m, label }) => {
            const target = week.target[m];
            const header = COLOUR_CLASS[weekHeaderColour(m, week.scores[m], target)];
            return (
              <tr key={m} className="[&>*]:align-middle" data-testid="check-week-row" data-measure={m}>
                <th scope="row" className={`sticky left-0 text-left ${header || "bg-white"}`}>{label}</th>
                <td className="whitespace-nowrap text-slate-600">{targetLabel(m, target)}</td>
                {week.daily_checks.flatMap((d) => {
                  const dm = m as DayMeasure;
                  const day = DAY_KEYS.has(m);
                  const score = day ? d.scores[dm] : null;
                  return [
                    <td
                      key={`${d.id}-s`}
                      className={`text-right tabular-nums ${COLOUR_CLASS[weekCellColour(m, score, null)]}`}
                    >
                      {EDITABLE.has(m)
                        ? (
                          <FigureInput
                            value={m === "dsb" ? (d.typed.dsb ?? d.scores.dsb) : d.typed.violation}
                            label={`${label} on ${d.get_week_day} ${formatDayMonth(d.date)}`}
                            disabled={!canEditDay}
                            onSave={(v) => saveDay(d, m as "dsb" | "violation", v)}
                            testId={`day-${m}`}
                          />
                        )
                        : shown(score)}
                    </td>,
                    <OffCell
                      key={`${d.id}-n`}
                      value={day ? d.off_target[dm] : null}
                      names={day ? d.names[dm] : []}
                    />,
                  ];
                })}
                <td
                  className={`text-right font-semibold tabular-nums ${
                    COLOUR_CLASS[weekCellColour(m, week.scores[m], target)]
                  }`}
                >
                  {shown(week.scores[m])}
                </td>
                <OffCell value={week.off_target[m]} names={week.names[m]} />
                <td>
                  {canAct && week.names[m].some((n) => n.transporter_id)
                    ? (
                      <button
                        type="button"
                        className="btn-secondary px-2 py-0.5 text-xs"
                        onClick={() => setActing({ m, label })}
                        data-testid="act-open"
                      >
                        Act
                      </button>
                    )
                    : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ActDialog
        weekId={week.id}
        measure={acting?.m ?? null}
        label={acting?.label ?? ""}
        names={acting ? week.names[acting.m] : []}
        onClose={() => setActing(null)}
      />
    </div>
  );
}

reactIsland(CheckWeek);
