// Shapes shared by the tracker island's parts. The DTOs come from lib/shifts/dto.ts (types only); the
// role table and the other constants arrive as props from the page, which may load lib/shifts/roles.ts.
import type { ShiftRecordDto } from "../../lib/shifts/dto.ts";
import type { TrackerOptions } from "../../lib/shifts/tracker/options.ts";
import { isReleasedRow } from "../../lib/shifts/calc.ts";

export type Rec = ShiftRecordDto;

/** The shift-record role table and the field rules of 02 sections 5 and 9, passed by the page. */
export interface TrackerConstants {
  roles: { id: number; name: string }[];
  editableHoursRoles: number[];
  waves: string[];
  /** Every fleet size id -> title (a van may have one the tracker does not offer). */
  fleetSizeTitles: Record<number, string>;
  /** The fleet-size choices, in the tracker's order 1, 6, 3, 2. */
  fleetSizeOrder: number[];
}

/** GET api/da-daily-report/{id}/options/: the pickers' choices, as the server declares them. */
export type { DriverOption, ScannerOption, TrackerOptions } from "../../lib/shifts/tracker/options.ts";

/** The fields a row's PATCH may carry (api/da-daily-report-record/{id}/), besides `version`. */
export type PatchFields = Record<string, string | number | boolean | null>;

export type SerialSlot = "rabbit_number" | "second_rabbit_number" | "dolly_number" | "second_dolly_number";

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * What every row reads and calls: stable for the page's lifetime (the functions read refs), so a change
 * to one row never re-renders the others.
 */
export interface RowContext {
  constants: TrackerConstants;
  stationId: number;
  /** The pickers' choices, loaded after the page (null until then). */
  options(): TrackerOptions | null;
  /** Sends a field-level change; `seen` is the row version the editor saw when they started (default: now). */
  patch(id: number, fields: PatchFields, seen?: number): Promise<boolean>;
  /** The same write for a pasted value: resolves with the refusal's words, or null when saved. */
  tryPatch(id: number, fields: PatchFields): Promise<string | null>;
  serial(id: number, slot: SerialSlot, scannerId: number): Promise<boolean>;
  askDelete(id: number): void;
  /** Driver ids on rows other than `recordId` (as DA or DA 2). */
  driversElsewhere(recordId: number): Set<number>;
  /** Scanner ids on rows other than `recordId` (any slot), and on other reports of the day. */
  scannersElsewhere(recordId: number): Set<number>;
}

export const personName = (p: { first_name: string; last_name: string } | null | undefined): string =>
  p ? `${p.first_name} ${p.last_name}`.replace(/\s+/g, " ").trim() : "";

/** 02 section 9: stations 1 and 2 show 'Pending the ID' when the DA has no transporter id, others 'NR'. */
export function transporterIdText(rec: Pick<Rec, "driver">, stationId: number): string {
  if (!rec.driver) return "";
  return rec.driver.transporter_id || (stationId === 1 || stationId === 2 ? "Pending the ID" : "NR");
}

/** Statuses the DA status select offers: 0-2, plus 3 only when the row already has it. */
export const STATUS_LABELS: Record<number, string> = {
  0: "Pending",
  1: "Confirmed",
  2: "Rejected",
  3: "Cancelled",
};

/** 02 section 4: 1 green; 0, 2 and 3 amber; anything else red. */
export function statusTone(status: number): "green" | "amber" | "red" {
  if (status === 1) return "green";
  if (status === 0 || status === 2 || status === 3) return "amber";
  return "red";
}

/** The fleet size the row's select shows: the cancelled size on a cancelled or rejected row, else the van's. */
export function fleetSizeOf(
  rec: Pick<Rec, "role" | "da_status" | "cancelled_fleet_size" | "van">,
): number | null {
  if (isReleasedRow({ role: rec.role, daStatus: rec.da_status })) return rec.cancelled_fleet_size;
  return rec.van?.fleet_size?.id ?? null;
}

/** 02 section 8, 'No Free Vans' (the spec's wording). */
export const NO_FREE_VANS_TEXT =
  "There are no free vans for current driver with such fleet size; try select this driver again with another fleet size or connect with administrator.";
