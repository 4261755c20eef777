// Weekly DNR / DSB CSV (amazon-files.md 3): `Quality_DSB_DNR_<DSP>_<STN>_<YYYY-Www>.csv`, one row per DA
// with the DSB count and DPMO and the counts behind them. The package-level variant is concessions.ts.
import type { Column } from "./sheet.ts";
import type { ParseResult } from "./types.ts";
import { int, text, transporterId } from "./values.ts";
import { type ParseOptions, parseWeeklyCsv, weekCell } from "./weekly.ts";

export interface DnrRow {
  /** the source row (header = 1) */
  row: number;
  /** `2026-W21` */
  week: string;
  da: string | null;
  transporter_id: string;
  dsb_count: number | null;
  dsb_dpmo: number | null;
  attended_delivery_count: number | null;
  unattended_delivery_count: number | null;
  simultaneous_deliveries: number | null;
  delivered_over_50_m: number | null;
  incorrect_scan_usage_attended_delivery: number | null;
  incorrect_scan_usage_unattended_delivery: number | null;
  no_pod_on_delivery: number | null;
  scanned_not_delivered_not_returned: number | null;
}

const count = (v: unknown) => int(v);

export const DNR_COLUMNS: Column[] = [
  { key: "week", headers: ["Week"], read: weekCell },
  { key: "da", headers: ["DA", "Delivery Associate", "DA Name"], read: text },
  {
    key: "transporter_id",
    headers: ["TID", "Transporter ID", "TransporterId"],
    read: transporterId,
    isKey: true,
  },
  { key: "dsb_count", headers: ["DSB Count"], read: count },
  { key: "dsb_dpmo", headers: ["DSB DPMO"], read: count },
  { key: "attended_delivery_count", headers: ["Attended Delivery Count"], read: count },
  { key: "unattended_delivery_count", headers: ["Unattended Delivery Count"], read: count },
  { key: "simultaneous_deliveries", headers: ["Simultaneous Deliveries"], read: count },
  {
    key: "delivered_over_50_m",
    headers: ["Delivered > 50 m", "Delivered > 50m", "Delivered Over 50 m"],
    read: count,
  },
  {
    key: "incorrect_scan_usage_attended_delivery",
    headers: ["Incorrect Scan Usage - Attended Delivery"],
    read: count,
  },
  {
    key: "incorrect_scan_usage_unattended_delivery",
    headers: ["Incorrect Scan Usage - Unattended Delivery"],
    read: count,
  },
  { key: "no_pod_on_delivery", headers: ["No POD on Delivery"], read: count },
  {
    key: "scanned_not_delivered_not_returned",
    headers: ["Scanned - Not Delivered - Not Returned", "Scanned Not Delivered Not Returned"],
    read: count,
  },
];

/** Parses the weekly DNR/DSB CSV. Never throws; `ok` is false when nothing may be stored. */
export function parseDnr(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}): ParseResult<DnrRow> {
  return parseWeeklyCsv<DnrRow>(
    { kind: "dnr-csv", columns: DNR_COLUMNS, key: "transporter_id", rowsAre: "DA rows" },
    bytes,
    fileName,
    opts,
  );
}
