/**
 * The one configured dayjs (utc and timezone plugins), for the server's time-zone work (periods, demo
 * data). Files import `dayjs` from here so that the plugins are extended exactly once. Kept out of
 * calendar.ts and format.ts, which the browser islands import: dayjs is ~5 KB gzip they do not need.
 */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
