// The scoreboard's pure rules (03 sections 2.5, 4, 9): colour thresholds, tier colours, the trend arrow,
// DSB or DAR by week, the name truncation, quadrants and the six-week average tier. Islands import this.

export type Tone = "blue" | "green" | "orange" | "red" | "none";

/** Higher is better: blue at or above the first, green the second, orange the third, else red. */
function ladder(v: number | null, blue: number, green: number, orange: number): Tone {
  if (v === null || v === undefined) return "none";
  return v >= blue ? "blue" : v >= green ? "green" : v >= orange ? "orange" : "red";
}

/** Lower is better (DNR and DSB): blue at or below the last, green, orange, else red. */
function inverted(v: number | null, orange: number, green: number, blue: number): Tone {
  if (v === null || v === undefined) return "none";
  return v <= blue ? "blue" : v <= green ? "green" : v <= orange ? "orange" : "red";
}

export type ScoreColumn =
  | "tenured"
  | "dcr"
  | "dnr"
  | "dsb"
  | "dar"
  | "pod"
  | "hp6w"
  | "sc"
  | "ced"
  | "rescue"
  | "mc"
  | "oa";

/** The colour thresholds of 03 section 4, column by column. */
export function toneOf(column: ScoreColumn, v: number | null): Tone {
  switch (column) {
    case "tenured":
      // null, or below 14, red; the ladder puts 14 below 15 (orange's floor) in red too.
      return v === null || v === undefined ? "red" : ladder(v, 30, 25, 15);
    case "dcr":
      return ladder(v, 99, 98, 97);
    case "dnr":
    case "dsb":
      return inverted(v, 1000, 600, 200);
    case "dar":
      return ladder(v, 70, 50, 25);
    case "pod":
      return ladder(v, 98, 97, 96);
    case "hp6w":
      return ladder(v, 4, 3, 2);
    case "sc":
    case "ced":
    case "rescue":
      return v === null || v === undefined ? "none" : v === 0 ? "blue" : "red";
    case "mc":
      return v === null || v === undefined ? "none" : v >= 100 ? "blue" : "red";
    case "oa":
      if (v === null || v === undefined) return "none";
      return v >= 100 ? "blue" : v <= 90 ? "red" : v > 91 ? "green" : "orange";
  }
}

/** Current week tier colours: Fantastic blue, Fair orange, Poor red, any other green. */
export function tierTone(tier: string | null): Tone {
  if (!tier) return "none";
  const t = tier.toLowerCase();
  if (t === "fantastic" || t === "fantastic plus" || t === "platinum") return "blue";
  if (t === "fair" || t === "silver") return "orange";
  if (t === "poor" || t === "bronze") return "red";
  return "green";
}

/** The trend arrow: points against the previous week's; missing is 'equal' (blue). */
export function trendOf(points: number | null, old: number | null): "up" | "down" | "equal" {
  if (points === null || old === null || old === undefined) return "equal";
  return points > old ? "up" : points < old ? "down" : "equal";
}

export function trendTooltip(old: number | null): string {
  return old === null || old === undefined ? "Previous week data not available" : `Previous week: ${old}`;
}

/** From 2024 on, or after week 34 of 2023, DSB is shown instead of DAR. */
export function showsDsb(year: number, week: number): boolean {
  return year >= 2024 || (year === 2023 && week > 34);
}

/** The name as the table shows it: 15 characters, then an ellipsis. */
export function truncateName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** Tier names by rank, both generations of the overview's standings. */
const TIER_RANK: Record<string, number> = {
  "fantastic plus": 4,
  fantastic: 4,
  platinum: 4,
  great: 3,
  gold: 3,
  fair: 2,
  silver: 2,
  poor: 1,
  bronze: 1,
};
export const TIERS = ["Poor", "Fair", "Great", "Fantastic"] as const;

export function tierRank(tier: string | null): number | null {
  return tier ? TIER_RANK[tier.toLowerCase()] ?? null : null;
}

/** The six-week average tier: the mean rank of the weeks that have one, rounded, as a tier name. */
export function averageTier(tiers: (string | null)[]): string | null {
  const ranks = tiers.map(tierRank).filter((r): r is number => r !== null);
  if (!ranks.length) return null;
  return TIERS[Math.round(ranks.reduce((a, b) => a + b, 0) / ranks.length) - 1];
}

/** Star: this week and the six-week average both Great or better; Watchout: both Fair or worse. */
export function quadrantOf(current: string | null, average: string | null): string | null {
  const c = tierRank(current);
  const a = tierRank(average);
  if (c === null || a === null) return null;
  if (c >= 3 && a >= 3) return "Star";
  if (c <= 2 && a <= 2) return "Watchout";
  return c > a ? "Rising" : "Slipping";
}
