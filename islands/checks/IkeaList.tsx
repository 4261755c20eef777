// /check-ikea (03 section 2.4): the station's IKEA weeks with a date range, DCR, OA and MC as S / # pairs
// coloured against the week's targets, the typed Infractions, RS, Tenured DA and ESS (inputs for
// management, saved on blur), and the Average row when a range is set. The list itself is WeeklyList.tsx,
// shared with /check; this file is its IKEA configuration.
import type { StationChoice } from "../../lib/checks/dto.ts";
import { shown, weekLabel } from "../../lib/checks/calc.ts";
import { ikeaColour } from "../../lib/ikea/calc.ts";
import type { IkeaFigure, IkeaListDto, IkeaMeasure, IkeaTyped, IkeaWeekDto } from "../../lib/ikea/dto.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import { FigureInput } from "./cells.tsx";
import WeeklyList, { type PairColumn, type SingleColumn } from "./WeeklyList.tsx";
import { reactIsland } from "../ui/island.ts";

const SCORED: { m: IkeaMeasure; label: string; title: string }[] = [
  { m: "dcr", label: "DCR", title: "Delivery Completion Rate" },
  { m: "oa", label: "OA", title: "Ontime Attendance" },
  { m: "mc", label: "MC", title: "Morning Checklist" },
];
const TYPED: { f: IkeaTyped; label: string; title: string }[] = [
  { f: "infraction", label: "Infractions", title: "Infractions" },
  { f: "reliability_score", label: "RS", title: "Reliability Score" },
  { f: "tenured_da", label: "Tenured DA", title: "Tenured DAs" },
  { f: "employee_satisfaction_survey", label: "ESS", title: "Employee Satisfaction Survey" },
];

export const IKEA_DEFAULTS = { page: "1", page_size: "10", station: "", date_from: "", date_to: "" };

type Average = Record<IkeaFigure, number | null>;

export default function IkeaList({ stations, initialQuery, initialData, canEdit }: {
  stations: StationChoice[];
  initialQuery: Record<string, string>;
  initialData: IkeaListDto | null;
  canEdit: boolean;
}) {
  const list = useList<IkeaWeekDto>("/api/ikea-weekly/", IKEA_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });

  async function save(row: IkeaWeekDto, field: IkeaTyped, v: number | null) {
    const fresh = await api<IkeaWeekDto>(`/api/ikea-weekly/${row.id}/`, {
      method: "PATCH",
      body: JSON.stringify({ [field]: v }),
    });
    list.replaceRows([fresh]);
  }

  const pairs: PairColumn<IkeaWeekDto, Average>[] = SCORED.map(({ m, label, title }) => ({
    key: m,
    label,
    title,
    tone: (r) => ikeaColour(m, r[m], r.target[m]),
    score: (r) => shown(r[m]),
    off: (r) => shown(r[`${m}_da_off_target`]),
    average: (a) => [a[m], a[`${m}_da_off_target`]],
  }));
  const singles: SingleColumn<IkeaWeekDto, Average>[] = TYPED.map(({ f, label, title }) => ({
    key: f,
    label,
    title,
    cell: (r) =>
      canEdit
        ? (
          <FigureInput
            value={r[f]}
            label={`${title}, week ${weekLabel(r.week_number, r.year)}`}
            onSave={(v) => save(r, f, v)}
            testId={`ikea-${f}-input`}
          />
        )
        : shown(r[f]),
    average: (a) => a[f],
  }));

  return (
    <WeeklyList
      prefix="ikea"
      stations={stations}
      list={list}
      average={(list.data as IkeaListDto).average ?? null}
      pairs={pairs}
      singles={singles}
      openHref={(r) => `/check-ikea/${r.id}`}
      empty="No IKEA weeks in this range yet."
      failed="The IKEA checks could not be loaded."
    />
  );
}

reactIsland(IkeaList);
