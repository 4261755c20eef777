// The availability tracker's pure rules: the colour of each count (02 section 4 "Tracker colours", section 9
// thresholds), the period a query names, search and ordering of the rows. Islands load it.
import { addDays, type IsoDate, isoDate } from "../dates/calendar.ts";
import { weekStart } from "../dates/weeks.ts";
import type { TrackerRowDto } from "./dto.ts";

export type Colour = "green" | "yellow" | "red";

/** 02 section 9: "4 shifts or availabilities; 1 and 2 rejections or cancellations". */
export const TRACKER_THRESHOLDS = { enough: 4, warn: 1, bad: 2 } as const;

export type CountField =
  | "availability_count"
  | "actual_shifts"
  | "confirmed"
  | "rejected"
  | "client_cancelled"
  | "mycu_cancelled";

/** Availability and shifts: green at 4 or more. Confirmed: green when equal to shifts. Refusals: 0/1/2+. */
export function countColour(field: CountField, row: Pick<TrackerRowDto, CountField>): Colour {
  const n = row[field];
  switch (field) {
    case "availability_count":
    case "actual_shifts":
      return n >= TRACKER_THRESHOLDS.enough ? "green" : "red";
    case "confirmed":
      return n === row.actual_shifts ? "green" : "red";
    default:
      return n >= TRACKER_THRESHOLDS.bad ? "red" : n >= TRACKER_THRESHOLDS.warn ? "yellow" : "green";
  }
}

/** Year, or a month of it (1-12), or a week of it (zero-based, as the API sends weeks). */
export function trackerPeriod(
  year: number,
  month?: number | null,
  week?: number | null,
): { from: IsoDate; to: IsoDate } {
  if (week !== null && week !== undefined) {
    const from = weekStart(year, week + 1);
    return { from, to: addDays(from, 6) };
  }
  if (month !== null && month !== undefined) {
    const next = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
    return { from: isoDate(year, month, 1), to: addDays(next, -1) };
  }
  return { from: isoDate(year, 1, 1), to: isoDate(year, 12, 31) };
}

/** Sortable columns (all but Badge and Transporter ID); 'created' is the default (the DA's id). */
export const TRACKER_ORDERINGS = [
  "created",
  "name",
  "availability_count",
  "actual_shifts",
  "confirmed",
  "rejected",
  "client_cancelled",
  "mycu_cancelled",
] as const;
export type TrackerOrdering = (typeof TRACKER_ORDERINGS)[number];

/** Name or transporter id containing the text, any case. */
export function searchRows(rows: readonly TrackerRowDto[], text: string): TrackerRowDto[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((r) =>
    r.name.toLowerCase().includes(q) || (r.transporter_id ?? "").toLowerCase().includes(q)
  );
}

/** `ordering` as DRF spells it ('-' = descending); ties by id so the order is stable. */
export function sortRows(rows: readonly TrackerRowDto[], ordering: string): TrackerRowDto[] {
  const desc = ordering.startsWith("-");
  const key = ordering.replace(/^-/, "") as TrackerOrdering;
  const sign = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const by = key === "created"
      ? a.id - b.id
      : key === "name"
      ? a.name.localeCompare(b.name)
      : a[key] - b[key];
    return sign * by || a.id - b.id;
  });
}

/** Clicking a header: the active column flips, another column starts ascending. */
export function nextOrdering(current: string, field: TrackerOrdering): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field;
}
