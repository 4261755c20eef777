// /check-ikea (03 section 2.4): the station's IKEA weeks with a date range, DCR, OA and MC as S / # pairs
// coloured against the week's targets, the typed Infractions, RS, Tenured DA and ESS (inputs for
// management, saved on blur), and the Average row when a range is set.
import type { StationChoice } from "../../lib/checks/dto.ts";
import { shown, weekLabel } from "../../lib/checks/calc.ts";
import { ikeaColour } from "../../lib/ikea/calc.ts";
import type { IkeaListDto, IkeaMeasure, IkeaTyped, IkeaWeekDto } from "../../lib/ikea/dto.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import DateInput from "../ui/DateInput.tsx";
import Pager from "../ui/Pager.tsx";
import { COLOUR_CLASS, FigureInput } from "./cells.tsx";

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
  const data = list.data as IkeaListDto;
  const rows = data.results;
  const average = data.average ?? null;

  async function save(row: IkeaWeekDto, field: IkeaTyped, v: number | null) {
    const fresh = await api<IkeaWeekDto>(`/api/ikea-weekly/${row.id}/`, {
      method: "PATCH",
      body: JSON.stringify({ [field]: v }),
    });
    list.replaceRows([fresh]);
  }

  return (
    <div className="card" data-testid="ikea-list">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-3 py-3">
        <label className="text-sm">
          <span className="field-label">Station</span>
          <select
            className="field-input py-1.5"
            value={list.query.station || String(stations[0]?.id ?? "")}
            onChange={(e) => list.setQuery({ station: e.target.value })}
            data-testid="ikea-station"
          >
            {stations.map((s) => <option key={s.id} value={s.id}>{s.title} ({s.tag})</option>)}
          </select>
        </label>
        <div className="text-sm">
          <span className="field-label">From</span>
          <DateInput
            value={list.query.date_from ?? ""}
            ariaLabel="From date"
            max={list.query.date_to || undefined}
            onChange={(v) => list.setQuery({ date_from: v })}
            testId="ikea-from"
          />
        </div>
        <div className="text-sm">
          <span className="field-label">To</span>
          <DateInput
            value={list.query.date_to ?? ""}
            ariaLabel="To date"
            min={list.query.date_from || undefined}
            onChange={(v) => list.setQuery({ date_to: v })}
            testId="ikea-to"
          />
        </div>
      </div>
      <div
        className={`max-h-[calc(100dvh-12rem)] overflow-auto ${list.state === "loading" ? "opacity-60" : ""}`}
      >
        <table className="data-table check-table text-xs" data-testid="ikea-table">
          <thead className="sticky top-0 z-10 bg-white">
            <tr>
              <th rowSpan={2} className="sticky left-0 bg-white">Date</th>
              {SCORED.map((c) => (
                <th key={c.m} colSpan={2} className="text-center" title={c.title}>
                  <abbr title={c.title} className="no-underline">{c.label}</abbr>
                </th>
              ))}
              {TYPED.map((c) => (
                <th key={c.f} rowSpan={2} className="text-right" title={c.title}>{c.label}</th>
              ))}
              <th rowSpan={2}>
                <span className="sr-only">Open</span>
              </th>
            </tr>
            <tr>
              {SCORED.flatMap((c) => [
                <th key={`${c.m}-s`} className="text-right" title="Current Score">S</th>,
                <th key={`${c.m}-n`} className="text-right" title="DA off target">#</th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {average
              ? (
                <tr className="bg-slate-50 font-semibold" data-testid="ikea-average">
                  <td className="sticky left-0 bg-slate-50">Average</td>
                  {SCORED.flatMap((c) => [
                    <td key={`${c.m}-s`} className="text-right tabular-nums">{shown(average[c.m])}</td>,
                    <td key={`${c.m}-n`} className="text-right tabular-nums">
                      {shown(average[`${c.m}_da_off_target`])}
                    </td>,
                  ])}
                  {TYPED.map((c) => (
                    <td key={c.f} className="text-right tabular-nums">{shown(average[c.f])}</td>
                  ))}
                  <td />
                </tr>
              )
              : null}
            {rows.map((r) => (
              <tr key={r.id} className="[&>*]:align-middle" data-testid="ikea-row" data-ikea-id={r.id}>
                <td className="sticky left-0 whitespace-nowrap bg-white font-medium">
                  {weekLabel(r.week_number, r.year)}
                </td>
                {SCORED.flatMap((c) => [
                  <td
                    key={`${c.m}-s`}
                    className={`text-right tabular-nums ${
                      COLOUR_CLASS[ikeaColour(c.m, r[c.m], r.target[c.m])]
                    }`}
                    data-measure={c.m}
                  >
                    {shown(r[c.m])}
                  </td>,
                  <td key={`${c.m}-n`} className="text-right tabular-nums">
                    {shown(r[`${c.m}_da_off_target`])}
                  </td>,
                ])}
                {TYPED.map((c) => (
                  <td key={c.f} className="text-right tabular-nums" data-field={c.f}>
                    {canEdit
                      ? (
                        <FigureInput
                          value={r[c.f]}
                          label={`${c.title}, week ${weekLabel(r.week_number, r.year)}`}
                          onSave={(v) => save(r, c.f, v)}
                          testId={`ikea-${c.f}-input`}
                        />
                      )
                      : shown(r[c.f])}
                  </td>
                ))}
                <td>
                  <a
                    className="btn-secondary whitespace-nowrap px-2 py-1"
                    href={`/check-ikea/${r.id}`}
                    data-testid="ikea-open"
                  >
                    Open week
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!rows.length && list.state !== "loading"
          ? (
            <p className="p-6 text-center text-sm text-slate-500" data-testid="ikea-empty">
              {list.state === "error"
                ? "The IKEA checks could not be loaded."
                : "No IKEA weeks in this range yet."}
            </p>
          )
          : null}
      </div>
      <Pager {...list.paging} />
    </div>
  );
}
