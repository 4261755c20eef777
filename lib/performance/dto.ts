// What the performance page's statistics answer (03 section 3 "Stats records", 2.6): explicit shapes.

export interface PersonSumDto {
  driver__first_name: string;
  driver__last_name: string;
  sum: number;
}
export interface PersonCountDto {
  driver__first_name: string;
  driver__last_name: string;
  counter: number;
}
export interface NamedCountDto {
  name: string;
  counter: number;
}
export interface PackagesDto {
  driver: { id: number; first_name: string; last_name: string };
  team_player_score: number | null;
  road_runner_score: number | null;
  delivered: { avg: number; sum: number };
}
export interface VanTotalsDto {
  vans: number;
  shifts: number;
}
export interface VansDataDto {
  /** days in the period: utilisation = shifts / (vans x days) */
  days: number;
  owned: VanTotalsDto;
  rental: VanTotalsDto;
  unregistered: VanTotalsDto;
  unregistered_list: { number: string; counter: number }[];
}
export interface ScannerReportDto {
  result: { serial_number: string; count: number }[];
  returned: { report_date: string; difference: number }[];
}
export interface WorstDarDto {
  /** 'DSB' from 2023 week 35 on (the scoreboard's rule), else 'DAR' */
  measure: "DSB" | "DAR";
  data: { name: string; dar_value: number }[];
}
export interface StatusDto {
  week: number;
  year: number;
  status: string | null;
  level: number | null;
}
export interface ReliabilityDto {
  date?: string;
  week_number?: number;
  capacity_reliability_score: number;
}
