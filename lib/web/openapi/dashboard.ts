// OpenAPI registry entries: the dashboard (01 "Dashboard", section 3) and the weights (03 2.6). The
// dashboard's separate statistics (routes_stats, ...) are listed under GET /api/statistic/.
import { periodQuery, weekNumberQuery } from "../../dashboard/inputs.ts";
import { weightsPatch } from "../../weights/inputs.ts";
import { commentInput, falconQuery, planInput } from "../../falcon/inputs.ts";
import { performancePdfQuery } from "../../performance/inputs.ts";
import type { Operation } from "./types.ts";

export const dashboardOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/dashboard/",
    tag: "dashboard",
    auth: "dashboard.read",
    summary: "Every dashboard card for a station set and a period",
    description: "`stations` joined by '_' (default: all yours; another's is refused). The period: `day`, " +
      "else `year` with `week` (zero-based) or `month`, else `year`. Routes count SHIFT roles Standard and " +
      "Flex; plans are the month budgets spread over each month's days.",
    query: periodQuery,
    response: "`{period, stations, routes, deliveries, serial_numbers, da_statuses, fleet_statuses, roles, " +
      "budget}` with the fields of 01 section 3",
    errors: { 400: "A bad period or station list", 403: "`dashboard.station_not_yours`" },
  },
  {
    method: "GET",
    path: "/api/dashboard/get_week_number/",
    tag: "dashboard",
    auth: "dashboard.read",
    summary: "The delivery week (zero-based) of a date, default yesterday",
    query: weekNumberQuery,
    response: "`{date, week_number, year}`",
  },
  {
    method: "GET",
    path: "/api/weights/",
    tag: "dashboard",
    auth: "weights.read",
    summary: "The DA score bubble chart's thresholds",
    response: "`{team_player_min, road_runner_min}`",
  },
  {
    method: "PATCH",
    path: "/api/weights/",
    tag: "dashboard",
    auth: "weights.update",
    summary: "Change either threshold (0-100)",
    body: weightsPatch,
    response: "`{team_player_min, road_runner_min}`",
  },
  {
    method: "GET",
    path: "/api/falcon/",
    tag: "dashboard",
    auth: "falcon.read",
    summary: "Falcon: route plan versus actual by role, van size and hours (getFalconData)",
    description: "One of your `station`s (another's is refused) and `year` with `month` or `week` " +
      "(zero-based), or a `day`. Columns are days, or the year's weeks when only `year` is given. The " +
      "`falcon_data` statistic of GET /api/statistic/ answers the same (it takes `station` or a one-station " +
      "`stations`).",
    query: falconQuery,
    response: "`{period, station, date_list, standard_list, plan_list, comment_list, today}` (03 2.8)",
    errors: { 400: "A bad period or station", 403: "`falcon.station_not_yours`" },
  },
  {
    method: "PUT",
    path: "/api/falcon/plan/",
    tag: "dashboard",
    auth: "falcon.editPlan",
    summary: "Set a day's planned routes (createOrUpdateReportPlan)",
    description: "Only for a day of the current or a later week of the current year.",
    body: planInput,
    response: "`{station, report_date, number_of_routes}`",
    errors: { 400: "`falcon.plan_not_editable` or a bad field", 403: "`falcon.station_not_yours`" },
  },
  {
    method: "PUT",
    path: "/api/falcon/comment/",
    tag: "dashboard",
    auth: "falcon.comment",
    summary: "Set a day's comment and match flag (createOrUpdateReportComment)",
    description: "`matchStatus` 0 unset, 1 yes, 2 no; any day of your station.",
    body: commentInput,
    response: "`{created, data: [{report_date, report_comment, is_match}]}`",
    errors: { 400: "A bad field", 403: "`falcon.station_not_yours`" },
  },
  {
    method: "GET",
    path: "/api/performance/pdf/",
    tag: "dashboard",
    auth: "performance.read",
    summary: "The performance page's figures as a PDF",
    description: "The scorecard's tables for the period (and the past period where the page compares it) " +
      "and the capacity reliability, at one of your stations (another's is refused).",
    query: performancePdfQuery,
    response: "application/pdf 'Performance {scorecard} {period} {station tag}.pdf'",
    download: true,
    errors: { 403: "`dashboard.station_not_yours`" },
  },
];
