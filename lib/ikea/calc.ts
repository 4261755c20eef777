// The pure rules of the IKEA check screens: colours against the week's targets (the /check rule: a score
// below its target is red, else green; docs/decisions.md "IKEA pages") and the Average row (the mean over
// the loaded rows, as /check). Islands import this.
import { averageOf, type Colour, listColour } from "../checks/calc.ts";
import {
  IKEA_DAY_FIGURES,
  IKEA_FIGURES,
  type IkeaDayFigure,
  type IkeaFigure,
  type IkeaMeasure,
  type IkeaTargets,
} from "./calc-fields.ts";

/** An S cell: red when the target is greater than the score, green otherwise; no score, no colour. */
export function ikeaColour(measure: IkeaMeasure, score: number | null, target: number | null): Colour {
  return listColour(measure, score, target);
}

/** The Average row: every figure summed over the loaded rows and divided by their number (2 decimals). */
export function ikeaAverage(
  rows: readonly Record<IkeaFigure, number | null>[],
): Record<IkeaFigure, number | null> {
  return averageOf(rows, IKEA_FIGURES);
}

/**
 * The Total pair of the week page, from the typed days: a score is the mean of the days that have one
 * (2 decimals), DAs off target the sum. A figure no day has is left out (the week keeps what was typed).
 */
export function ikeaTotals(
  days: readonly Record<IkeaDayFigure, number | null>[],
): Partial<Record<IkeaDayFigure, number>> {
  const out: Partial<Record<IkeaDayFigure, number>> = {};
  for (const k of IKEA_DAY_FIGURES) {
    const present = days.map((d) => d[k]).filter((v): v is number => v !== null && v !== undefined);
    if (!present.length) continue;
    const sum = present.reduce((a, b) => a + b, 0);
    out[k] = k.endsWith("_da_off_target") ? sum : Math.round((sum / present.length) * 100) / 100;
  }
  return out;
}

/** Digits and one decimal point (the week page's score inputs): what an input keeps of what was typed. */
export function decimalOnly(text: string): string {
  const clean = text.replace(/[^\d.]+/g, "");
  const dot = clean.indexOf(".");
  return dot < 0 ? clean : clean.slice(0, dot + 1) + clean.slice(dot + 1).replace(/\./g, "");
}

/**
 * Whether a week is off target in a measure, so that actions may be made for it (/act-ikea): its score
 * (the Total) below the target, or a day's score below it, or DAs counted off target.
 */
export function ikeaOffTarget(
  week: Record<IkeaDayFigure, number | null> & { target: IkeaTargets },
  days: readonly Record<IkeaDayFigure, number | null>[],
  m: IkeaMeasure,
): boolean {
  const red = (score: number | null) => ikeaColour(m, score, week.target[m]) === "red";
  return red(week[m]) || (week[`${m}_da_off_target`] ?? 0) > 0 || days.some((d) => red(d[m]));
}
