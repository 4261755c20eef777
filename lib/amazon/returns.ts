// Package returns CSV (amazon-files.md 8): `TransporterId, RouteCode, ReasonCode`, one row per returned
// package, for the return reasons per route. Amazon's long reasons map to the dashboard's codes
// (BUSINESS CLOSED -> BC, INACCESSIBLE DELIVERY LOCATION -> UTA, ADDRESS NOT FOUND -> UTL,
// NO SECURE LOCATION -> NSL); other reasons are kept as given. The file has no Week column: the week is
// the name's (a week label, or a date in the name: `Package_Returns_<DSP>_<STN>_2026-05-18.csv`).
import type { Column } from "./sheet.ts";
import type { ParseResult } from "./types.ts";
import { type Read, text, transporterId } from "./values.ts";
import { type ParseOptions, parseWeeklyCsv } from "./weekly.ts";

/** Amazon's reason (upper case, single spaces) -> the code the dashboard counts. */
export const REASON_CODES: Record<string, string> = {
  "BUSINESS CLOSED": "BC",
  "INACCESSIBLE DELIVERY LOCATION": "UTA",
  "ADDRESS NOT FOUND": "UTL",
  "NO SECURE LOCATION": "NSL",
};

export interface ReturnRow {
  /** the source row (header = 1) */
  row: number;
  transporter_id: string;
  route_code: string | null;
  /** BC, UTA, UTL, NSL, or the reason as given */
  reason_code: string;
  /** the reason as the file wrote it */
  reason: string;
  tracking_id: string | null;
}

/** A reason as its code: mapped when Amazon's long name is known, else kept as written. */
export function reasonCode(reason: string): string {
  const key = reason.trim().toUpperCase().replace(/[_\s]+/g, " ");
  return REASON_CODES[key] ?? reason.trim();
}

const reason = (v: unknown): Read<string> => {
  const t = text(v).value;
  return t ? { value: t } : { problem: "the reason code is empty" };
};

export const RETURN_COLUMNS: Column[] = [
  {
    key: "transporter_id",
    headers: ["TransporterId", "Transporter ID", "TID"],
    read: transporterId,
    isKey: true,
  },
  { key: "route_code", headers: ["RouteCode", "Route Code", "Route"], read: text },
  { key: "reason", headers: ["ReasonCode", "Reason Code", "Reason"], read: reason, isKey: true },
  { key: "tracking_id", headers: ["TrackingId", "Tracking ID"], read: text, optional: true },
];

/** Parses the returns CSV. A header with no rows is a week without returns (ok, no rows). */
export function parseReturns(
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): ParseResult<ReturnRow> {
  return parseWeeklyCsv<ReturnRow>(
    {
      kind: "returns-csv",
      columns: RETURN_COLUMNS,
      key: null,
      rowsAre: "returns",
      needsRows: false,
      map: (values, row) => {
        const given = values.reason as string;
        return {
          row,
          transporter_id: values.transporter_id as string,
          route_code: values.route_code as string | null,
          reason_code: reasonCode(given),
          reason: given,
          tracking_id: (values.tracking_id as string | null) ?? null,
        };
      },
    },
    bytes,
    fileName,
    opts,
  );
}
