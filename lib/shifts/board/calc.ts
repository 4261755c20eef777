// Pure display rules of the board (02 section 2), shared by the page and its island.
import { twoDigitWeek } from "../../dates/weeks.ts";
import { formatDate, weekdayAbbrev } from "../../dates/format.ts";
import { BOARD_FILTER_KEYS } from "./inputs.ts";

/** The week column: the stored, zero-based week_number shown +1 with two digits (0 -> '01', 46 -> '47'). */
export function weekLabel(storedWeek: number): string {
  return twoDigitWeek(storedWeek + 1);
}

/** The report date with its weekday abbreviation: 'Sun 22-11-2026'. */
export function reportDateLabel(reportDate: string): string {
  return `${weekdayAbbrev(reportDate)} ${formatDate(reportDate)}`;
}

/** How many filters are set (the badge on the Filters button); `missing` counts only when 'true'. */
export function activeFilterCount(query: Record<string, string | undefined>): number {
  return BOARD_FILTER_KEYS.filter((k) => {
    const v = query[k];
    if (v === undefined || v === "") return false;
    return k === "missing" ? v === "true" : true;
  }).length;
}

/** The create success toast (02 section 8). */
export const REPORT_CREATED = "DA report was created!";
/** Rows a new report may start with. */
export const MAX_START_ROWS = 300;

/** Digits only (typing and paste, 02 section 5): everything else is dropped. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}
