// What the check API, pages and islands accept (zod, shared).
import { z } from "zod";
import { isIsoDate } from "../dates/calendar.ts";
import { dbIdQuery } from "../inputs/fields.ts";
import { pagingQuery } from "../paging/query.ts";

const day = z.string().refine((s) => isIsoDate(s), "Use YYYY-MM-DD");
const optionalDay = z.union([day, z.literal("")]).optional().transform((v) => v || undefined);

/** get check weekly list: page (one-based), page_size, station, date_from, date_to. */
export const checkListQuery = pagingQuery.extend({
  station: dbIdQuery("Not a station").optional(),
  date_from: optionalDay,
  date_to: optionalDay,
});
export type CheckListQuery = Omit<z.infer<typeof checkListQuery>, "date_from" | "date_to"> & {
  date_from?: string;
  date_to?: string;
};

/** A typed figure: a whole number of 0 or more (digits only on screen), or null to clear it. */
const figure = z.number({ error: "Must be a whole number" }).int("Must be a whole number")
  .min(0, "Must be 0 or more").max(1_000_000, "Too large").nullable();

/** update check weekly data: one field. */
export const checkWeekPatch = z.union([
  z.object({ whc_da_off_target: figure }).strict(),
  z.object({ employee_satisfaction: figure }).strict(),
], { error: "Send one of whc_da_off_target or employee_satisfaction" });
export type CheckWeekPatch = z.infer<typeof checkWeekPatch>;

/** update check-table day data: one field. */
export const checkDayPatch = z.union([
  z.object({ dsb: figure }).strict(),
  z.object({ violation: figure }).strict(),
], { error: "Send one of dsb or violation" });
export type CheckDayPatch = z.infer<typeof checkDayPatch>;
