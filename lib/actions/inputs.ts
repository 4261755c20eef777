// What the action API, page and island accept (zod, shared).
import { z } from "zod";
import { isIsoDate } from "../dates/calendar.ts";
import { dbId, dbIdQuery, queryInt, searchText, text } from "../inputs/fields.ts";
import { orderingQuery, pagingQuery } from "../paging/query.ts";
import { MEASURES } from "../checks/dto.ts";
import { IKEA_MEASURES } from "../ikea/calc-fields.ts";

const day = z.string().refine((s) => isIsoDate(s), "Use YYYY-MM-DD");
const optionalDay = z.union([day, z.literal("")]).optional().transform((v) => v || undefined);
const optionalInt = (min: number, max: number) =>
  z.union([queryInt(min, max), z.literal("")]).optional().transform((v) => (v === "" ? undefined : v));

export const ACTION_ORDERINGS = [
  "week_number",
  "action_date",
  "off_target_area",
  "action",
  "driver_fullname",
  "transporter_id",
  "owner",
  "due_date",
  "status",
  "coaching_count",
] as const;

/** get action list: page, page_size, station, action, owner, status, coaching_count, due_date, ... */
export const actionListQuery = pagingQuery.extend({
  station: dbIdQuery("Not a station").optional(),
  action: optionalInt(1, 4),
  owner: optionalInt(1, 2_147_483_647),
  status: optionalInt(1, 3),
  coaching_count: optionalInt(0, 1_000_000),
  due_date: optionalDay,
  off_target_area: z.union([z.enum(MEASURES), z.literal("")]).optional().transform((v) => v || undefined),
  driver_id: optionalInt(1, 2_147_483_647),
  /** the DA's name, part of it (the drawer's DA field) */
  driver: searchText(),
  /** any day of the action week */
  week_date: optionalDay,
  ordering: orderingQuery(ACTION_ORDERINGS, "-week_number"),
});
export type ActionListQuery = z.infer<typeof actionListQuery>;

/** update action row: any of action, owner, due_date, status, coaching_count, comments. */
export const actionPatch = z.object({
  action: z.number().int().min(1).max(4).optional(),
  owner: dbId().nullable().optional(),
  due_date: day.nullable().optional(),
  status: z.number().int().min(1).max(3).optional(),
  coaching_count: z.number().int().min(0).max(1_000_000).optional(),
  comments: text().max(2000).optional(),
}).strict().refine((p) => Object.keys(p).length > 0, "Send at least one field");
export type ActionPatch = z.infer<typeof actionPatch>;

/** Actions for the off-target DAs of a check week's measure: one DA (transporter_id) or all. */
export const fromCheckInput = z.object({
  check_week_id: dbId("Required"),
  measure: z.enum(MEASURES),
  transporter_id: z.string().trim().min(1).max(20).optional(),
});

/** An IKEA action: a DA picked by hand for a measure the IKEA week is off target in. */
export const fromIkeaInput = z.object({
  ikea_week_id: dbId("Required"),
  measure: z.enum(IKEA_MEASURES),
  driver_id: dbId("Pick a DA"),
}).strict();
export type FromIkeaInput = z.infer<typeof fromIkeaInput>;
