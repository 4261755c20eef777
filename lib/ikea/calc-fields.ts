// The IKEA figures as data (pure, so islands and calc.ts may load them); dto.ts re-exports the types.

/** The scored measures of an IKEA week, each an S / # pair (03 section 2.4). */
export const IKEA_MEASURES = ["dcr", "oa", "mc"] as const;
export type IkeaMeasure = (typeof IKEA_MEASURES)[number];
export type IkeaTargets = Record<IkeaMeasure, number>;

/** The figures management types on a row (03 section 7 "update ikea weekly row"). */
export const IKEA_TYPED = [
  "infraction",
  "reliability_score",
  "tenured_da",
  "employee_satisfaction_survey",
] as const;
export type IkeaTyped = (typeof IKEA_TYPED)[number];

/** Every figure of a row: the scores, their DAs off target, and the typed ones. */
export const IKEA_FIGURES = [
  "dcr",
  "dcr_da_off_target",
  "oa",
  "oa_da_off_target",
  "mc",
  "mc_da_off_target",
  ...IKEA_TYPED,
] as const;
export type IkeaFigure = (typeof IKEA_FIGURES)[number];

/** The figures a day carries: the scores and their DAs off target. */
export const IKEA_DAY_FIGURES = [
  "dcr",
  "dcr_da_off_target",
  "oa",
  "oa_da_off_target",
  "mc",
  "mc_da_off_target",
] as const;
export type IkeaDayFigure = (typeof IKEA_DAY_FIGURES)[number];
