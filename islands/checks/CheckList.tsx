// /check (03 section 2.1): the station's weekly checks with a date range, an S / # pair per measure, the
// Average row when a range is set, colours against the week's targets, and (management) whc off-target and
// employee satisfaction typed in the rows. The upload dialog for management.
import { useState } from "react";
import type { CheckListDto, CheckWeekDto, Measure, StationChoice } from "../../lib/checks/dto.ts";
import { listColour, shown, weekLabel } from "../../lib/checks/calc.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import DateInput from "../ui/DateInput.tsx";
import Pager from "../ui/Pager.tsx";
import Icon from "../ui/Icon.tsx";
import UploadDialog from "./UploadDialog.tsx";
import { COLOUR_CLASS, FigureInput } from "./cells.tsx";

/** The list's columns (03 section 2.1), each a measure with its S and # sub-columns. */
const COLUMNS: { m: Measure; label: string; title: string }[] = [
  { m: "dcr", label: "DCR", title: "Delivery Completion Rate" },
  { m: "dnr", label: "DNR", title: "Delivered Not Received" },
  { m: "dsb", label: "DSB", title: "Delivery Success Behaviors" },
  { m: "pod", label: "POD", title: "Photo On Delivery" },
  { m: "violation", label: "VIO", title: "Violation" },
  { m: "rescue_given", label: "RG", title: "Rescue Given" },
  { m: "mc", label: "MC", title: "Morning Checklist" },
  { m: "oa", label: "OA", title: "Ontime Attendance" },
  { m: "ada", label: "ADA", title: "Attended Delivery Accuracy" },
  { m: "whc", label: "WHC", title: "Working Hours Compliance" },
  { m: "hp6w", label: "HP6W", title: "High Performer in Weeks" },
  { m: "cas", label: "CAS", title: "Comprehensive Audit Score" },
  { m: "employee_satisfaction", label: "ES", title: "Employee Satisfaction" },
];

export const CHECK_DEFAULTS = { page: "1", page_size: "10", station: "", date_from: "", date_to: "" };

