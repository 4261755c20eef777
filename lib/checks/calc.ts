// The pure rules of the check screens (03 sections 2.1, 2.2, 4, 5, 9): colours against targets, the
// Average row, how targets and weeks are written, and how the check upload is routed. Islands import this.
import type { Measure } from "./dto.ts";

export type Colour = "red" | "green" | "none";

/** Measures where a score above the target is bad (counts of defects). */
const LOWER_IS_BETTER: ReadonlySet<Measure> = new Set(["dnr", "dsb"]);

/**
 * A check-list cell (03 section 4): DNR and DSB red when the score is greater than the target; every other
 * measure (RG included: "below the target") red when the target is greater than the score; else green.
 * No score (no file told it) or no target: no colour.
 */
export function listColour(measure: Measure, score: number | null, target: number | null): Colour {
  if (score === null || target === null || target === undefined) return "none";
  if (LOWER_IS_BETTER.has(measure)) return score > target ? "red" : "green";
  return target > score ? "red" : "green";
}

/** A week-page cell (03 section 4): the same comparison as the list. */
export const weekCellColour = listColour;

/**
 * A week-page row header (03 section 4, "the opposite comparison"): dnr and dsb red when the score is at or
 * above the target; rescue given red below it; the others red when the target is greater than the score.
 */
export function weekHeaderColour(measure: Measure, score: number | null, target: number | null): Colour {
  if (score === null || target === null || target === undefined) return "none";
  if (LOWER_IS_BETTER.has(measure)) return score >= target ? "red" : "green";
  return target > score ? "red" : "green";
}

/** How a target is written (03 section 2.2): `>N%`, `>N` or `N%`. */
export function targetLabel(measure: Measure, target: number): string {
  if (measure === "dcr" || measure === "pod" || measure === "cc") return `>${target}%`;
  if (measure === "dnr" || measure === "dsb" || measure === "rescue_given" || measure === "hp6w") {
    return `>${target}`;
  }
  return `${target}%`;
}

/** 'week_number+1.year' (03 section 2.1): week_number is stored zero-based. */
export function weekLabel(weekNumber: number, year: number): string {
  return `${weekNumber + 1}.${year}`;
}

/**
 * The Average row (03 sections 2.1, 9): each summed metric divided by the number of loaded rows. A row
 * without the metric adds nothing to the sum but still counts; a metric no row has stays empty. Rounded to
 * two decimals.
 */
export function averageOf<K extends string>(
  rows: readonly Record<K, number | null>[],
  keys: readonly K[],
): Record<K, number | null> {
  const out = {} as Record<K, number | null>;
  for (const k of keys) {
    const present = rows.map((r) => r[k]).filter((v): v is number => v !== null && v !== undefined);
    out[k] = present.length && rows.length
      ? Math.round((present.reduce((a, b) => a + b, 0) / rows.length) * 100) / 100
      : null;
  }
  return out;
}

/** Rounded for display (03 section 2.1): whole numbers stay whole, others keep up to two decimals. */
export function shown(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  return String(Math.round(v * 100) / 100);
}

/**
 * The station code the check upload is routed by (03 section 5): the fifth '_'-separated segment of the
 * first file's name (`Quality_DSB_DNR_<DSP>_<STN>_<week>.csv`), upper-case, without an extension. Null
 * when the name has fewer segments.
 */
export function routeStationTag(fileName: string): string | null {
  const segment = fileName.split("_")[4];
  if (!segment) return null;
  const tag = segment.replace(/\.[A-Za-z0-9]+$/, "").trim().toUpperCase();
  return tag || null;
}

/** Digits only (03 section 5): the value a dsb/violation/... input keeps from what was typed or pasted. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}
