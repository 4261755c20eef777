// zod schemas of the fleet register, shared by the API, the island's forms and the tests.
import { z } from "zod";
import { orderingQuery, pagingQuery } from "../web/list-query.ts";
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
const optionalText = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));

/** The filters the list and the export share (03 section 2.10 query). */
export const vanFilters = z.object({
  plate_number: optionalText,
  van_number: optionalText,
  station: z.union([z.literal(""), z.coerce.number().int().positive("Not valid")]).optional()
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
  id_list: z.array(z.number().int().positive(), { error: "A list of van ids is required" })
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
  station: z.number({ error: "Must be a station id" }).int().positive("Must be a station id").optional(),
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
