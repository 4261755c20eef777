// OpenAPI registry entry: the one statistics path (01 section 7). Each statistic's own action and answer
// are listed in lib/statistics/registry.ts; the description below is built from it.
import { STATISTICS } from "../../statistics/registry.ts";
import type { Operation } from "./types.ts";

const listed = () =>
  Object.entries(STATISTICS).sort(([a], [b]) => a.localeCompare(b))
    .map(([name, s]) => `\`${name}\` (${s.action})`).join(", ");

export const statisticsOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/statistic/",
    tag: "statistics",
    auth: "statistic.read",
    summary: "One statistic, named by `statistic`, for the caller's stations",
    get description() {
      return "Query: `statistic` (required) plus that statistic's own parameters (stations joined by '_', " +
        "year, month, week, ...). Each statistic checks its own action as well. Built: " + listed() + ".";
    },
    response: "The statistic's data (see each statistic)",
    errors: { 400: "`statistic.unknown`: no statistic of that name (the message lists them)" },
  },
];
