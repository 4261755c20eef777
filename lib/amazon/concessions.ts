// Package-level DSB / DNR concessions CSV (amazon-files.md 3, second variant):
// `DSP_Delivery_Concessions_<STN>_<wk>.csv`, one row per package with the DA (name and transporter ID),
// whether it impacts DSB, the six defect flags (1/0, x or a dot), the tracking ID, the dates, the service
// area and the DSP. The file has no Week column: its week is the week most packages were delivered in,
// which must agree with the name's; a package delivered in another week is skipped with a problem.
import { compareWeeks, weekOf, type WeekRef } from "../dates/weeks.ts";
import { readName, STATION_CODE, weekText } from "./identify.ts";
import { type Column, csvGrid, fatal, headerRow, layout, readRows } from "./sheet.ts";
import type { FileIdentity, ParseResult, Problem } from "./types.ts";
import { date, flag, type Read, text, transporterId } from "./values.ts";
import { guard, type ParseOptions, settleStation, settleWeek } from "./weekly.ts";

/** A flag is null when the file has no such column (an older or newer generation). */
export interface ConcessionRow {
  /** the source row (header = 1) */
  row: number;
  delivery_associate_name: string | null;
  transporter_id: string;
  impacts_dsb: boolean | null;
  delivery_type: string | null;
  simultaneous_deliveries: boolean | null;
  delivered_over_50_m: boolean | null;
  incorrect_scan_usage_attended_delivery: boolean | null;
  incorrect_scan_usage_unattended_delivery: boolean | null;
  no_pod_on_delivery: boolean | null;
  scanned_not_delivered_not_returned: boolean | null;
  tracking_id: string;
  /** YYYY-MM-DD */
  pickup_date: string | null;
  delivery_attempt_date: string | null;
  delivery_date: string | null;
  concession_date: string | null;
  service_area: string | null;
  dsp: string | null;
}

const required = (v: unknown): Read<string> => {
  const t = text(v).value;
  return t ? { value: t } : { problem: "the tracking ID is empty" };
};

export const CONCESSION_COLUMNS: Column[] = [
  { key: "delivery_associate_name", headers: ["Delivery Associate Name", "DA Name"], read: text },
  {
    key: "transporter_id",
    headers: ["Delivery Associate", "Transporter ID", "TID"],
    read: transporterId,
    isKey: true,
  },
  { key: "impacts_dsb", headers: ["Impacts DSB"], read: flag },
  { key: "delivery_type", headers: ["Delivery Type"], read: text },
  { key: "simultaneous_deliveries", headers: ["Simultaneous Deliveries"], read: flag },
  { key: "delivered_over_50_m", headers: ["Delivered > 50 m", "Delivered > 50m"], read: flag },
  {
    key: "incorrect_scan_usage_attended_delivery",
    headers: ["Incorrect Scan Usage - Attended Delivery"],
    read: flag,
  },
  {
    key: "incorrect_scan_usage_unattended_delivery",
    headers: ["Incorrect Scan Usage - Unattended Delivery"],
    read: flag,
  },
  { key: "no_pod_on_delivery", headers: ["No POD on Delivery"], read: flag },
  {
    key: "scanned_not_delivered_not_returned",
    headers: ["Scanned - Not Delivered - Not Returned", "Scanned Not Delivered Not Returned"],
    read: flag,
  },
  { key: "tracking_id", headers: ["Tracking ID", "TrackingId"], read: required, isKey: true },
  { key: "pickup_date", headers: ["Pickup Date"], read: date },
  { key: "delivery_attempt_date", headers: ["Delivery Attempt Date"], read: date },
  { key: "delivery_date", headers: ["Delivery Date"], read: date },
  { key: "concession_date", headers: ["Concession Date"], read: date },
  { key: "service_area", headers: ["Service Area", "Station"], read: text },
  { key: "dsp", headers: ["DSP", "DSP Short Code"], read: text },
];

