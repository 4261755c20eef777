// The period every statistic-like query names (01 section 7): `day` (a date), else `week` (zero-based, as
// every week the API sends) with `year`, else `month` with `year`, else `year` alone. The dashboard's
// statistics and Falcon's data take the same four fields with the same three rules and differ only in how
// they name their stations, so both build their query here: one place for the period's words and rules.
// Pure zod: islands load it through the domains' inputs.ts.
import { z } from "zod";
import { isIsoDate } from "../dates/calendar.ts";
import { weeksInYear } from "../dates/weeks.ts";
import { queryInt } from "../inputs/fields.ts";

/** A calendar date as YYYY-MM-DD that exists; `what` names the field in the messages. */
export const isoDay = (what: string) =>
  z.string({ error: `${what}: a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: a date as YYYY-MM-DD`)
    .refine((s) => isIsoDate(s), `${what}: no such date`);

/** The four period fields, each optional; which combinations make a period is `periodQueryWith`'s rule. */
export const periodFields = () => ({
  year: queryInt(2000, 2100, "A year from 2000 to 2100").optional(),
  month: queryInt(1, 12, "A month from 1 to 12").optional(),
  week: queryInt(0, 52, "A week from 0 to 52 (zero-based)").optional(),
  day: isoDay("day").optional(),
});

/** The period's parts once parsed. */
export interface PeriodParts {
  year?: number;
  month?: number;
  week?: number;
  day?: string;
}

/** The three rules, with the field each message lands on. */
const RULES: { ok: (q: PeriodParts) => boolean; message: string; path: string }[] = [
  {
    ok: (q) => q.day !== undefined || q.year !== undefined,
    message: "Give a year (with a month or a week) or a day",
    path: "year",
  },
  {
    ok: (q) => q.month === undefined || q.week === undefined,
    message: "Give a month or a week, not both",
    path: "week",
  },
  {
    ok: (q) => q.week === undefined || q.year === undefined || q.week < weeksInYear(q.year),
    message: "That year has no such week",
    path: "week",
  },
];

/**
 * A query of `scope` (the stations' field or fields, first in the object) and the period: a day or a
 * year; a month or a week, not both; a week the year has (52 or 53 delivery weeks, zero-based).
 */
export function periodQueryWith<S extends z.core.$ZodLooseShape>(scope: S) {
  let query = z.object({ ...scope, ...periodFields() });
  // The object's output type is generic in `scope`, so TypeScript cannot see the period's fields on it.
  for (const r of RULES) {
    query = query.refine((q) => r.ok(q as PeriodParts), { message: r.message, path: [r.path] });
  }
  return query;
}
