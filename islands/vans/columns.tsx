// What the fleet register shows of a van: its columns from 768 px, its card below that, and the status
// pill and reason the detail drawer shows too.
import type { VanDto } from "../../lib/vans/dto.ts";
import { reasonLabel, VAN_STATUS_LABELS, type VanStatusId } from "../../lib/vans/policy.ts";
import { formatDate, formatTimestamp } from "../../lib/dates/format.ts";
import type { Column } from "../ui/DataTable.tsx";
import StatusBadge, { type StatusLook } from "../ui/StatusBadge.tsx";
import { Dash, Tag } from "../ui/Tag.tsx";

const NOT_AVAILABLE = "Not available for routes";
const LOOKS: Record<VanStatusId, StatusLook> = {
  1: { label: VAN_STATUS_LABELS[1], tone: "green", title: "Available for routes" },
  2: { label: VAN_STATUS_LABELS[2], tone: "amber", title: NOT_AVAILABLE },
  3: { label: VAN_STATUS_LABELS[3], tone: "grey", title: NOT_AVAILABLE },
};

export const VanStatusBadge = ({ status }: { status: number }) => (
  <StatusBadge status={status as VanStatusId} looks={LOOKS} testId="van-status" />
);

/** The out-of-service reason, or a muted dash. */
export function Reason({ reason }: { reason: number | null }) {
  return reason == null
    ? <Dash />
    : <span className="whitespace-nowrap" data-testid="van-reason">{reasonLabel(reason)}</span>;
}

const editor = (v: VanDto) =>
  v.last_status_changed_by
    ? `${v.last_status_changed_by.first_name} ${v.last_status_changed_by.last_name}`
    : "";

function LastChange({ v, timeZone }: { v: VanDto; timeZone: string }) {
  if (!v.last_status_change) return <span className="text-slate-500">Never changed</span>;
  return (
    <div className="whitespace-nowrap" data-testid="van-last-change">
      <div>{formatTimestamp(v.last_status_change, timeZone)}</div>
      {editor(v) ? <div className="text-xs text-slate-500">by {editor(v)}</div> : null}
    </div>
  );
}

export function vanColumns(timeZone: string, onOpen: (v: VanDto) => void): Column<VanDto>[] {
  return [
    {
      header: "Number",
      sort: "number",
      cell: (v) => (
        <button
          type="button"
          className="font-semibold text-brand-600 hover:underline"
          onClick={() => onOpen(v)}
          data-testid="van-open"
          title="Details and status history"
        >
          {v.number}
        </button>
      ),
    },
    {
      header: "Van group",
      sort: "van_group",
      cell: (v) => (
        <>
          <div className="whitespace-nowrap">{v.van_group?.name ?? <Dash />}</div>
          {v.van_group?.description
            ? (
              <div className="max-w-44 truncate text-xs text-slate-500" title={v.van_group.description}>
                {v.van_group.description}
              </div>
            )
            : null}
        </>
      ),
    },
    {
      header: "Fleet size",
      sort: "fleet_size",
      className: "hidden xl:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (v) => v.fleet_size?.title ?? "—",
    },
    {
      header: "Plate",
      sort: "plate_number",
      cellClassName: "whitespace-nowrap font-mono text-xs leading-5",
      cell: (v) => v.plate_number,
    },
    {
      header: "Station",
      sort: "station",
      cell: (v) => <Tag title={v.station_title ?? ""}>{v.station_tag}</Tag>,
    },
    {
      header: "Status",
      sort: "status",
      cell: (v) => (
        <>
          <VanStatusBadge status={v.status} />
          {v.status_change_reason != null
            ? (
              <div className="mt-0.5 text-xs text-slate-600">
                <Reason reason={v.status_change_reason} />
              </div>
            )
            : null}
        </>
      ),
    },
    { header: "Available", className: "hidden 2xl:table-cell", cell: (v) => (v.available ? "Yes" : "No") },
    {
      header: "Pick-up",
      sort: "pick_up_date",
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (v) => (v.pick_up_date ? formatDate(v.pick_up_date) : "—"),
    },
    {
      header: "Last change",
      sort: "last_status_change",
      cell: (v) => <LastChange v={v} timeZone={timeZone} />,
    },
  ];
}

/** A van below 768 px: number, plate, station and status first, then group, size and dates. */
export function VanCard(
  { v, timeZone, onOpen }: { v: VanDto; timeZone: string; onOpen: (v: VanDto) => void },
) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="font-semibold text-brand-600" onClick={() => onOpen(v)}>
          Van {v.number}
        </button>
        <span className="font-mono text-xs text-slate-600">{v.plate_number}</span>
        <Tag>{v.station_tag}</Tag>
        <VanStatusBadge status={v.status} />
      </div>
      <div className="text-slate-600">
        {[v.van_group?.name, v.fleet_size?.title].filter(Boolean).join(" · ")}
        {v.status_change_reason != null
          ? (
            <>
              {" · "}
              <Reason reason={v.status_change_reason} />
            </>
          )
          : null}
      </div>
      <div className="flex flex-wrap gap-x-4 text-xs text-slate-500">
        <span>Pick-up {v.pick_up_date ? formatDate(v.pick_up_date) : "—"}</span>
        <span>
          {v.last_status_change
            ? `Changed ${formatTimestamp(v.last_status_change, timeZone)}${
              editor(v) ? ` by ${editor(v)}` : ""
            }`
            : "Never changed"}
        </span>
      </div>
    </>
  );
}
