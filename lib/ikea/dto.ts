// The IKEA check screens' and API's shapes (03 sections 2.4, 3 "Ikea weekly row"). Types only.
import type { StationChoice } from "../checks/dto.ts";
import type { IkeaDayFigure, IkeaFigure, IkeaTargets } from "./calc-fields.ts";
export type { IkeaDayFigure, IkeaFigure, IkeaMeasure, IkeaTargets, IkeaTyped } from "./calc-fields.ts";

/** An IKEA weekly row: `week_number` zero-based (shown +1); null where nobody typed the figure. */
export interface IkeaWeekDto extends Record<IkeaFigure, number | null> {
  id: number;
  station: StationChoice;
  year: number;
  week_number: number;
  /** the Sunday that starts the week, ISO */
  week_start: string;
  target: IkeaTargets;
}

export interface IkeaListDto {
  count: number;
  results: IkeaWeekDto[];
  /** the mean of the loaded rows when a date range is set (03 section 2.4), else null */
  average: Record<IkeaFigure, number | null> | null;
}

/** A weekday of the IKEA week page. */
export interface IkeaDayDto extends Record<IkeaDayFigure, number | null> {
  id: number;
  /** ISO date */
  date: string;
  /** 'Sun'..'Sat' */
  get_week_day: string;
}

export interface IkeaWeekDetailDto extends IkeaWeekDto {
  daily_checks: IkeaDayDto[];
}
