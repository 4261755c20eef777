// /amzn-scoreboard (03 section 2.5): a station's week of DAs with every column and its colour thresholds,
// the tiers legend, the week's total score, the trend against last week, the block-message switch (saved
// at once), DA Notify (not for role 1), which sends each DA their week's summary, and the Coaching drafts
// drawer (CoachingDrafts.tsx).
import { useState } from "react";
import type { ScoreboardDto, ScoreboardRowDto } from "../../lib/scoreboard/dto.ts";
import type { StationChoice } from "../../lib/checks/dto.ts";
import {
  type ScoreColumn,
  tierTone,
  type Tone,
  toneOf,
  trendOf,
  trendTooltip,
  truncateName,
} from "../../lib/scoreboard/calc.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import DataTable, { type Column } from "../ui/DataTable.tsx";
import WeekInput from "../ui/WeekInput.tsx";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import CoachingDrafts from "./CoachingDrafts.tsx";
import { reactIsland } from "../ui/island.ts";

const TONE: Record<Tone, string> = {
  blue: "bg-sky-50 text-sky-800",
  green: "bg-emerald-50 text-emerald-800",
  orange: "bg-amber-50 text-amber-800",
  red: "bg-red-50 text-red-800",
  none: "",
};
const LEGEND: [string, Tone][] = [["Fantastic", "blue"], ["Great", "green"], ["Fair", "orange"], [
  "Poor",
  "red",
]];
const ARROW = {
  up: ["▲", "text-emerald-700"],
  down: ["▼", "text-red-700"],
  equal: ["●", "text-sky-700"],
} as const;

export const SCOREBOARD_DEFAULTS = {
  page: "1",
  page_size: "10",
  ordering: "-points_total",
  station: "",
  year: "",
  week: "",
  search: "",
};

const fig = (v: number | null, suffix = "") => (v === null ? "—" : `${Math.round(v * 100) / 100}${suffix}`);
const toned = (column: ScoreColumn, v: number | null, suffix = "") => (
  <span className={`block rounded px-1.5 py-0.5 text-right tabular-nums ${TONE[toneOf(column, v)]}`}>
    {fig(v, suffix)}
  </span>
);

