// zod schemas of the van entity, shared by the API, the islands' forms, the roster import and the tests:
// the fleet register's list, export and status changes, then the Setup forms of vans, van groups and
// fleet sizes.
import { z } from "zod";
import { orderingQuery, pagingQuery } from "../paging/query.ts";
import { dollarsToCents } from "../money.ts";
import { dbId, dbIdQuery, searchText, text } from "../inputs/fields.ts";
import { namedShape, optionalRowRef, optionalText, partialOf, requiredText } from "../reference/fields.ts";
import { OOS_REASON_LABELS, OOS_REASONS, VAN_STATUSES, VanStatus } from "./policy.ts";

export const VAN_ORDERING_FIELDS = [
  "id",
  "number",
  "plate_number",
  "status",
  "status_change_reason",
  "pick_up_date",
  "station",
  "van_group",
  "fleet_size",
  "last_status_change",
] as const;
export type VanOrderingField = (typeof VAN_ORDERING_FIELDS)[number];

const STATUS_MESSAGE = "Must be 1 (Available), 2 (Out of Service) or 3 (Off Boarded)";
const REASON_LIST = OOS_REASONS.map((r) => `${r} ${OOS_REASON_LABELS[r]}`).join(", ");
export const REASON_REQUIRED = `Required for Out of Service (2): choose ${REASON_LIST}`;
const REASON_MESSAGE = `Must be one of ${REASON_LIST}`;

const status = z.number({ error: STATUS_MESSAGE }).int(STATUS_MESSAGE)
  .refine((v) => (VAN_STATUSES as readonly number[]).includes(v), STATUS_MESSAGE);
const reason = z.number({ error: REASON_MESSAGE }).int(REASON_MESSAGE)
  .refine((v) => (OOS_REASONS as readonly number[]).includes(v), REASON_MESSAGE);
const filterText = searchText(50);

/** The filters the list and the export share (03 section 2.10 query). */
export const vanFilters = z.object({
  plate_number: filterText,
  van_number: filterText,
  station: z.union([z.literal(""), dbIdQuery()]).optional()
    .transform((v) => (v === "" ? undefined : v)),
  status: z.union([
    z.literal(""),
    z.coerce.number().int().refine((v) => (VAN_STATUSES as readonly number[]).includes(v), STATUS_MESSAGE),
  ])
    .optional().transform((v) => (v === "" ? undefined : v)),
  ordering: orderingQuery(VAN_ORDERING_FIELDS, "-id"),
});
export type VanFilters = z.infer<typeof vanFilters>;

export const vanListQuery = pagingQuery.extend(vanFilters.shape);
export type VanListQuery = z.infer<typeof vanListQuery>;

export const vanExportQuery = vanFilters.extend({
  format: z.enum(["csv", "xlsx"], { error: "Must be csv or xlsx" }).default("xlsx"),
});
export type VanExportQuery = z.infer<typeof vanExportQuery>;

/** Status 2 needs a reason (named in the error); any other status clears it. */
function requireReason<T extends { status?: number; status_change_reason?: number | null }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (
    v.status === VanStatus.OutOfService &&
    (v.status_change_reason === undefined || v.status_change_reason === null)
  ) {
    ctx.addIssue({ code: "custom", path: ["status_change_reason"], message: REASON_REQUIRED });
  }
}

/** updateFleetStatus in bulk: the ticked ids, the new status and, for 2, the reason. */
export const bulkStatusInput = z.object({
  id_list: z.array(dbId(), { error: "A list of van ids is required" })
    .min(1, "Tick at least one van").max(5000, "At most 5000 vans at once")
    .transform((ids) => [...new Set(ids)]),
  status,
  status_change_reason: reason.nullable().optional(),
}).strict().superRefine(requireReason);
export type BulkStatusInput = z.infer<typeof bulkStatusInput>;

/** patchVan: any of status (+reason), the reason alone, station, pick_up_date. */
export const vanPatchInput = z.object({
  status: status.optional(),
  status_change_reason: reason.nullable().optional(),
  station: dbId("Must be a station id").optional(),
  pick_up_date: z.union([z.iso.date({ error: "Not valid: use YYYY-MM-DD" }), z.literal(""), z.null()])
    .transform((v) => (v ? v : null)).optional(),
}).strict().superRefine((v, ctx) => {
  requireReason(v, ctx);
  if (Object.keys(v).length === 0) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: "Nothing to change: send status, status_change_reason, station or pick_up_date",
    });
  }
});
export type VanPatchInput = z.infer<typeof vanPatchInput>;

// Setup forms. Create schemas give every field; update schemas are the same fields, each optional (PATCH
// changes only what it names). -------------------------------------------------------------------------------

/** 17 letters and digits without I, O or Q (the roster import reads VINs by the same rule). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const money = z.union([text(), z.number()], { error: "Not valid" }).nullish().transform((v, ctx) => {
  if (v === null || v === undefined || String(v).trim() === "") return null;
  const cents = dollarsToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "Not valid: an amount like 1250.00" });
    return z.NEVER;
  }
  return cents;
});

const vanSetupShape = {
  number: requiredText(20),
  plate_number: optionalText(20).transform((v) => v.toUpperCase()),
  vin: optionalText(17).transform((v) => v.toUpperCase())
    .refine((v) => v === "" || VIN_PATTERN.test(v), "Not valid: 17 letters and digits without I, O or Q"),
  fleet_size: optionalRowRef,
  van_group: optionalRowRef,
  station: dbId("Not valid", "Required"),
  ownership: z.union([z.literal(1), z.literal(2)], { error: "Required: 1 rental or 2 owned" }),
  /** Monthly rate in dollars ("1250.00"); stored as integer cents. */
  monthly_rate: money,
  company: optionalText(60),
  model: optionalText(60),
};
/** A van as Setup creates it; its status is the fleet register's (a new van is Available). */
export const vanSetupInput = z.object(vanSetupShape).strict();
export const vanSetupPatch = partialOf(vanSetupShape);
export type VanSetupPatch = z.infer<typeof vanSetupPatch>;

const vanGroupShape = { ...namedShape, supervisor: optionalRowRef };
export const vanGroupInput = z.object(vanGroupShape).strict();
export const vanGroupPatch = partialOf(vanGroupShape);

/** A new size is created with an explicit id: other data (route tables, the tracker) means a size by it. */
export const fleetSizeInput = z.object({
  id: z.number({ error: "Required" }).int("Not valid: a whole number").min(1, "Not valid: 1 or more")
    .max(32767, "Not valid: at most 32767"),
  title: requiredText(100),
}).strict();
/** Only the title changes: the id is what other data means by the size. */
export const fleetSizePatch = z.object({ title: requiredText(100) }).strict();
