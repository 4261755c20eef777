// A day as the app shows it, DD-MM-YYYY (spec 01 section 9), for a page that shows only 'YYYY-MM-DD' days
// (the shift tracker's header): through format.ts it would carry format.ts's instant and zone code and
// calendar.ts, 2 KB gzip of its script (issue 15). format.ts keeps its own copy of this line rather than
// importing it: a shared module of one line became a chunk of its own on every page that formats dates.
// format.test.ts checks that the two agree.
import type { IsoDate } from "./calendar.ts";

/** DD-MM-YYYY of a 'YYYY-MM-DD' day (unchecked: formatDate is the one that takes anything). */
export function dayText(date: IsoDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}