export default function Scoreboard({ stations, initialQuery, initialData, canNotify }: {
  stations: StationChoice[];
  initialQuery: Record<string, string>;
  initialData: ScoreboardDto | null;
  canNotify: boolean;
}) {
  const list = useList<ScoreboardRowDto>("/api/scoreboard/", SCOREBOARD_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });
  const data = list.data as ScoreboardDto;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const year = Number(list.query.year) || data.year;
  const week = Number(list.query.week) || data.week;
  const dsb = data.shows_dsb ?? true;
  const start = (Number(list.query.page) - 1) * Number(list.query.page_size);

  async function block(row: ScoreboardRowDto, on: boolean) {
    list.replaceRows([{ ...row, ignore_sms: on }]);
    try {
      await api(`/api/scoreboard/block/`, {
        method: "POST",
        body: JSON.stringify({ id: row.id, ignore_sms: on }),
      });
    } catch {
      list.replaceRows([row]);
    }
  }

  async function notify() {
    setBusy(true);
    try {
      const r = await api<{ sent: number; skipped_blocked: number; skipped_no_mobile: number }>(
        "/api/scoreboard/notify/",
        { method: "POST", body: JSON.stringify({ station: data.station?.id, year, week }) },
      );
      toast(
        "success",
        `Message was sent! ${r.sent} sent, ${r.skipped_blocked} blocked, ${r.skipped_no_mobile} without a mobile.`,
      );
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<ScoreboardRowDto>[] = [
    { header: "#", cell: (r) => start + list.data.results.indexOf(r) + 1, className: "w-8" },
    {
      header: "Block",
      cell: (r) => (
        <input
          type="checkbox"
          checked={r.ignore_sms}
          disabled={r.driver.id === null}
          title={r.driver.id === null ? "No DA holds this transporter id yet" : "No messages to this DA"}
          aria-label={`Block messages to ${r.driver.first_name} ${r.driver.last_name}`}
          onChange={(e) => block(r, e.target.checked)}
          data-testid="block-sms"
        />
      ),
    },
    {
      header: "Name",
      sort: "name",
      cell: (r) => {
        const name = `${r.driver.first_name} ${r.driver.last_name}`.trim();
        return <span title={name} className="whitespace-nowrap font-medium">{truncateName(name)}</span>;
      },
    },
    { header: "Transporter ID", sort: "transporter_id", cell: (r) => r.driver.transporter_id },
    {
      header: "TPC",
      sort: "points_total",
      cell: (r) => {
        const t = trendOf(r.points_total, r.old_points_total);
        return (
          <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
            {fig(r.points_total)}
            <span
              className={ARROW[t][1]}
              role="img"
              aria-label={trendTooltip(r.old_points_total)}
              title={trendTooltip(r.old_points_total)}
              data-testid="trend"
            >
              {ARROW[t][0]}
            </span>
          </span>
        );
      },
    },
    { header: "NS", sort: "number_of_shifts", cell: (r) => r.number_of_shifts },
    { header: "Quadrant", sort: "quadrant_name", cell: (r) => r.quadrant_name ?? "—" },
    {
      header: "CWT",
      sort: "current_week_tier",
      cell: (r) => (
        <span className={`rounded px-1.5 py-0.5 ${TONE[tierTone(r.raw_data.current_week_tier)]}`}>
          {r.raw_data.current_week_tier ?? "—"}
        </span>
      ),
    },
    { header: "6W AT", sort: "average_week6_tier", cell: (r) => r.raw_data.average_week6_tier ?? "—" },
    { header: "Tenured", sort: "tenured", cell: (r) => toned("tenured", r.raw_data.tenured) },
    { header: "DCR", sort: "dcr", cell: (r) => toned("dcr", r.raw_data.dcr, "%") },
    { header: "DNR", sort: "dnr", cell: (r) => toned("dnr", r.dnr) },
    dsb
      ? { header: "DSB", sort: "dsb", cell: (r) => toned("dsb", r.raw_data.dsb) }
      : { header: "DAR", cell: (r) => toned("dar", r.raw_data.dar, "%") },
    { header: "DSB Count", sort: "dsb_count", cell: (r) => fig(r.dsb_count) },
    { header: "POD", sort: "pod", cell: (r) => toned("pod", r.raw_data.pod, "%") },
    { header: "SC", sort: "sc", cell: (r) => toned("sc", r.raw_data.sc) },
    { header: "CED", sort: "ced", cell: (r) => toned("ced", r.raw_data.ced) },
    {
      header: "HP 6W",
      sort: "high_performer_in_weeks",
      cell: (r) => toned("hp6w", r.raw_data.high_performer_in_weeks),
    },
    { header: "Rescues", sort: "rescue", cell: (r) => toned("rescue", r.rescue) },
    { header: "MC", sort: "morning_checklist", cell: (r) => toned("mc", r.morning_checklist, "%") },
    { header: "OA", sort: "ontime_attendance", cell: (r) => toned("oa", r.ontime_attendance, "%") },
    {
      header: "Message",
      cell: (r) => (
        <span
          className="cursor-help text-slate-600"
          role="img"
          aria-label={r.text_message}
          title={r.text_message}
          data-testid="message-icon"
        >
          ✉
        </span>
      ),
    },
  ];

  return (
    <div className="card" data-testid="scoreboard">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3">
        {canNotify
          ? (
            <button
              type="button"
              className="btn-primary"
              onClick={() => setConfirming(true)}
              data-testid="da-notify"
            >
              DA Notify
            </button>
          )
          : null}
        {canNotify && data.station
          ? <CoachingDrafts station={data.station.id} year={year} week={week} />
          : null}
        <input
          type="search"
          className="field-input w-48 py-1.5"
          placeholder="Name or transporter ID"
          aria-label="Search DAs"
          defaultValue={list.query.search ?? ""}
          onChange={(e) => list.setQuery({ search: e.target.value })}
          data-testid="scoreboard-search"
        />
        <select
          className="field-input w-auto py-1.5"
          aria-label="Station"
          value={list.query.station || String(data.station?.id ?? "")}
          onChange={(e) => list.setQuery({ station: e.target.value, year: "", week: "" })}
          data-testid="scoreboard-station"
        >
          {stations.map((s) => <option key={s.id} value={s.id}>{s.title} ({s.tag})</option>)}
        </select>
        <WeekInput
          year={year}
          week={week - 1}
          onChange={(y, w) => list.setQuery({ year: String(y), week: String(w + 1) })}
        />
        <span className="text-sm text-slate-600" data-testid="total-score">
          Total Score:{" "}
          <strong className="text-slate-800">{fig(data.report?.week_total_score ?? null)}</strong>
          {data.report?.week_total_tier ? ` (${data.report.week_total_tier})` : ""}
        </span>
        <ul className="ml-auto flex flex-wrap gap-1.5 text-xs" aria-label="Tiers">
          {LEGEND.map(([label, tone]) => (
            <li key={label} className={`rounded px-2 py-0.5 ${TONE[tone]}`}>{label}</li>
          ))}
        </ul>
      </div>
      <DataTable
        testId="scoreboard"
        columns={columns}
        rows={list.data.results}
        state={list.state}
        ordering={list.query.ordering}
        onOrder={(ordering) => list.setQuery({ ordering })}
        empty={{
          title: "No DAs in this week",
          hint: "The week's scorecard or overview file has not been imported.",
        }}
        failed="The scoreboard could not be loaded."
        onRetry={list.reload}
        paging={list.paging}
        stickyHeader
      />
      <ConfirmDialog
        open={confirming}
        title="Send each DA their week?"
        confirmLabel={busy ? "Sending…" : "Send"}
        busy={busy}
        danger={false}
        onConfirm={notify}
        onClose={() => setConfirming(false)}
      >
        Every DA of week {week}, {year}{" "}
        with a mobile number gets their score and what to work on by SMS. Blocked DAs are skipped.
      </ConfirmDialog>
    </div>
  );
}

reactIsland(Scoreboard);
