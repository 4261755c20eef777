// The availability tracker's row (02 section 3 "Tracker row") plus `id`. Types only: islands import them.

export interface TrackerRowDto {
  id: number;
  name: string;
  badge: string | null;
  transporter_id: string | null;
  availability_count: number;
  actual_shifts: number;
  confirmed: number;
  rejected: number;
  client_cancelled: number;
  mycu_cancelled: number;
}

/** GET api/statistic/?statistic=tracker_data: `{data: [...]}` with the period it covered. */
export interface TrackerDataDto {
  data: TrackerRowDto[];
  station: number;
  date_from: string;
  date_to: string;
}
