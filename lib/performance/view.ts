// What the /performance page and its PDF show for one scorecard, period and station: the current period's
// statistic, the past period's (fetched separately, not in daily mode), the reliability chart's figures
// and, for the bubble chart, the weights. The page calls this directly; the island asks the same
// statistics through GET api/statistic/ (lib/statistics/registry.ts).
import type { Db } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { type PeriodPick, pickParams, stepPick } from "../dashboard/calc-period.ts";
import { getWeights } from "../weights/queries.ts";
import type { WeightsDto } from "../weights/inputs.ts";
import { runStatistic } from "../statistics/run.ts";
import { comparesPast, type Scorecard } from "./calc.ts";
import type { ReliabilityDto } from "./dto.ts";

/** The statistic each scorecard reads (01 section 7's names). */
export const SCORECARD_STATISTIC: Record<Scorecard, string> = {
  TL_PERFORMANCE: "performers_data",
  HL_DA_SHIFTS: "drivers_data",
  ROLES: "roles_data",
  DA_SCORE_TREND: "packages_data",
  TL_VANS: "vans_data",
  MISSING_DELIVERIES: "missing_data",
  RABBIT_REPORTS: "rabbit_reports",
  DOLLY_REPORTS: "dolly_reports",
  WORST_OF_DAR: "worst_dar",
  PERFORMANCE_SCORECARD: "status_scorecard",
};

export interface PerformanceView {
  scorecard: Scorecard;
  pick: PeriodPick;
  station: number;
  current: unknown;
  /** null when the past period is not fetched (daily mode, the annual scorecard, the bubble chart) */
  past: unknown | null;
  pastPick: PeriodPick | null;
  reliability: ReliabilityDto[];
  weights: WeightsDto | null;
}

/** The query of a statistic for a pick and a station. */
export function statisticParams(name: string, pick: PeriodPick, station: number): URLSearchParams {
  return new URLSearchParams({ statistic: name, ...pickParams(pick), stations: String(station) });
}

export async function performanceView(
  db: Db,
  viewer: Viewer,
  scorecard: Scorecard,
  pick: PeriodPick,
  station: number,
  today: string,
): Promise<PerformanceView> {
  const name = SCORECARD_STATISTIC[scorecard];
  const pastPick = comparesPast(scorecard, pick.type) ? stepPick(pick, -1, today) : null;
  const run = (n: string, p: PeriodPick) => runStatistic(db, viewer, statisticParams(n, p, station));
  const [current, past, reliability, weights] = await Promise.all([
    run(name, pick),
    pastPick ? run(name, pastPick) : Promise.resolve(null),
    run("reliability_score", pick) as Promise<{ data: ReliabilityDto[] }>,
    scorecard === "DA_SCORE_TREND" ? getWeights(db) : Promise.resolve(null),
  ]);
  return { scorecard, pick, station, current, past, pastPick, reliability: reliability.data, weights };
}
