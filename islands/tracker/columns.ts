// The tracker table's columns in order: header label, sort key, and the sticky class of the first three.
// RecordRow renders its cells in this same order.
import type { SortKey } from "./search.ts";

export interface Column {
  key: SortKey;
  label: string;
  className?: string;
  /** Only while DA 2 is shown. */
  da2?: boolean;
}

/** Numeric fields at the end of a row ('actual end time' is a time of day typed as HH:MM). */
export const NUMBER_COLUMNS = [
  ["number_of_stops", "Stops"],
  ["number_of_packages", "Packages"],
  ["actual_end_time", "Actual end time"],
  ["rescue_given", "Rescue given"],
  ["rescue_taken", "Rescue taken"],
  ["uta", "UTA"],
  ["utl", "UTL"],
  ["nsl", "NSL"],
  ["bc", "BC"],
  ["missing", "Missing"],
  ["damage", "Damage"],
  ["fdd", "FDD"],
  ["missort", "Missort"],
  ["oc", "OC"],
  ["others", "Others"],
] as const;

export const COLUMNS: readonly Column[] = [
  { key: "created", label: "#", className: "tk-s1" },
  { key: "fleet_no", label: "Fleet No.", className: "tk-s2" },
  { key: "driver", label: "DA", className: "tk-s3" },
  { key: "van_group", label: "Van group" },
  { key: "fleet_size", label: "Fleet size" },
  { key: "role", label: "Role" },
  { key: "role_hours", label: "Hours" },
  { key: "route", label: "Route" },
  { key: "wave", label: "Wave" },
  { key: "badge", label: "Badge" },
  { key: "transporter_id", label: "Transporter ID" },
  { key: "da_status", label: "DA status" },
  { key: "second_driver", label: "DA 2", da2: true },
  { key: "second_da_status", label: "DA 2 status", da2: true },
  { key: "actual_DA", label: "Actual DA" },
  { key: "rabbit", label: "Rabbit" },
  { key: "dolly", label: "Dolly" },
  { key: "ontime_attendance", label: "Ontime" },
  { key: "launchpad_support", label: "Launchpad" },
  { key: "morning_checklist", label: "Checklist" },
  { key: "rescue", label: "Rescue" },
  { key: "violation", label: "Violation" },
  ...NUMBER_COLUMNS.map(([key, label]) => ({ key, label })),
];
