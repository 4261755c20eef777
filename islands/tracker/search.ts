// The tracker's search and sorting (02 "Shift tracker page"), as pure functions over the rows.
import { RETURN_FIELDS } from "../../lib/shifts/calc.ts";
import { fleetSizeOf, personName, type Rec, STATUS_LABELS, transporterIdText } from "./types.ts";

/** Every numeric field of a row, in the table's order. */
export const NUMBER_FIELDS = [
  "number_of_stops",
  "number_of_packages",
  "rescue_given",
  "rescue_taken",
  ...RETURN_FIELDS,
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export interface SearchLookups {
  roleName(id: number): string;
  fleetSizeTitle(id: number): string;
  stationId: number;
}

/**
 * The text the search box matches, lower case: role name, serial numbers, fleet size, driver names, van
 * group, van number, transporter id (as shown: the id, else 'pending the id' / 'nr'), route and every
 * numeric field.
 */
export function searchText(r: Rec, l: SearchLookups): string {
  const size = fleetSizeOf(r);
  const parts: (string | number | null | undefined)[] = [
    l.roleName(r.role),
    r.rabbit_number?.serial_number,
    r.second_rabbit_number?.serial_number,
    r.dolly_number?.serial_number,
    r.second_dolly_number?.serial_number,
    size ? l.fleetSizeTitle(size) : r.van?.fleet_size?.title,
    personName(r.driver),
    personName(r.second_driver),
    r.van?.van_group_name,
    r.van?.number ?? r.fleet_number,
    transporterIdText(r, l.stationId),
    r.second_driver ? transporterIdText({ driver: r.second_driver }, l.stationId) : "",
    r.route,
    r.role_hours,
    r.actual_end_time,
    ...NUMBER_FIELDS.map((f) => r[f]),
  ];
  return parts.filter((p) => p !== null && p !== undefined && p !== "").join("\u0001").toLowerCase();
}

/** Rows whose search text contains the (trimmed, case-insensitive) query; all rows for an empty query. */
export function filterRows(rows: readonly Rec[], query: string, l: SearchLookups): readonly Rec[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) => searchText(r, l).includes(q));
}

/** The sortable columns: each header's key and how a row is compared on it. */
export type SortKey =
  | "created"
  | "van_group"
  | "fleet_no"
  | "fleet_size"
  | "role"
  | "role_hours"
  | "route"
  | "wave"
  | "badge"
  | "driver"
  | "transporter_id"
  | "da_status"
  | "second_driver"
  | "second_da_status"
  | "actual_DA"
  | "rabbit"
  | "dolly"
  | "ontime_attendance"
  | "launchpad_support"
  | "morning_checklist"
  | "rescue"
  | "violation"
  | "actual_end_time"
  | NumberField;

type Value = string | number | null;

export function sortValue(r: Rec, key: SortKey, l: SearchLookups): Value {
  switch (key) {
    case "created":
      return r.created;
    case "van_group":
      return r.van?.van_group_name ?? null;
    case "fleet_no":
      return r.van?.number ?? r.fleet_number;
    case "fleet_size": {
      const s = fleetSizeOf(r);
      return s ? l.fleetSizeTitle(s) : null;
    }
    case "role":
      return l.roleName(r.role);
    case "role_hours":
      return r.role_hours === null ? null : Number(r.role_hours);
    case "route":
      return r.route;
    case "wave":
      return r.wave_time;
    case "badge":
      return r.driver?.badge ?? null;
    case "driver":
      return personName(r.driver) || null;
    case "transporter_id":
      return transporterIdText(r, l.stationId) || null;
    case "da_status":
      return r.driver ? STATUS_LABELS[r.da_status] ?? String(r.da_status) : null;
    case "second_driver":
      return personName(r.second_driver) || null;
    case "second_da_status":
      return r.second_driver ? STATUS_LABELS[r.second_da_status] ?? null : null;
    case "actual_DA":
      return r.actual_DA;
    case "rabbit":
      return r.rabbit_number?.serial_number ?? null;
    case "dolly":
      return r.dolly_number?.serial_number ?? null;
    case "ontime_attendance":
    case "launchpad_support":
    case "morning_checklist":
    case "rescue":
    case "violation":
      return r[key] ? 1 : 0;
    case "actual_end_time":
      return r.actual_end_time;
    default:
      return r[key];
  }
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** `ordering` is a key, '-' first for descending. Empty values sort last either way; ties keep creation order. */
export function sortRows(rows: readonly Rec[], ordering: string, l: SearchLookups): Rec[] {
  const desc = ordering.startsWith("-");
  const key = (desc ? ordering.slice(1) : ordering) as SortKey;
  const keyed = rows.map((r) => ({ r, v: sortValue(r, key, l) }));
  keyed.sort((a, b) => {
    const ea = a.v === null || a.v === "";
    const eb = b.v === null || b.v === "";
    if (ea || eb) return ea && eb ? byCreation(a.r, b.r) : ea ? 1 : -1;
    const c = typeof a.v === "number" && typeof b.v === "number"
      ? a.v - b.v
      : collator.compare(String(a.v), String(b.v));
    return c === 0 ? byCreation(a.r, b.r) : desc ? -c : c;
  });
  return keyed.map((k) => k.r);
}

function byCreation(a: Rec, b: Rec): number {
  return a.created < b.created ? -1 : a.created > b.created ? 1 : a.id - b.id;
}
