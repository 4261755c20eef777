// What the IKEA check API, page and island accept (zod, shared).
import { z } from "zod";
import { checkListQuery } from "../checks/inputs.ts";

/** get ikea weekly list: page (one-based), page_size, station, date_from, date_to (as /check). */
export const ikeaListQuery = checkListQuery;
export type { CheckListQuery as IkeaListQuery } from "../checks/inputs.ts";

/** A typed whole figure of 0 or more (digits only on screen), or null to clear it. */
const figure = z.number({ error: "Must be a whole number" }).int("Must be a whole number")
  .min(0, "Must be 0 or more").max(1_000_000, "Too large").nullable();
/** A score in percent, up to two decimals, or null. */
const percent = z.number({ error: "Must be a number" }).min(0, "Must be 0 or more").max(100, "At most 100")
  .nullable();

/**
 * update ikea weekly row: one field. The four of 03 section 7 (infraction, reliability_score, tenured_da,
 * employee_satisfaction_survey), and the scores with their DAs off target (typed too: no file has them).
 */
export const ikeaWeekPatch = z.union([
  z.object({ infraction: figure }).strict(),
  z.object({ reliability_score: figure }).strict(),
  z.object({ tenured_da: figure }).strict(),
  z.object({ employee_satisfaction_survey: figure }).strict(),
  z.object({ dcr: percent }).strict(),
  z.object({ oa: percent }).strict(),
  z.object({ mc: percent }).strict(),
  z.object({ dcr_da_off_target: figure }).strict(),
  z.object({ oa_da_off_target: figure }).strict(),
  z.object({ mc_da_off_target: figure }).strict(),
], {
  error: "Send one of infraction, reliability_score, tenured_da, employee_satisfaction_survey, " +
    "dcr, oa, mc or their _da_off_target",
});
export type IkeaWeekPatch = z.infer<typeof ikeaWeekPatch>;

/** update ikea day data (the week page): one field of one weekday. */
export const ikeaDayPatch = z.union([
  z.object({ dcr: percent }).strict(),
  z.object({ oa: percent }).strict(),
  z.object({ mc: percent }).strict(),
  z.object({ dcr_da_off_target: figure }).strict(),
  z.object({ oa_da_off_target: figure }).strict(),
  z.object({ mc_da_off_target: figure }).strict(),
], { error: "Send one of dcr, oa, mc or their _da_off_target" });
export type IkeaDayPatch = z.infer<typeof ikeaDayPatch>;
