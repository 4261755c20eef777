// The other weekly quality CSVs (amazon-files.md 4), one row per DA each: `Quality_DCR_...` (completion
// rate, packages and the return-to-station reasons), `Quality_POD_...` (photo on delivery) and
// `Quality_PSB_...` (pickup success behaviours). Names carry `..._<DSP>_<STN>_<YYYY-Www>.csv`.
import type { Column } from "./sheet.ts";
import type { ParseResult } from "./types.ts";
import { int, percent, text, transporterId } from "./values.ts";
import { type ParseOptions, parseWeeklyCsv, weekCell } from "./weekly.ts";

/** The return-to-station reasons of the DCR file, by field key and column name. */
export const RTS_REASONS = {
  all_exempted: "All Exempted",
  business_closed: "Business Closed",
  customer_unavailable: "Customer Unavailable",
  no_secure_location: "No Secure Location",
  other: "Other",
  out_of_drive_time: "Out of Drive Time",
  unable_to_access: "Unable To Access",
  unable_to_locate: "Unable To Locate",
  unsafe_due_to_dog: "Unsafe Due to Dog",
  bad_weather: "Bad Weather",
  locker_issue: "Locker Issue",
  missing_or_incorrect_access_code: "Missing or Incorrect Access Code",
  otp_not_available: "OTP Not Available",
} as const;
export type RtsReason = keyof typeof RTS_REASONS;

interface DaWeek {
  /** the source row (header = 1) */
  row: number;
  /** `2026-W21` */
  week: string;
  da: string | null;
  transporter_id: string;
}

export interface DcrRow extends DaWeek {
  dcr: number | null;
  packages_delivered: number | null;
  packages_dispatched: number | null;
  packages_returned_to_station: number | null;
  packages_returned_to_station_da_controllable: number | null;
  /** RTS counts by reason; null where the file has '-' or no such column */
  rts: Record<RtsReason, number | null>;
}

export interface PodRow extends DaWeek {
  swc_photo_on_delivery: number | null;
  pod_success: number | null;
  pod_opportunities: number | null;
}

export interface PsbRow extends DaWeek {
  psb: number | null;
  successful_stops: number | null;
  failed_stops: number | null;
}

const count = (v: unknown) => int(v);
const pct = (v: unknown) => percent(v);

const DA_WEEK: Column[] = [
  { key: "week", headers: ["Week"], read: weekCell },
  { key: "da", headers: ["DA", "Delivery Associate", "DA Name"], read: text },
  {
    key: "transporter_id",
    headers: ["TID", "Transporter ID", "TransporterId"],
    read: transporterId,
    isKey: true,
  },
];

export const DCR_COLUMNS: Column[] = [
  ...DA_WEEK,
  { key: "dcr", headers: ["DCR"], read: pct },
  { key: "packages_delivered", headers: ["Packages Delivered"], read: count },
  { key: "packages_dispatched", headers: ["Packages Dispatched"], read: count },
  { key: "packages_returned_to_station", headers: ["Packages Returned To Station"], read: count },
  {
    key: "packages_returned_to_station_da_controllable",
    headers: ["Packages Returned to Station - DA Controllable"],
    read: count,
  },
  ...Object.entries(RTS_REASONS).map(([key, name]): Column => ({
    key: `rts:${key}`,
    headers: [name, `RTS - ${name}`, `RTS ${name}`],
    read: count,
    optional: true,
  })),
];

export const POD_COLUMNS: Column[] = [
  ...DA_WEEK,
  {
    key: "swc_photo_on_delivery",
    headers: ["SWC - Photo on Delivery", "Photo on Delivery", "POD"],
    read: pct,
  },
  { key: "pod_success", headers: ["POD Success"], read: count },
  { key: "pod_opportunities", headers: ["POD Opportunities"], read: count },
];

export const PSB_COLUMNS: Column[] = [
  ...DA_WEEK,
  { key: "psb", headers: ["PSB"], read: pct },
  { key: "successful_stops", headers: ["Successful Stops"], read: count },
  { key: "failed_stops", headers: ["Failed Stops"], read: count },
];

/** Parses `Quality_DCR_...csv`. Never throws; `ok` is false when nothing may be stored. */
export function parseDcr(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}): ParseResult<DcrRow> {
  return parseWeeklyCsv<DcrRow>(
    {
      kind: "dcr-csv",
      columns: DCR_COLUMNS,
      key: "transporter_id",
      rowsAre: "DA rows",
      map: (values, row) => {
        const out: Record<string, unknown> = { row };
        const rts = {} as Record<RtsReason, number | null>;
        for (const [k, v] of Object.entries(values)) {
          if (k.startsWith("rts:")) rts[k.slice(4) as RtsReason] = v as number | null;
          else out[k] = v;
        }
        return { ...out, rts } as unknown as DcrRow;
      },
    },
    bytes,
    fileName,
    opts,
  );
}

/** Parses `Quality_POD_...csv`. */
export function parsePod(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}): ParseResult<PodRow> {
  return parseWeeklyCsv<PodRow>(
    { kind: "pod-csv", columns: POD_COLUMNS, key: "transporter_id", rowsAre: "DA rows" },
    bytes,
    fileName,
    opts,
  );
}

/** Parses `Quality_PSB_...csv`. */
export function parsePsb(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}): ParseResult<PsbRow> {
  return parseWeeklyCsv<PsbRow>(
    { kind: "psb-csv", columns: PSB_COLUMNS, key: "transporter_id", rowsAre: "DA rows" },
    bytes,
    fileName,
    opts,
  );
}
