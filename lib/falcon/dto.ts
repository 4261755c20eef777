// GET api/falcon/ (03 2.8 getFalconData), field names as the spec writes them. Columns are days
// (report_date) in the month, week and day views, and weeks (week_number, zero-based) in the annual view.

export interface FalconColumnDto {
  /** report_date, or `w` + week_number in the annual view: the key the lists below point at. */
  key: string;
  /** Day columns: the date and its weekday ('Sun'). */
  date?: string;
  day?: string;
  /** Week columns: zero-based, shown +1. */
  week_number?: number;
}

/** Shift records of one column grouped by role, van size, cancelled size and hours; routes = how many. */
export interface StandardItemDto {
  role: number;
  routes: number;
  van__fleet_size: number | null;
  cancelled_fleet_size: number | null;
  role_hours: number | null;
  report_date?: string;
  week_number?: number;
}

export interface PlanItemDto {
  number_of_routes: number;
  report_date?: string;
  week_number?: number;
}

export interface CommentDto {
  report_date: string;
  report_comment: string;
  /** 0 unset, 1 yes (matches), 2 no. */
  is_match: number;
}

export interface FalconDto {
  period: { type: "annual" | "month" | "week" | "day"; from: string; to: string };
  station: { id: number; tag: string; title: string };
  date_list: FalconColumnDto[];
  standard_list: StandardItemDto[];
  plan_list: PlanItemDto[];
  comment_list: CommentDto[];
  /** The organisation's today, which the plan rule is judged against. */
  today: string;
}

export interface PlanSavedDto {
  station: number;
  report_date: string;
  number_of_routes: number;
}

/** createOrUpdateReportComment: "created flag and data (first item: report_date, report_comment, is_match)". */
export interface CommentSavedDto {
  created: boolean;
  data: CommentDto[];
}
