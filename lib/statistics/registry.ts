// GET api/statistic/?statistic=<name>: the spec names ~40 statistics behind one path (01 section 7). Each
// one is an entry here with the action that guards it, so the path stays one while the permission table
// still decides who reads what. A statistic's rules live in its domain folder; this file only lists them.
import type { Action } from "../auth/permissions.ts";
import type { Db } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { trackerData } from "../availability/statistic.ts";
import { fleetReportsData } from "../fleet-reports/queries.ts";
import {
  daStatusesStatistic,
  deliveriesStatsStatistic,
  fleetStatusesStatistic,
  missingDataStatistic,
  rolesDataStatistic,
  routesStatsStatistic,
  serialNumberStatistic,
  trendsStatistic,
} from "../dashboard/dashboard.ts";
import { falconDataStatistic } from "../falcon/statistic.ts";
import { pulseStatistic } from "../pulse/statistics.ts";
import {
  dollyReports,
  driversData,
  missingDeliveries,
  packagesData,
  performersData,
  rabbitReports,
  reliabilityScore,
  statusScorecard,
  vansDataStatistic,
  worstDar,
} from "../performance/statistics.ts";

export interface Statistic {
  action: Action;
  /** Station scoping is the statistic's own duty, inside its queries (viewer.stationIds). */
  run(db: Db, viewer: Viewer, params: URLSearchParams): Promise<unknown>;
}

export const STATISTICS: Record<string, Statistic> = {
  tracker_data: { action: "availability.read", run: trackerData },
  fleet_reports_data: { action: "fleetReports.read", run: fleetReportsData },
  // Issue 13: the dashboard's cards and trends (lib/dashboard)
  routes_stats: { action: "dashboard.read", run: routesStatsStatistic },
  deliveries_stats: { action: "dashboard.read", run: deliveriesStatsStatistic },
  serial_number_stats: { action: "dashboard.read", run: serialNumberStatistic },
  da_statuses: { action: "dashboard.read", run: daStatusesStatistic },
  fleet_statuses: { action: "dashboard.read", run: fleetStatusesStatistic },
  roles_data: { action: "dashboard.read", run: rolesDataStatistic },
  /** the dashboard's missing records (`data`) and, for /performance, the count per DA (`by_driver`) */
  missing_data: {
    action: "dashboard.read",
    run: async (db, viewer, params) => ({
      ...await missingDataStatistic(db, viewer, params),
      by_driver: (await missingDeliveries(db, viewer, params)).data,
    }),
  },
  routes_trends: { action: "dashboard.read", run: trendsStatistic },
  deliveries_trends: { action: "dashboard.read", run: trendsStatistic },
  /** Issue 13 point 5: Falcon's plan vs actual (lib/falcon), the same answer as GET api/falcon/ */
  falcon_data: { action: "falcon.read", run: falconDataStatistic },
  // Issue 13 point 4: the Pulse page's tiles (lib/pulse), each for one station and a week, month or day
  schedule_availability: { action: "pulse.read", run: pulseStatistic("schedule_availability") },
  rejected_stats: { action: "pulse.read", run: pulseStatistic("rejected_stats") },
  late_attendance: { action: "pulse.read", run: pulseStatistic("late_attendance") },
  launchpad_support: { action: "pulse.read", run: pulseStatistic("launchpad_support") },
  morning_checklist: { action: "pulse.read", run: pulseStatistic("morning_checklist") },
  rescue: { action: "pulse.read", run: pulseStatistic("rescue") },
  returned_data_by_driver: { action: "pulse.read", run: pulseStatistic("returned_data_by_driver") },
  cash_on_delivery: { action: "pulse.read", run: pulseStatistic("cash_on_delivery") },
  worst_dsb_count: { action: "pulse.read", run: pulseStatistic("worst_dsb_count") },
  active_days: { action: "pulse.read", run: pulseStatistic("active_days") },
  number_of_routes: { action: "pulse.read", run: pulseStatistic("number_of_routes") },
  delivered_returned: { action: "pulse.read", run: pulseStatistic("delivered_returned") },
  average_and_statuses: { action: "pulse.read", run: pulseStatistic("average_and_statuses") },
  vans_table_week: { action: "pulse.read", run: pulseStatistic("vans_table") },
  vans_table_month: { action: "pulse.read", run: pulseStatistic("vans_table") },
  vans_table_year: { action: "pulse.read", run: pulseStatistic("vans_table") },
  // Issue 13 point 3: the performance page's scorecards (lib/performance)
  performers_data: { action: "performance.read", run: performersData },
  drivers_data: { action: "performance.read", run: driversData },
  packages_data: { action: "performance.read", run: packagesData },
  vans_data: { action: "performance.read", run: vansDataStatistic },
  rabbit_reports: { action: "performance.read", run: rabbitReports },
  dolly_reports: { action: "performance.read", run: dollyReports },
  worst_dar: { action: "performance.read", run: worstDar },
  status_scorecard: { action: "performance.read", run: statusScorecard },
  reliability_score: { action: "performance.read", run: reliabilityScore },
};
