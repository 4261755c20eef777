// The scoreboard's shapes (03 sections 2.5, 3 "Scoreboard row"). Types only.
import type { StationChoice } from "../checks/dto.ts";

export interface ScoreboardRowDto {
  /** the DA's week row (da_weekly_performance id): what the block call names */
  id: number;
  ignore_sms: boolean;
  driver: { id: number | null; first_name: string; last_name: string; transporter_id: string };
  points_total: number | null;
  old_points_total: number | null;
  number_of_shifts: number;
  quadrant_name: string | null;
  raw_data: {
    current_week_tier: string | null;
    average_week6_tier: string | null;
    /** weeks since the DA joined */
    tenured: number | null;
    dcr: number | null;
    dsb: number | null;
    dar: number | null;
    pod: number | null;
    sc: number | null;
    ced: number | null;
    high_performer_in_weeks: number | null;
  };
  dnr: number | null;
  dsb_count: number | null;
  rescue: number | null;
  morning_checklist: number | null;
  ontime_attendance: number | null;
  /** the week's summary this DA gets from DA Notify */
  text_message: string;
}

export interface ScoreboardDto {
  count: number;
  results: ScoreboardRowDto[];
  report: { week_total_score: number | null; week_total_tier: string | null };
  station: StationChoice | null;
  year: number;
  /** 1-based, as shown */
  week: number;
  shows_dsb: boolean;
}

export interface NotifyResultDto {
  detail: string;
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
}
