// /act and /act-ikea (03 section 2.3): one customer's coaching actions of a station (the API path, the
// off-target areas and the empty-state hint are props; lib/actions/customers.ts), newest week first, every column but Comments
// sortable, the filter drawer (Cancel, Reset, Submit) with a badge of active filters, and Action, Owner,
// Due Date, Status, Coaching Count and Comments edited in place and saved on blur (or on choice).
import { useState } from "react";
import type { ActionRowDto, SuperUserDto } from "../../lib/actions/dto.ts";
import { ACT_DEFAULTS, ACTION_LABELS, STATUS_LABELS, statusTone } from "../../lib/actions/calc.ts";
import type { StationChoice } from "../../lib/checks/dto.ts";
import { digitsOnly } from "../../lib/checks/calc.ts";
import { twoDigitWeek } from "../../lib/dates/weeks.ts";
import { useList } from "../client/useList.ts";
import { api } from "../client/api.ts";
import DataTable, { type Column } from "../ui/DataTable.tsx";
import Drawer from "../ui/Drawer.tsx";
import DateInput from "../ui/DateInput.tsx";
import { reactIsland } from "../ui/island.ts";

export { ACT_DEFAULTS };
const FILTERS = Object.keys(ACT_DEFAULTS).filter((k) =>
  !["page", "page_size", "ordering", "station"].includes(k)
);
export const AREA_LABELS: Record<string, string> = {
  dcr: "DCR",
  dnr: "DNR",
  dsb: "DSB",
  pod: "POD",
  cc: "CC",
  ada: "ADA",
  violation: "Violation",
  whc: "WHC",
  rescue_given: "Rescue given",
  mc: "MC",
  oa: "OA",
  cas: "CAS",
  hp6w: "HP6W",
  employee_satisfaction: "ES",
};
const TONE_CLASS = {
  green: "bg-emerald-50 text-emerald-800",
  amber: "bg-amber-50 text-amber-800",
  red: "bg-red-50 text-red-800",
};
const STATUS_CLASS = (s: number) => TONE_CLASS[statusTone(s)];