export default function CheckList({ stations, initialQuery, initialData, canEditWeek, canUpload }: {
  stations: StationChoice[];
  initialQuery: Record<string, string>;
  initialData: CheckListDto | null;
  canEditWeek: boolean;
  canUpload: boolean;
}) {
  const list = useList<CheckWeekDto>("/api/check-weekly/", CHECK_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });
  const [uploading, setUploading] = useState(false);
  const data = list.data as CheckListDto;
  const rows = data.results;
  const average = data.average ?? null;

  async function saveWeek(
    row: CheckWeekDto,
    field: "whc_da_off_target" | "employee_satisfaction",
    v: number | null,
  ) {
    const fresh = await api<CheckWeekDto>(`/api/check-weekly/${row.id}/`, {
      method: "PATCH",
      body: JSON.stringify({ [field]: v }),
    });
    list.replaceRows([{ ...row, scores: fresh.scores, off_target: fresh.off_target }]);
  }

  return (
    <div className="card" data-testid="check-list">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-3 py-3">
        <label className="text-sm">
          <span className="field-label">Station</span>
          <select
            className="field-input py-1.5"
            value={list.query.station || String(stations[0]?.id ?? "")}
            onChange={(e) => list.setQuery({ station: e.target.value })}
            data-testid="check-station"
          >
            {stations.map((s) => <option key={s.id} value={s.id}>{s.title} ({s.tag})</option>)}
          </select>
        </label>
        <div className="text-sm">
          <span className="field-label" id="check-from">From</span>
          <DateInput
            value={list.query.date_from ?? ""}
            ariaLabel="From date"
            max={list.query.date_to || undefined}
            onChange={(v) => list.setQuery({ date_from: v })}
            testId="check-from"
          />
        </div>
        <div className="text-sm">
          <span className="field-label">To</span>
          <DateInput
            value={list.query.date_to ?? ""}
            ariaLabel="To date"
            min={list.query.date_from || undefined}
            onChange={(v) => list.setQuery({ date_to: v })}
            testId="check-to"
          />
        </div>
        {canUpload
          ? (
            <button
              type="button"
              className="btn-primary ml-auto"
              onClick={() => setUploading(true)}
              data-testid="check-upload-open"
            >
              <Icon name="import" className="h-4 w-4" /> Upload Check (AMZN) Report (.csv)
            </button>
          )
          : null}
      </div>
      <div
        className={`max-h-[calc(100dvh-12rem)] overflow-auto ${list.state === "loading" ? "opacity-60" : ""}`}
      >
        <table className="data-table check-table text-xs" data-testid="check-table">
          <thead className="sticky top-0 z-10 bg-white">
            <tr>
              <th rowSpan={2} className="sticky left-0 bg-white">Date</th>
              {COLUMNS.map((c) => (
                <th key={c.m} colSpan={2} className="text-center" title={c.title}>
                  <abbr title={c.title} className="no-underline">{c.label}</abbr>
                </th>
              ))}
              <th rowSpan={2}>
                <span className="sr-only">Open</span>
              </th>
            </tr>
            <tr>
              {COLUMNS.flatMap((c) => [
                <th key={`${c.m}-s`} className="text-right" title="Current Score">S</th>,
                <th key={`${c.m}-n`} className="text-right" title="DA off target">#</th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {average
              ? (
                <tr className="bg-slate-50 font-semibold" data-testid="check-average">
                  <td className="sticky left-0 bg-slate-50">Average</td>
                  {COLUMNS.flatMap((c) => [
                    <td key={`${c.m}-s`} className="text-right tabular-nums">{shown(average.scores[c.m])}
                    </td>,
                    <td key={`${c.m}-n`} className="text-right tabular-nums">
                      {shown(average.off_target[c.m])}
                    </td>,
                  ])}
                  <td />
                </tr>
              )
              : null}
            {rows.map((r) => (
              <tr key={r.id} className="[&>*]:align-middle" data-testid="check-row" data-check-id={r.id}>
                <td className="sticky left-0 whitespace-nowrap bg-white font-medium">
                  {weekLabel(r.week_number, r.year)}
                </td>
                {COLUMNS.flatMap((c) => [
                  <td
                    key={`${c.m}-s`}
                    className={`text-right tabular-nums ${
                      COLOUR_CLASS[listColour(c.m, r.scores[c.m], r.target[c.m])]
                    }`}
                    data-measure={c.m}
                  >
                    {c.m === "employee_satisfaction" && canEditWeek
                      ? (
                        <FigureInput
                          value={r.scores.employee_satisfaction}
                          label={`Employee satisfaction, week ${weekLabel(r.week_number, r.year)}`}
                          onSave={(v) => saveWeek(r, "employee_satisfaction", v)}
                          testId="check-es-input"
                        />
                      )
                      : shown(r.scores[c.m])}
                  </td>,
                  <td key={`${c.m}-n`} className="text-right tabular-nums">
                    {c.m === "whc" && canEditWeek
                      ? (
                        <FigureInput
                          value={r.off_target.whc}
                          label={`WHC DAs off target, week ${weekLabel(r.week_number, r.year)}`}
                          onSave={(v) => saveWeek(r, "whc_da_off_target", v)}
                          testId="check-whc-input"
                        />
                      )
                      : shown(r.off_target[c.m])}
                  </td>,
                ])}
                <td>
                  <a
                    className="btn-secondary whitespace-nowrap px-2 py-1"
                    href={`/check/${r.id}`}
                    data-testid="check-open"
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
            <p className="p-6 text-center text-sm text-slate-500" data-testid="check-empty">
              {list.state === "error"
                ? "The checks could not be loaded."
                : "No check weeks yet: they appear when a week's files are imported."}
            </p>
          )
          : null}
      </div>
      <Pager {...list.paging} />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={() => list.reload()} />
    </div>
  );
}
