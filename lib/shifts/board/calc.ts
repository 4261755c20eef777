// Pure display rules of the board (02 section 2), shared by the page and its island.
import { twoDigitWeek } from "../../dates/weeks.ts";
import { formatDate, weekdayAbbrev } from "../../dates/format.ts";

/** The week column: the stored, zero-based week_number shown +1 with two digits (0 -> '01', 46 -> '47'). */
export function weekLabel(storedWeek: number): string {
  return twoDigitWeek(storedWeek + 1);
}

/** The report date with its weekday abbreviation: 'Sun 22-11-2026'. */
export function reportDateLabel(reportDate: string): string {
  return `${weekdayAbbrev(reportDate)} ${formatDate(reportDate)}`;
}

/** The filter keys, in the order the drawer shows them; each set one counts once on the filter badge. */
export const BOARD_FILTER_KEYS = [
  "station",
  "date_shift",
  "date_from",
  "date_to",
  "month",
  "year",
  "week_number",
  "created_date",
  "created_by",
  "edited_by",
  "driver",
  "fleet_number",
  "fleet_group",
  "fleet_size",
  "rabbit_number",
  "dolly_number",
  "missing",
] as const;
export type BoardFilterKey = (typeof BOARD_FILTER_KEYS)[number];

/** How many filters are set (the badge on the Filters button); `missing` counts only when 'true'. */
export function activeFilterCount(query: Record<string, string | undefined>): number {
  return BOARD_FILTER_KEYS.filter((k) => {
    const v = query[k];
    if (v === undefined || v === "") return false;
    return k === "missing" ? v === "true" : true;
  }).length;
}

/** The create success toast (02 section 8). */
export const REPORT_CREATED = "Shift report was created!";
/** Rows a new report may start with. */
export const MAX_START_ROWS = 300;

/** Digits only (typing and paste, 02 section 5): everything else is dropped. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}
