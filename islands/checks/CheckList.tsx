// /check (03 section 2.1): the station's weekly checks with a date range, an S / # pair per measure, the
// Average row when a range is set, colours against the week's targets, and (management) whc off-target and
// employee satisfaction typed in the rows. The upload dialog for management. The list itself is
// WeeklyList.tsx, shared with /check-ikea; this file is its AMZN configuration.
import { useState } from "react";
import type { CheckListDto, CheckWeekDto, Measure, StationChoice } from "../../lib/checks/dto.ts";
import { listColour, shown, weekLabel } from "../../lib/checks/calc.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import Icon from "../ui/Icon.tsx";
import UploadDialog from "./UploadDialog.tsx";
import { FigureInput } from "./cells.tsx";
import WeeklyList, { type PairColumn } from "./WeeklyList.tsx";
import { reactIsland } from "../ui/island.ts";

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

type Average = NonNullable<CheckListDto["average"]>;

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

  const week = (r: CheckWeekDto) => weekLabel(r.week_number, r.year);
  const pairs: PairColumn<CheckWeekDto, Average>[] = COLUMNS.map(({ m, label, title }) => ({
    key: m,
    label,
    title,
    tone: (r) => listColour(m, r.scores[m], r.target[m]),
    score: (r) =>
      m === "employee_satisfaction" && canEditWeek
        ? (
          <FigureInput
            value={r.scores.employee_satisfaction}
            label={`Employee satisfaction, week ${week(r)}`}
            onSave={(v) => saveWeek(r, "employee_satisfaction", v)}
            testId="check-es-input"
          />
        )
        : shown(r.scores[m]),
    off: (r) =>
      m === "whc" && canEditWeek
        ? (
          <FigureInput
            value={r.off_target.whc}
            label={`WHC DAs off target, week ${week(r)}`}
            onSave={(v) => saveWeek(r, "whc_da_off_target", v)}
            testId="check-whc-input"
          />
        )
        : shown(r.off_target[m]),
    average: (a) => [a.scores[m], a.off_target[m]],
  }));

  return (
    <>
      <WeeklyList
        prefix="check"
        stations={stations}
        list={list}
        average={(list.data as CheckListDto).average ?? null}
        pairs={pairs}
        openHref={(r) => `/check/${r.id}`}
        empty="No check weeks yet: they appear when a week's files are imported."
        failed="The checks could not be loaded."
        tools={canUpload
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
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={() => list.reload()} />
    </>
  );
}

reactIsland(CheckList);
