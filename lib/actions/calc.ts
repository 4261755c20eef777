// The action table's enumerations and status colours (03 sections 2.3, 4): pure, islands import them.

/** The action enumeration (labels not in the spec; chosen here). */
export const ACTION_LABELS: Record<number, string> = {
  1: "Coaching",
  2: "Retraining",
  3: "Written warning",
  4: "Final warning",
};
/** Status: 1 green, 2 warning, any other red (03 section 4). */
export const STATUS_LABELS: Record<number, string> = { 1: "Done", 2: "In progress", 3: "Open" };

/** Status colour: 1 green, 2 warning (yellow), any other red. */
export function statusTone(status: number): "green" | "amber" | "red" {
  return status === 1 ? "green" : status === 2 ? "amber" : "red";
}

/** The action table's query: what the page, the island and the URL share. */
export const ACT_DEFAULTS = {
  page: "1",
  page_size: "10",
  ordering: "-week_number",
  station: "",
  week_date: "",
  off_target_area: "",
  action: "",
  driver: "",
  owner: "",
  due_date: "",
  status: "",
  coaching_count: "",
};
