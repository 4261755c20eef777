// The performance page's pure rules (03 2.6, 9): which scorecards exist and which period types each takes,
// the top 10 / bottom 10 cut of long ranking lists, the performer chart's worse half in red, the bubble
// radius, the reliability bar colours, the scorecard levels 1..5 and the import weeks of a period. Pure:
// the page, the island, the PDF and the tests share it.
import { addDays, dayOfWeek, type IsoDate } from "../dates/calendar.ts";
import type { PeriodType } from "../dates/periods.ts";
import { formatIsoWeek, weekOf } from "../dates/weeks.ts";

export const SCORECARDS = [
  "TL_PERFORMANCE",
  "HL_DA_SHIFTS",
  "ROLES",
  "DA_SCORE_TREND",
  "TL_VANS",
  "MISSING_DELIVERIES",
  "RABBIT_REPORTS",
  "DOLLY_REPORTS",
  "WORST_OF_DAR",
  "PERFORMANCE_SCORECARD",
] as const;
export type Scorecard = (typeof SCORECARDS)[number];
export const DEFAULT_SCORECARD: Scorecard = "TL_PERFORMANCE";

export const SCORECARD_LABELS: Record<Scorecard, string> = {
  TL_PERFORMANCE: "Top and lowest performers",
  HL_DA_SHIFTS: "High and low DA shifts",
  ROLES: "Roles",
  DA_SCORE_TREND: "DA score trend",
  TL_VANS: "Fleet utilization",
  MISSING_DELIVERIES: "Missing deliveries",
  RABBIT_REPORTS: "Rabbit reports",
  DOLLY_REPORTS: "Dolly reports",
  WORST_OF_DAR: "Worst of DAR",
  PERFORMANCE_SCORECARD: "Performance scorecard",
};

/** Annual view is for PERFORMANCE_SCORECARD only, and that scorecard is annual only (03 2.6). */
export function periodTypesOf(s: Scorecard): PeriodType[] {
  return s === "PERFORMANCE_SCORECARD" ? ["annual"] : ["month", "week", "day"];
}

/** The type a scorecard opens with when the one asked for is not among its types. */
export function typeFor(s: Scorecard, asked: PeriodType): PeriodType {
  const types = periodTypesOf(s);
  return types.includes(asked) ? asked : (s === "PERFORMANCE_SCORECARD" ? "annual" : "week");
}

/** The past period is fetched too, except in daily mode ("most are not fetched in daily mode"). */
export function comparesPast(s: Scorecard, type: PeriodType): boolean {
  return type !== "day" && s !== "PERFORMANCE_SCORECARD" && s !== "DA_SCORE_TREND";
}

export const LIST_LIMIT = 20;
export const LIST_EDGE = 10;

/** Lists longer than 20 keep the first 10 and the last 10 (already sorted best first). */
export function topBottom<T>(rows: readonly T[]): { top: T[]; bottom: T[]; cut: number } {
  if (rows.length <= LIST_LIMIT) return { top: [...rows], bottom: [], cut: 0 };
  return {
    top: rows.slice(0, LIST_EDGE),
    bottom: rows.slice(rows.length - LIST_EDGE),
    cut: rows.length - 2 * LIST_EDGE,
  };
}

/** The rows a ranking chart shows: all of them up to 20, else top 10 then bottom 10. */
export function shownRows<T>(rows: readonly T[]): T[] {
  const { top, bottom } = topBottom(rows);
  return [...top, ...bottom];
}

export const PERF_COLORS = {
  good: "#16a34a",
  bad: "#dc2626",
  pastelBlue: "#93c5fd",
  pastelGreen: "#86efac",
} as const;

/**
 * The performer chart's colours, best first: the worse half is red, the better half green. An odd middle
 * bar belongs to the better half (it is not worse than the median).
 */
export function worseHalfColors(n: number): string[] {
  const better = Math.ceil(n / 2);
  return Array.from({ length: n }, (_, i) => i < better ? PERF_COLORS.good : PERF_COLORS.bad);
}

/** Bubble radius = average delivered / 50 (03 section 9). */
export function bubbleRadius(avgDelivered: number): number {
  return Math.max(0, avgDelivered) / 50;
}

export const BUBBLE_AXES = { x: { min: -10, max: 110 }, y: { min: -10, max: 120 } } as const;

/** Reliability bars: above 100 pastel blue, exactly 100 pastel green, below 100 red. */
export function reliabilityColor(score: number): string {
  if (score > 100) return PERF_COLORS.pastelBlue;
  if (score === 100) return PERF_COLORS.pastelGreen;
  return PERF_COLORS.bad;
}
export const RELIABILITY_MIN = 90;

/** The scorecard's scale: 1 Poor to 5 Fantastic Plus. */
export const LEVELS = ["Poor", "Fair", "Great", "Fantastic", "Fantastic Plus"] as const;

/** A tier as the scorecard prints it ('Fantastic Plus', 'FANTASTIC+', 'great') -> 1..5, or null. */
export function levelOf(tier: string | null | undefined): number | null {
  const t = (tier ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (!t) return null;
  if (t === "fantastic plus" || t === "fantastic+") return 5;
  const i = ["poor", "fair", "great", "fantastic"].indexOf(t);
  return i < 0 ? null : i + 1;
}

/**
 * The import weeks ('2026-W21') a period reads: every week that ends (Saturday) inside it, so each week
 * belongs to one month; a day or a period shorter than a week reads the week that holds its first day.
 */
export function importWeeks(from: IsoDate, to: IsoDate): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (dayOfWeek(d) === 6) out.push(formatIsoWeek(weekOf(d)));
  return out.length ? out : [formatIsoWeek(weekOf(from))];
}

/** A mean as a percentage 0..100 of the flags set, or null with no rows. */
export function share(set: number, of: number): number | null {
  return of > 0 ? (set / of) * 100 : null;
}

/** Team player score: the mean of the on-time attendance and morning checklist shares (0..100). */
export function teamPlayerScore(shifts: number, onTime: number, checklist: number): number | null {
  if (shifts <= 0) return null;
  return ((onTime + checklist) / (2 * shifts)) * 100;
}

export interface ScoredDa {
  name: string;
  team: number;
  road: number;
  avgDelivered: number;
}

/**
 * The bubble chart's groups by the weights: at or above both minimums, one of them, or neither. DAs
 * without both scores are left out (counted by the caller).
 */
export function bubbleGroups(
  das: readonly ScoredDa[],
  w: { team_player_min: number; road_runner_min: number },
) {
  const groups = [
    {
      label: "Team player and road runner",
      color: PERF_COLORS.good,
      test: (t: boolean, r: boolean) => t && r,
    },
    { label: "Team player only", color: "#2563eb", test: (t: boolean, r: boolean) => t && !r },
    { label: "Road runner only", color: "#d97706", test: (t: boolean, r: boolean) => !t && r },
    { label: "Below both", color: PERF_COLORS.bad, test: (t: boolean, r: boolean) => !t && !r },
  ];
  return groups.map((g) => ({
    label: g.label,
    color: g.color,
    points: das.filter((d) => g.test(d.team >= w.team_player_min, d.road >= w.road_runner_min))
      .map((d) => ({ label: d.name, x: d.team, y: d.road, r: bubbleRadius(d.avgDelivered) })),
  }));
}
