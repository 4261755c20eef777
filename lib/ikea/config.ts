// Configuration of the IKEA check screens (decisions.md "Stations": tag lists are configuration, not
// literals in screens; docs/decisions.md "Issue 12 / IKEA pages" says why these defaults).
import type { IkeaTargets } from "./dto.ts";

/** Stations whose tag is listed here are offered on /check-ikea and /act-ikea. */
export const IKEA_STATION_TAGS: readonly string[] = ["DTO3", "DON8"];

/** The targets an IKEA week is kept with (percentages, as on /check: dcr and mc and oa). */
export const IKEA_TARGETS: IkeaTargets = { dcr: 98, oa: 100, mc: 100 };
