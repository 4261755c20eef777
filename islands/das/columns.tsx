// What the DA register shows of a DA: its columns from 768 px, its card below that, and the small pieces
// (status pill, licence, station tags) the detail drawer shows too.
import type { DaDto, SpotDto } from "../../lib/das/dto.ts";
import type { PersonRef } from "../../lib/users/person-ref.ts";
import { DA_STATUSES, type DaStatus } from "../../lib/das/inputs.ts";
import { licenceLabel } from "../../lib/das/policy.ts";
import { roleName } from "../../lib/auth/roles.ts";
import { formatDateInZone, formatTimestamp } from "../../lib/dates/format.ts";
import type { Column } from "../ui/DataTable.tsx";
import StatusBadge, { type StatusLook, type Tone } from "../ui/StatusBadge.tsx";
import { Dash, orDash, Tag } from "../ui/Tag.tsx";
import TransporterIdCell from "./TransporterIdCell.tsx";

const TONES: Record<DaStatus, Tone> = { 1: "green", 2: "blue", 3: "red", 5: "grey", 6: "amber" };
const LOOKS: Record<number, StatusLook> = Object.fromEntries(
  DA_STATUSES.map((s) => [s.id, { label: s.label, tone: TONES[s.id] }]),
);

export const DaStatusBadge = ({ status }: { status: number }) => (
  <StatusBadge status={status} looks={LOOKS} testId="da-status" />
);

export const personName = (p: PersonRef | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "");
export const fullName = (d: DaDto) => `${d.first_name} ${d.last_name}`.trim() || d.email;

/** The card view has no column headers: a select offers the useful orders. */
export const DA_CARD_ORDERINGS: [string, string][] = [
  ["-id", "Newest first"],
  ["name", "Name A–Z"],
  ["-name", "Name Z–A"],
  ["status", "Status"],
  ["-created", "Onboarded, newest"],
  ["created", "Onboarded, oldest"],
  ["-last_status_change", "Last change, newest"],
  ["badge", "Badge"],
];

/** The licence, with the placeholder shown as 'No Licence'. */
export function Licence({ value }: { value: string | null }) {
  const label = licenceLabel(value);
  if (!label) return <Dash />;
  return label === "No Licence"
    ? (
      <span className="whitespace-nowrap text-xs font-medium text-amber-700" data-testid="da-licence">
        No Licence
      </span>
    )
    : <span className="font-mono text-xs" data-testid="da-licence">{label}</span>;
}

/** Station tags of the spots; the title shows agency and fleet groups. */
export function SpotTags({ spots }: { spots: SpotDto[] }) {
  if (spots.length === 0) return <Dash />;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="da-spots">
      {spots.map((s) => (
        <Tag
          key={s.id}
          title={[s.station.title, s.agency?.name, s.fleet_groups.map((g) => g.name).join(", ")]
            .filter(Boolean).join(" · ")}
        >
          {s.station.tag}
        </Tag>
      ))}
    </span>
  );
}

function LastChange({ d, timeZone }: { d: DaDto; timeZone: string }) {
  if (!d.last_status_change) return <span className="text-slate-500">Never changed</span>;
  return (
    <div className="whitespace-nowrap" data-testid="da-last-change">
      <div>{formatTimestamp(d.last_status_change, timeZone)}</div>
      {d.last_status_changed_by
        ? <div className="text-xs text-slate-500">by {personName(d.last_status_changed_by)}</div>
        : null}
    </div>
  );
}

/** What the columns and cards need beyond the row. */
export interface DaCells {
  timeZone: string;
  canEditTid: boolean;
  onOpen: (d: DaDto) => void;
  onSaved: (d: DaDto) => void;
  /** Opens the spot editor; null when this viewer may not edit spots. */
  onSpots: ((d: DaDto) => void) | null;
}

function SpotsButton({ d, c }: { d: DaDto; c: DaCells }) {
  const onSpots = c.onSpots;
  if (!onSpots) return null;
  return (
    <button
      type="button"
      className="text-xs font-medium text-brand-600 hover:underline"
      data-testid="spots-edit"
      onClick={() => onSpots(d)}
      aria-label={`Edit spots of ${fullName(d)}`}
    >
      Edit spots
    </button>
  );
}

export function daColumns(c: DaCells): Column<DaDto>[] {
  return [
    {
      header: "Name",
      sort: "name",
      cellClassName: "max-w-52",
      cell: (d) => (
        <>
          <button
            type="button"
            className="text-left font-semibold text-brand-600 hover:underline"
            onClick={() => c.onOpen(d)}
            data-testid="da-open"
            title="Details and status history"
          >
            {fullName(d)}
          </button>
          <div className="truncate text-xs text-slate-500 2xl:hidden" title={d.email}>{d.email}</div>
        </>
      ),
    },
    {
      header: "Transporter ID",
      sort: "transporter_id",
      cell: (d) => <TransporterIdCell da={d} canEdit={c.canEditTid} onSaved={c.onSaved} />,
    },
    {
      header: "Licence",
      sort: "driver_license",
      className: "hidden lg:table-cell",
      cell: (d) => <Licence value={d.driver_license} />,
    },
    { header: "Badge", sort: "badge", cellClassName: "whitespace-nowrap", cell: (d) => orDash(d.badge) },
    {
      header: "E-mail",
      sort: "email",
      className: "hidden 2xl:table-cell",
      cellClassName: "max-w-64 truncate",
      cell: (d) => <span title={d.email}>{d.email}</span>,
    },
    { header: "Status", sort: "status", cell: (d) => <DaStatusBadge status={d.status} /> },
    {
      header: "Onboarded",
      sort: "created",
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (d) => formatDateInZone(d.created, c.timeZone),
    },
    {
      header: "Stations",
      cell: (d) => (
        <>
          <SpotTags spots={d.station_spots} />
          <div>
            <SpotsButton d={d} c={c} />
          </div>
        </>
      ),
    },
    {
      header: "Last change",
      sort: "last_status_change",
      cell: (d) => <LastChange d={d} timeZone={c.timeZone} />,
    },
    {
      header: "Role",
      sort: "role",
      className: "hidden 2xl:table-cell",
      cellClassName: "text-slate-600",
      cell: (d) => roleName(d.role),
    },
  ];
}

/** A DA below 768 px: name, status and stations first, then the rest in small print. */
export function DaCard({ d, c }: { d: DaDto; c: DaCells }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="font-semibold text-brand-600" onClick={() => c.onOpen(d)}>
          {fullName(d)}
        </button>
        <DaStatusBadge status={d.status} />
        <SpotTags spots={d.station_spots} />
        <SpotsButton d={d} c={c} />
      </div>
      <div className="truncate text-slate-600">{d.email}</div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <TransporterIdCell da={d} canEdit={c.canEditTid} onSaved={c.onSaved} />
        <span>
          Licence <Licence value={d.driver_license} />
        </span>
        <span>Badge {d.badge ?? "—"}</span>
        <span>Onboarded {formatDateInZone(d.created, c.timeZone)}</span>
      </div>
      <div className="text-xs text-slate-500">
        {d.last_status_change
          ? `Changed ${formatTimestamp(d.last_status_change, c.timeZone)}${
            d.last_status_changed_by ? ` by ${personName(d.last_status_changed_by)}` : ""
          }`
          : "Status never changed"}
      </div>
    </>
  );
}