const deliveryWeek = (r: ConcessionRow): WeekRef | null => {
  const d = r.delivery_date ?? r.delivery_attempt_date;
  return d ? weekOf(d) : null;
};

function mostCommon(xs: string[]): string | null {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The CSV's packages read through the columns, or null (with a fatal problem) when the file cannot be read. */
function readPackages(bytes: Uint8Array, fileName: string, problems: Problem[]) {
  const grid = csvGrid(bytes, fileName, problems);
  if (!grid) return null;
  if (!grid.length) {
    problems.push(fatal(fileName, "the file is empty."));
    return null;
  }
  const at = headerRow(grid, CONCESSION_COLUMNS);
  const lay = layout(grid[at], CONCESSION_COLUMNS, fileName, problems);
  if (!lay) return null;
  const data = grid.slice(at + 1);
  const rows = readRows(data, lay, CONCESSION_COLUMNS, fileName, problems)
    .map(({ row, values }) => ({ row, ...values }) as ConcessionRow);
  if (data.length && !rows.length) {
    problems.push(fatal(fileName, `none of the ${data.length} rows could be read.`));
  }
  return { rows, labels: lay.labels };
}

/** The week: the name's (a bare `_21` takes its year from the packages), checked against the packages'. */
function settleConcessionWeek(
  identity: FileIdentity,
  name: ReturnType<typeof readName>,
  rows: ConcessionRow[],
  fileName: string,
  problems: Problem[],
) {
  const common = mostCommon(rows.map(deliveryWeek).filter((w) => w !== null).map((w) => weekText(w)));
  const contentWeek = common ? { year: +common.slice(0, 4), week: +common.slice(6) } : null;
  let nameWeek = name.week;
  if (!nameWeek && name.bareWeek !== null) {
    nameWeek = contentWeek ? { year: contentWeek.year, week: name.bareWeek } : null;
    if (!contentWeek) {
      problems.push(
        fatal(
          fileName,
          `the file name gives week ${name.bareWeek} without its year, and no package has a delivery date.`,
        ),
      );
    }
  }
  settleWeek(identity, nameWeek, contentWeek, "the delivery dates say", fileName, problems);
}

/** Packages delivered in another week than the file's are skipped, each with a problem. */
function inFileWeek(
  rows: ConcessionRow[],
  week: WeekRef,
  labels: Map<string, string>,
  fileName: string,
  problems: Problem[],
): ConcessionRow[] {
  return rows.filter((r) => {
    const w = deliveryWeek(r);
    if (!w || compareWeeks(w, week) === 0) return true;
    problems.push({
      file: fileName,
      row: r.row,
      column: labels.get(r.delivery_date ? "delivery_date" : "delivery_attempt_date"),
      message: `delivered in ${weekText(w)}, not in the file's week ${weekText(week)}; the row was skipped.`,
    });
    return false;
  });
}

/** Parses the concessions CSV. A header with no packages is a week without concessions (ok, no rows). */
export function parseConcessions(
  bytes: Uint8Array,
  fileName: string,
  opts: ParseOptions = {},
): ParseResult<ConcessionRow> {
  const name = readName(fileName);
  const identity: FileIdentity = {
    kind: "concessions-csv",
    station: name.station,
    week: name.week,
    dsp: name.dsp,
  };
  return guard(fileName, identity, (problems) => {
    const read = readPackages(bytes, fileName, problems);
    if (!read) return [];
    settleConcessionWeek(identity, name, read.rows, fileName, problems);
    const rows = identity.week
      ? inFileWeek(read.rows, identity.week, read.labels, fileName, problems)
      : read.rows;
    const area = mostCommon(
      rows.map((r) => r.service_area?.toUpperCase() ?? "").filter((s) => STATION_CODE.test(s)),
    );
    settleStation(identity, area, "the Service Area column says", fileName, problems, opts);
    if (!identity.dsp) identity.dsp = mostCommon(rows.map((r) => r.dsp ?? "").filter(Boolean));
    return rows;
  });
}
