// The check screens' and API's shapes (03 sections 2.1, 2.2, 3). Types only: islands import them.

/** Every success measure of a check week, in the order of the week page (03 section 2.2). */
export const MEASURES = [
  "dcr",
  "dnr",
  "dsb",
  "pod",
  "cc",
  "ada",
  "violation",
  "whc",
  "rescue_given",
  "mc",
  "oa",
  "cas",
  "hp6w",
  "employee_satisfaction",
] as const;
export type Measure = (typeof MEASURES)[number];

/** The measures a day carries (03 section 3 "Check day record"). */
export const DAY_MEASURES = ["dcr", "dnr", "dsb", "pod", "violation", "rescue_given", "mc", "oa"] as const;
export type DayMeasure = (typeof DAY_MEASURES)[number];

export type Targets = Record<Measure, number>;

/** A DA off target, as the spec's `*_da_off_target_names` carry them; `count` for dnr and dsb. */
export interface OffName {
  driver__first_name: string;
  driver__last_name: string;
  /** the file's transporter id: what an action created from this name is tied to */
  transporter_id?: string;
  count?: number;
}

/** One measure as a rebuild found it: the score, how many DAs were off target and who. */
export interface BuiltMeasure {
  score: number | null;
  off: number | null;
  names: OffName[];
}
export type BuiltWeek = Partial<Record<Measure, BuiltMeasure>> & { das?: number };
export type BuiltDay = Partial<Record<DayMeasure, BuiltMeasure>>;

export interface StationChoice {
  id: number;
  title: string;
  tag: string;
}

/**
 * A weekly list row (03 "Check week"): `<measure>` is the score and `<measure>_da_off_target` the count,
 * null where no file told it. `week_number` is zero-based.
 */
export interface CheckWeekDto {
  id: number;
  station: StationChoice;
  year: number;
  week_number: number;
  /** the Sunday that starts the week, ISO */
  week_start: string;
  target: Targets;
  scores: Record<Measure, number | null>;
  off_target: Record<Measure, number | null>;
}

export interface CheckListDto {
  count: number;
  results: CheckWeekDto[];
  /** the mean of the loaded rows when a date range is set (03 section 2.1), else null */
  average: { scores: Record<Measure, number | null>; off_target: Record<Measure, number | null> } | null;
}

/** A weekday of the week page. */
export interface CheckDayDto {
  id: number;
  /** ISO date */
  date: string;
  /** 'Sun'..'Sat' */
  get_week_day: string;
  scores: Record<DayMeasure, number | null>;
  off_target: Record<DayMeasure, number | null>;
  names: Record<DayMeasure, OffName[]>;
  /** what was typed, null where nothing was (the built value shows instead) */
  typed: { dsb: number | null; violation: number | null };
}

export interface CheckWeekDetailDto extends CheckWeekDto {
  names: Record<Measure, OffName[]>;
  daily_checks: CheckDayDto[];
}

export interface CheckUploadDto {
  station: StationChoice;
  week: string;
  check_week_id: number;
  files: { file_name: string; status: "imported" | "replaced" | "unchanged" }[];
}
