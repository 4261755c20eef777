import { z } from "zod";
import { dbId, dbIdQuery, dbInt, text as plainText } from "../inputs/fields.ts";

const count = z.number({ error: "Must be a whole number" }).int("Must be a whole number").min(
  0,
  "Must be 0 or more",
)
  .max(100000).nullable();
const text = (max: number) => plainText().trim().max(max).nullable().transform((v) => (v === "" ? null : v));
const time = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM").nullable().or(
  z.literal("").transform(() => null),
);

/**
 * A field-level change to one tracker row (02 sections 4-5). `version` is the row version the editor
 * last saw. Foreign keys are ids; 0 or null clears (the spec's client sends 0 to clear).
 */
export const recordPatchInput = z.object({
  version: dbId(),
  driver: dbInt(0).nullable().optional(),
  second_driver: dbInt(0).nullable().optional(),
  da_status: z.number().int().min(0).max(3).optional(),
  second_da_status: z.number().int().min(0).max(3).optional(),
  role: z.number().int().min(0).max(11).optional(),
  role_hours: z.union([plainText(), z.number()]).nullable().optional().transform((
    v,
  ) => (v === undefined ? undefined : v === null || v === "" ? null : String(v))),
  route: text(40).optional(),
  wave_time: z.enum(["Wave 1", "Wave 2", "Wave 3", "Wave 4", "Wave 5"]).nullable().optional(),
  fleet_number: text(20).optional(),
  fleet_size: dbInt(0).nullable().optional(),
  returned_rabbit: z.boolean().optional(),
  returned_dolly: z.boolean().optional(),
  ontime_attendance: z.boolean().optional(),
  launchpad_support: z.boolean().optional(),
  morning_checklist: z.boolean().optional(),
  violation: z.boolean().optional(),
  number_of_stops: count.optional(),
  number_of_packages: count.optional(),
  actual_end_time: time.optional(),
  first_stop_time: time.optional(),
  planned_end_time: time.optional(),
  rescue_given: count.optional(),
  rescue_taken: count.optional(),
  uta: count.optional(),
  utl: count.optional(),
  nsl: count.optional(),
  bc: count.optional(),
  missing: count.optional(),
  damage: count.optional(),
  fdd: count.optional(),
  missort: count.optional(),
  oc: count.optional(),
  others: count.optional(),
  actual_DA: text(80).optional(),
}).strict();
export type RecordPatchInput = z.infer<typeof recordPatchInput>;

/** The serial pickers (02 "serial-number-assignment"): a scanner id, or 0 to clear. */
export const serialAssignmentInput = z.object({
  record_id: dbId(),
  version: dbId(),
  rabbit_number: dbInt(0).optional(),
  second_rabbit_number: dbInt(0).optional(),
  dolly_number: dbInt(0).optional(),
  second_dolly_number: dbInt(0).optional(),
}).strict();

export const createReportInput = z.object({
  station: dbId("Required"),
  report_date: z.iso.date({ error: "Required" }),
  rows: z.number().int().min(0, "Must be 0 or more").max(300, "At most 300 rows").default(0),
  has_second_driver: z.boolean().default(false),
});

/** The header strip's people and the DA 2 switch (PATCH api/da-daily-report/{id}/). */
export const reportPatchInput = z.object({
  has_second_driver: z.boolean().optional(),
  dispatcher: dbInt(0).nullable().optional(),
  support_dispatcher: dbInt(0).nullable().optional(),
  supervisor: dbInt(0).nullable().optional(),
  special_supervisor: dbInt(0).nullable().optional(),
  lead_driver: dbInt(0).nullable().optional(),
  fleet_coordinator: dbInt(0).nullable().optional(),
}).strict();

export const budgetInput = z.object({
  station: dbId("Required"),
  month: z.number({ error: "Required" }).int().min(1).max(12),
  year: z.number({ error: "Required" }).int().min(2000).max(2100),
  budget_no_of_routes: dbInt(1, "Must be more than 0"),
  budget_no_of_deliveries: dbInt(1, "Must be more than 0"),
  budget_no_of_da: dbInt(1, "Must be more than 0"),
  budget_no_of_fleet: dbInt(1, "Must be more than 0"),
});
export const budgetPatchInput = budgetInput.pick({
  budget_no_of_routes: true,
  budget_no_of_deliveries: true,
  budget_no_of_da: true,
  budget_no_of_fleet: true,
}).partial().strict();

/** The daily routes upload's form fields besides the file (multipart strings). */
export const shiftUploadFields = z.object({
  shift_date: z.iso.date({ error: "Required: the report's date (YYYY-MM-DD)" }),
  report: dbIdQuery("Required: the report id"),
});
