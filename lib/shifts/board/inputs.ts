// Inputs of the shift reports board (02 sections 2 and 7 "Reports"): the list's paging and filters, and the
// duplicate look-up of the Create New Shift dialog. The filter keys live in calc.ts, so the island that
// lists them does not load zod.
import { z } from "zod";
import { pagingQuery } from "../../paging/query.ts";
import { dbIdQuery, text } from "../../inputs/fields.ts";

/** An empty query parameter means "not set". */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const id = (what: string) => dbIdQuery(`Not a ${what} id`);
const isoDay = z.iso.date({ error: "Use YYYY-MM-DD" });
const serial = text().trim().max(40, "At most 40 characters");

/**
 * GET api/da-daily-report/: page, page_size and the board's filters, named as the spec's client sends them.
 * `week_number` is the week as the board shows it (1-based); `year` is the week's year when a week is given,
 * otherwise the calendar year of the report date. `missing=true` keeps reports with a row whose missing > 0.
 */
export const boardListQuery = pagingQuery.extend({
  created_by: optional(id("user")),
  edited_by: optional(id("user")),
  driver: optional(id("DA")),
  created_date: optional(isoDay),
  date_shift: optional(isoDay),
  station: optional(id("station")),
  missing: optional(z.enum(["true", "false"], { error: "Use true or false" })),
  date_from: optional(isoDay),
  date_to: optional(isoDay),
  month: optional(z.coerce.number().int().min(1, "Use 1 to 12").max(12, "Use 1 to 12")),
  year: optional(
    z.coerce.number().int().min(2000, "Use a year from 2000 to 2100").max(
      2100,
      "Use a year from 2000 to 2100",
    ),
  ),
  week_number: optional(
    z.coerce.number().int().min(1, "Use a week from 1 to 53").max(53, "Use a week from 1 to 53"),
  ),
  fleet_number: optional(serial),
  fleet_group: optional(id("fleet group")),
  fleet_size: optional(id("fleet size")),
  rabbit_number: optional(serial),
  dolly_number: optional(serial),
}).refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
  path: ["date_to"],
  message: "Must be on or after the 'from' date",
});
export type BoardListQuery = z.infer<typeof boardListQuery>;

/** POST api/is-shift-duplicate/ {date}: which of the viewer's stations already have a report that day. */
export const duplicateQuery = z.object({ date: isoDay });
