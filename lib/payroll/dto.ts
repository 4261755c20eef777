// What GET api/schedule/get_payroll_reports answers (02 section 3 "Payroll row", "Payroll user"). The
// spec's fields keep their names; the *_cents / hours_hundredths fields are ours (optional to clients)
// so that totals are summed in integers, never in floating point. Types only: islands import them.

export interface PayrollRowDto {
  /** The schedule entry's id. */
  id: number;
  user_id: number;
  user_name: string;
  badge: string | null;
  /** The station's tag. */
  station: string;
  station_id: number;
  /** The station spot's agency, else the user's own; null when neither. */
  agency: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** SCHEDULE role id (lib/schedule/roles.ts). */
  role: number;
  role_name: string;
  /** Hours counted for pay, "10.00" (base hours, entered hours, or the helped person's). */
  role_hours: string;
  /** Dollars per hour, "21.50"; null when the user has no rate. */
  pay_rate: string | null;
  /** DA pay in dollars; null without a rate. */
  pay: string | null;
  /** Agency pay in dollars (hours x the agency's rate); null without an agency rate. */
  agency_pay: string | null;
  user_status: number;
  hours_hundredths: number;
  pay_rate_cents: number | null;
  pay_cents: number | null;
  agency_pay_cents: number | null;
}

export interface PayrollUserDto {
  id: number;
  /** "First Last" (the autocomplete's text). */
  username: string;
  status: number;
  role: number;
  /** Only the spots at the viewer's stations. */
  station_spots: { id: number; station: { id: number; tag: string; title: string } }[];
}

export interface PayrollReportDto {
  data: { dataList: PayrollRowDto[]; userList: PayrollUserDto[] };
}
