/** The date/week module: every date, week, period and display-number rule lives in lib/dates. */
export * from "./calendar.ts";
export * from "./weeks.ts";
export * from "./format.ts";
export * from "./day-text.ts";
export * from "./periods.ts";
