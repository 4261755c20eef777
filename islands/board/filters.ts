import { BOARD_FILTER_KEYS, type BoardFilterKey } from "../../lib/shifts/board/calc.ts";
import { formatDate, MONTH_LABELS } from "../../lib/dates/format.ts";

export interface Option {
  id: number;
  name: string;
}
export interface FilterOptions {
  stations: { id: number; tag: string; title: string }[];
  fleetGroups: Option[];
  fleetSizes: Option[];
}

/** The board's query defaults: page 1 of 10, no filter set. */
export const BOARD_DEFAULTS: Record<string, string> = {
  page: "1",
  page_size: "10",
  ...Object.fromEntries(BOARD_FILTER_KEYS.map((k) => [k, ""])),
};

const TITLES: Record<BoardFilterKey, string> = {
  station: "Station",
  date_shift: "Shift date",
  date_from: "From",
  date_to: "To",
  month: "Month",
  year: "Year",
  week_number: "Week",
  created_date: "Created",
  created_by: "Created by",
  edited_by: "Edited by",
  driver: "DA",
  fleet_number: "Fleet No.",
  fleet_group: "Fleet group",
  fleet_size: "Fleet size",
  rabbit_number: "Rabbit",
  dolly_number: "Dolly",
  missing: "Missing",
};

/** The chip text of a set filter ('Station: DON9', 'Shift date: 17-05-2026', 'Created by: Dana Diaz'). */
export function chipText(
  key: BoardFilterKey,
  value: string,
  options: FilterOptions,
  labels: Record<string, string>,
): string {
  const named = (list: Option[]) => list.find((o) => String(o.id) === value)?.name ?? value;
  let shown = value;
  if (key === "station") shown = options.stations.find((s) => String(s.id) === value)?.tag ?? value;
  else if (key === "fleet_group") shown = named(options.fleetGroups);
  else if (key === "fleet_size") shown = named(options.fleetSizes);
  else if (key === "month") shown = MONTH_LABELS[Number(value) - 1] ?? value;
  else if (key === "created_by" || key === "edited_by" || key === "driver") {
    shown = labels[value] ?? `#${value}`;
  } else if (key === "date_shift" || key === "date_from" || key === "date_to" || key === "created_date") {
    shown = formatDate(value);
  } else if (key === "missing") return "With missing packages";
  return `${TITLES[key]}: ${shown}`;
}
