import { z } from "zod";
import { dbId, dbIdQuery, dbInt, INT4_MAX, text as plainText } from "../inputs/fields.ts";
import { invalidField } from "../errors.ts";

const count = z.number({ error: "Must be a whole number" }).int("Must be a whole number").min(
  0,
  "Must be 0 or more",
)
  .max(100000, "Must be 100000 or less").nullable();
const text = (max: number) =>
  plainText({ error: "Must be text" }).trim().max(max, `At most ${max} characters`).nullable().transform((
    v,
  ) => (v === "" ? null : v));
const time = z.union([
  z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM"),
  z.literal("").transform(() => null),
  z.null(),
], { error: "Use HH:MM" });
const flag = z.boolean({ error: "Must be true or false" });
const oneOf = (what: string, max: number) => z.number({ error: what }).int(what).min(0, what).max(max, what);
/** A row version (optional: without it a change is merged field by field, no conflict check). */
const version = dbId("Not valid: the row version you last saw, a whole number from 1");

/**
 * Every refusal names its field in words (validationBody makes `{field: [msg]}`), never zod's own text:
 * unknown fields and a body that is not an object are refused at the object itself.
 */
const bodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}`
        : "Send a JSON object of the fields to change",
  });

/**
 * A field-level change to one tracker row (02 sections 4-5). `version` is the row version the editor
 * last saw; the spec's client sends none, and then only the named fields change (no conflict check).
 * Foreign keys are ids; 0 or null clears (the spec's client sends 0 to clear).
 */
export const recordPatchInput = bodyOf({
  version: version.optional(),
  driver: dbInt(0, "Not valid: a DA id, or 0 to clear").nullable().optional(),
  second_driver: dbInt(0, "Not valid: a DA id, or 0 to clear").nullable().optional(),
  da_status: oneOf("Must be 0 (pending), 1 (confirmed), 2 (rejected) or 3 (cancelled)", 3).optional(),
  second_da_status: oneOf("Must be 0 (pending), 1 (confirmed), 2 (rejected) or 3 (cancelled)", 3)
    .optional(),
  role: oneOf("Must be a role number from 0 to 11", 11).optional(),
  role_hours: z.union([plainText(), z.number()], { error: "Must be a number of hours" }).nullable().optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : String(v))),
  route: text(40).optional(),
  wave_time: z.enum(["Wave 1", "Wave 2", "Wave 3", "Wave 4", "Wave 5"], { error: "Use Wave 1 to Wave 5" })
    .nullable().optional(),
  fleet_number: text(20).optional(),
  fleet_size: dbInt(0, "Not valid: a fleet size id, or 0 to clear").nullable().optional(),
  returned_rabbit: flag.optional(),
  returned_dolly: flag.optional(),
  ontime_attendance: flag.optional(),
  launchpad_support: flag.optional(),
  morning_checklist: flag.optional(),
  violation: flag.optional(),
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
});
export type RecordPatchInput = z.infer<typeof recordPatchInput>;

/**
 * `If-Match: <version>` (also `"5"` or `W/"5"`) stands for `version` when the body has none; null when
 * absent, and a coded 400 naming the header when it is not a version.
 */
export function versionFromIfMatch(header: string | null): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim());
  const n = m ? Number(m[1]) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
    throw invalidField("version", "If-Match must be the row version you last saw, a whole number from 1");
  }
  return n;
}

/** The serial pickers (02 "serial-number-assignment"): a scanner id, or 0 to clear; version as above. */
export const serialAssignmentInput = bodyOf({
  record_id: dbId("Required: the row id"),
  version: version.optional(),
  rabbit_number: dbInt(0, "Not valid: a rabbit scanner id, or 0 to clear").optional(),
  second_rabbit_number: dbInt(0, "Not valid: a rabbit scanner id, or 0 to clear").optional(),
  dolly_number: dbInt(0, "Not valid: a dolly scanner id, or 0 to clear").optional(),
  second_dolly_number: dbInt(0, "Not valid: a dolly scanner id, or 0 to clear").optional(),
});

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

/**
 * The daily routes upload's form fields besides the file (multipart strings). The spec's client sends
 * xlsx_file and shift_date only: without `report`, the station's report for that day is used (or made);
 * `station` may be left out by someone who works at one station.
 */
export const shiftUploadFields = z.object({
  shift_date: z.iso.date({ error: "Required: the report's date (YYYY-MM-DD)" }),
  report: dbIdQuery("Not valid: a report id").optional(),
  station: dbIdQuery("Not valid: a station id").optional(),
});
