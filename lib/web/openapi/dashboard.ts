// OpenAPI registry entries: the dashboard (01 "Dashboard", section 3) and the weights (03 2.6). The
// dashboard's separate statistics (routes_stats, ...) are listed under GET /api/statistic/.
import { periodQuery, weekNumberQuery } from "../../dashboard/inputs.ts";
import { weightsPatch } from "../../weights/inputs.ts";
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