export default function ActionTable({
  stations,
  owners,
  initialQuery,
  initialData,
  apiPath = "/api/actions/",
  areas = Object.keys(AREA_LABELS),
  emptyHint = "Make actions from a check week's DAs off target (Check AMZN, open a week).",
}: {
  stations: StationChoice[];
  owners: SuperUserDto[];
  initialQuery: Record<string, string>;
  initialData: { count: number; results: ActionRowDto[] } | null;
  /** the customer's action API ('/api/actions/' for AMZN, '/api/ikea-actions/' for IKEA) */
  apiPath?: string;
  /** the off-target areas the filter offers */
  areas?: readonly string[];
  emptyHint?: string;
}) {
  const list = useList<ActionRowDto>(apiPath, ACT_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>(list.query);
  const active = FILTERS.filter((k) => list.query[k]).length +
    (list.query.station !== initialQuery.station ? 1 : 0);

  async function save(row: ActionRowDto, patch: Record<string, unknown>) {
    const fresh = await api<ActionRowDto>(`${apiPath}${row.id}/`, {
      method: "PATCH",
      body: JSON.stringify(patch),
    });
    list.replaceRows([fresh]);
  }

  const select = (
    row: ActionRowDto,
    field: string,
    value: string,
    options: [string, string][],
    label: string,
    className = "",
  ) => (
    <select
      className={`field-input w-auto py-1 text-xs ${className}`}
      aria-label={`${label} of ${row.driver_fullname}`}
      value={value}
      onChange={(e) => save(row, { [field]: e.target.value === "" ? null : Number(e.target.value) })}
      data-testid={`act-${field}`}
    >
      {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
    </select>
  );

  const columns: Column<ActionRowDto>[] = [
    { header: "Week", sort: "week_number", cell: (r) => `W${twoDigitWeek(r.get_week_number + 1)}` },
    { header: "Shift", sort: "action_date", cell: (r) => r.get_week_day },
    {
      header: "Off Target Area",
      sort: "off_target_area",
      cell: (r) => AREA_LABELS[r.off_target_area] ?? r.off_target_area,
    },
    {
      header: "Action",
      sort: "action",
      cell: (r) => select(r, "action", String(r.action), Object.entries(ACTION_LABELS), "Action"),
    },
    {
      header: "DA Name",
      sort: "driver_fullname",
      cell: (r) => <span className="whitespace-nowrap">{r.driver_fullname}</span>,
    },
    { header: "Transporter ID", sort: "transporter_id", cell: (r) => r.transporter_id },
    {
      header: "Owner",
      sort: "owner",
      cell: (r) =>
        select(
          r,
          "owner",
          r.owner === null ? "" : String(r.owner),
          [
            ["", "—"],
            ...owners.map((o): [string, string] => [String(o.id), `${o.first_name} ${o.last_name}`]),
          ],
          "Owner",
        ),
    },
    {
      header: "Due Date",
      sort: "due_date",
      cell: (r) => (
        <DateInput
          value={r.due_date ?? ""}
          ariaLabel={`Due date of ${r.driver_fullname}`}
          onChange={(v) => save(r, { due_date: v || null })}
          className="w-36"
        />
      ),
    },
    {
      header: "Status",
      sort: "status",
      cell: (r) =>
        select(
          r,
          "status",
          String(r.status),
          Object.entries(STATUS_LABELS),
          "Status",
          STATUS_CLASS(r.status),
        ),
    },
    {
      header: "Coaching Count",
      sort: "coaching_count",
      cell: (r) => (
        <input
          type="text"
          inputMode="numeric"
          className="field-input w-16 py-1 text-right text-xs"
          aria-label={`Coaching count of ${r.driver_fullname}`}
          defaultValue={r.coaching_count}
          onKeyDown={(e) => {
            if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey) e.preventDefault();
          }}
          onPaste={(e) => e.preventDefault()}
          onChange={(e) => (e.target.value = digitsOnly(e.target.value))}
          onBlur={(e) => {
            const v = Number(e.target.value || 0);
            if (v !== r.coaching_count) void save(r, { coaching_count: v });
          }}
          data-testid="act-coaching-count"
        />
      ),
    },
    {
      header: "Comments",
      cell: (r) => (
        <textarea
          className="field-input min-w-48 py-1 text-xs"
          rows={2}
          aria-label={`Comments on ${r.driver_fullname}`}
          defaultValue={r.comments}
          onFocus={(e) => (e.target.rows = 4)}
          onBlur={(e) => {
            e.target.rows = 2;
            if (e.target.value !== r.comments) void save(r, { comments: e.target.value });
          }}
          data-testid="act-comments"
        />
      ),
    },
  ];

  const field = (label: string, input: React.ReactNode) => (
    <label className="block text-sm">
      <span className="field-label">{label}</span>
      {input}
    </label>
  );
  const bind = (k: string) => ({
    value: draft[k] ?? "",
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value })),
  });

  return (
    <div className="card" data-testid="act">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3">
        <span className="text-sm text-slate-600">
          {list.data.count} action{list.data.count === 1 ? "" : "s"}
        </span>
        <button
          type="button"
          className="btn-secondary ml-auto"
          onClick={() => {
            setDraft(list.query);
            setOpen(true);
          }}
          data-testid="act-filters"
        >
          Filters{active
            ? (
              <span
                className="ml-1 rounded-full bg-brand-600 px-1.5 text-xs text-white"
                data-testid="act-filter-count"
              >
                {active}
              </span>
            )
            : null}
        </button>
      </div>
      <DataTable
        testId="act"
        columns={columns}
        rows={list.data.results}
        state={list.state}
        ordering={list.query.ordering}
        onOrder={(ordering) => list.setQuery({ ordering })}
        empty={{
          title: "No actions",
          hint: emptyHint,
        }}
        failed="The actions could not be loaded."
        onRetry={list.reload}
        paging={list.paging}
        stickyHeader
      />
      <Drawer
        open={open}
        title="Filter by:"
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>Cancel</button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                const reset = {
                  ...ACT_DEFAULTS,
                  station: String(stations.find((s) => s.id === 1)?.id ?? stations[0]?.id ?? ""),
                };
                setDraft(reset);
                list.setQuery({ ...reset, page: "1" });
                setOpen(false);
              }}
              data-testid="act-reset"
            >
              Reset
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                list.setQuery({ ...draft, page: "1" });
                setOpen(false);
              }}
              data-testid="act-submit"
            >
              Submit
            </button>
          </>
        }
      >
        <div className="space-y-3">
          {field(
            "Station",
            <select className="field-input" {...bind("station")}>
              {stations.map((s) => <option key={s.id} value={s.id}>{s.title} ({s.tag})</option>)}
            </select>,
          )}
          {field(
            "Action week (any day of it)",
            <DateInput
              value={draft.week_date ?? ""}
              onChange={(v) => setDraft((d) => ({ ...d, week_date: v }))}
            />,
          )}
          {field(
            "Off Target Area",
            <select className="field-input" {...bind("off_target_area")} data-testid="act-filter-area">
              <option value="">Any</option>
              {areas.map((m) => <option key={m} value={m}>{AREA_LABELS[m] ?? m}</option>)}
            </select>,
          )}
          {field(
            "Action",
            <select className="field-input" {...bind("action")}>
              <option value="">Any</option>
              {Object.entries(ACTION_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>,
          )}
          {field(
            "DA name",
            <input className="field-input" {...bind("driver")} data-testid="act-filter-da" />,
          )}
          {field(
            "Owner",
            <select className="field-input" {...bind("owner")}>
              <option value="">Any</option>
              {owners.map((o) => <option key={o.id} value={o.id}>{o.first_name} {o.last_name}</option>)}
            </select>,
          )}
          {field(
            "Due date",
            <DateInput
              value={draft.due_date ?? ""}
              onChange={(v) => setDraft((d) => ({ ...d, due_date: v }))}
            />,
          )}
          {field(
            "Status",
            <select className="field-input" {...bind("status")} data-testid="act-filter-status">
              <option value="">Any</option>
              {Object.entries(STATUS_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>,
          )}
          {field(
            "Coaching count",
            <input
              className="field-input"
              inputMode="numeric"
              value={draft.coaching_count ?? ""}
              onChange={(e) => setDraft((d) => ({ ...d, coaching_count: digitsOnly(e.target.value) }))}
            />,
          )}
        </div>
      </Drawer>
    </div>
  );
}

reactIsland(ActionTable);
