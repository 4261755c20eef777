// The fleet sections of Setup: vans (money shown as $1,250.00) and rabbit/dolly scanners.
import { formatMoney } from "../../lib/reference/calc.ts";
import { SCANNER_STATUS } from "../../lib/reference/inputs.ts";
import { OWNERSHIP } from "../../lib/vans/policy.ts";
import type { VanSetupDto } from "../../lib/vans/dto.ts";
import type { ScannerDto } from "../../lib/reference/scanners.ts";
import StatusBadge, { type StatusLook } from "../ui/StatusBadge.tsx";
import { defaultStation, muted, s, type SectionDef, stationOptions, Tag } from "./section-kit.tsx";

const SCANNER_LOOKS: Record<number, StatusLook> = {
  1: { label: SCANNER_STATUS[1], tone: "green" },
  0: { label: SCANNER_STATUS[0], tone: "grey" },
};

export const VAN_SECTION: SectionDef<VanSetupDto> = {
  singular: "van",
  search: "Search number, plate, VIN, company or model",
  ordering: "number",
  filters: ["station"],
  columns: [
    {
      header: "Van",
      sort: "number",
      cell: (r) => (
        <div>
          <div className="font-medium text-slate-900">{r.number}</div>
          <div className="text-xs text-slate-500">{`${r.company} ${r.model}`.trim() || "—"}</div>
        </div>
      ),
    },
    {
      header: "Plate / VIN",
      sort: "plate_number",
      cell: (r) => (
        <div>
          <div>{muted(r.plate_number)}</div>
          <div className="hidden font-mono text-xs text-slate-500 lg:block">{r.vin}</div>
        </div>
      ),
    },
    {
      header: "Size",
      sort: "fleet_size",
      cell: (r) => muted(r.fleet_size?.title),
      className: "xl:whitespace-nowrap",
    },
    {
      header: "Group",
      cell: (r) => muted(r.van_group?.name),
      className: "hidden whitespace-nowrap lg:table-cell",
    },
    {
      header: "Station",
      sort: "station",
      cell: (r) => (r.station ? <Tag>{r.station.tag}</Tag> : muted(null)),
    },
    { header: "Ownership", cell: (r) => muted(r.ownership_name), className: "hidden md:table-cell" },
    {
      header: "Monthly rate",
      sort: "monthly_rate",
      cell: (r) => <span className="tabular-nums">{r.monthly_rate ? formatMoney(r.monthly_rate) : "—"}</span>,
      className: "text-right lg:whitespace-nowrap",
    },
  ],
  fields: [
    { name: "number", label: "Number", kind: "text" },
    { name: "plate_number", label: "Plate", kind: "text" },
    { name: "vin", label: "VIN", kind: "text", hint: "17 characters (no I, O or Q), or empty", wide: true },
    {
      name: "station",
      label: "Station",
      kind: "select",
      numeric: true,
      empty: "Choose a station…",
      options: stationOptions,
    },
    {
      name: "fleet_size",
      label: "Fleet size",
      kind: "select",
      numeric: true,
      empty: "None",
      options: (o) => o.fleetSizes.map((x) => ({ value: String(x.id), label: `${x.id} — ${x.title}` })),
    },
    {
      name: "van_group",
      label: "Van group",
      kind: "select",
      numeric: true,
      empty: "None",
      options: (o) => o.vanGroups.map((x) => ({ value: String(x.id), label: x.name })),
    },
    {
      name: "ownership",
      label: "Ownership",
      kind: "select",
      numeric: true,
      empty: "Choose…",
      options: () => Object.entries(OWNERSHIP).map(([value, label]) => ({ value, label })),
    },
    { name: "monthly_rate", label: "Monthly rate ($)", kind: "money", placeholder: "1250.00" },
    { name: "company", label: "Company", kind: "text", placeholder: "Ford" },
    { name: "model", label: "Model", kind: "text", placeholder: "Transit 250" },
  ],
  toForm: (r, o) => ({
    number: s(r?.number),
    plate_number: s(r?.plate_number),
    vin: s(r?.vin),
    station: r ? s(r.station?.id) : defaultStation(o),
    fleet_size: s(r?.fleet_size?.id),
    van_group: s(r?.van_group?.id),
    ownership: s(r?.ownership),
    monthly_rate: s(r?.monthly_rate),
    company: s(r?.company),
    model: s(r?.model),
  }),
  describe: (r) => `van ${r.number}`,
};

export const SCANNER_SECTION: SectionDef<ScannerDto> = {
  singular: "scanner",
  search: "Search serial number",
  ordering: "serial_number",
  filters: ["station", "kind"],
  columns: [
    {
      header: "Serial number",
      sort: "serial_number",
      cell: (r) => <span className="font-mono">{r.serial_number}</span>,
    },
    { header: "Kind", sort: "kind", cell: (r) => (r.kind === "rabbit" ? "Rabbit" : "Dolly") },
    { header: "Station", sort: "station", cell: (r) => <Tag>{r.station.tag}</Tag> },
    {
      header: "Status",
      sort: "status",
      cell: (r) => <StatusBadge status={r.status} looks={SCANNER_LOOKS} />,
    },
  ],
  fields: [
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: () => [{ value: "rabbit", label: "Rabbit" }, { value: "dolly", label: "Dolly" }],
    },
    { name: "serial_number", label: "Serial number", kind: "text" },
    {
      name: "station",
      label: "Station",
      kind: "select",
      numeric: true,
      empty: "Choose a station…",
      options: stationOptions,
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      numeric: true,
      options: () => [{ value: "1", label: "Available" }, { value: "0", label: "Unavailable" }],
    },
  ],
  toForm: (r, o) => ({
    kind: r?.kind ?? "rabbit",
    serial_number: s(r?.serial_number),
    station: r ? s(r.station.id) : defaultStation(o),
    status: r ? s(r.status) : "1",
  }),
  describe: (r) => `${r.kind} scanner ${r.serial_number}`,
};
