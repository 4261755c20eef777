// Configuration of the quality screens (decisions.md "Stations": the tag lists are configuration with these
// defaults, not literals in screens), and the station-wide weekly targets a new check week starts from.
import type { Targets } from "./dto.ts";

/** Stations whose tag is listed here are offered on /check and /act (03 section 5). */
export const CHECK_STATION_TAGS: readonly string[] = ["DON9", "HYZ1"];
/** Stations offered on /amzn-scoreboard (03 section 2.5). */
export const SCOREBOARD_STATION_TAGS: readonly string[] = ["DON9", "HYZ1", "DTO3", "DON8"];

/**
 * The targets a check week is built with. Percentages for dcr, pod, cc, ada, violation (share of DAs without
 * one), whc, mc, oa, cas and es; weekly station counts for dnr, dsb, rescues given and high performers.
 */
export const DEFAULT_TARGETS: Targets = {
  dcr: 99,
  dnr: 10,
  dsb: 60,
  pod: 98,
  cc: 98,
  ada: 95,
  violation: 95,
  whc: 100,
  rescue_given: 1,
  mc: 100,
  oa: 100,
  cas: 100,
  hp6w: 3,
  employee_satisfaction: 80,
};
