// Inputs of the DA status register (03 sections 2.9 and 7): one zod schema per call, shared by the API,
// the page (initial query), the OpenAPI document and the islands (transporter id field, spot editor).
import { z } from "zod";
import { orderingQuery, pagingQuery } from "../paging/query.ts";
import { dbId, dbIdList, searchText, text } from "../inputs/fields.ts";
import { languageInput } from "../coaching/inputs.ts";

/** DA statuses (01 section 3): 1 Active, 2 Rehired, 3 Blacklisted, 5 Off Boarded, 6 Inactive. */
export const DA_STATUSES = [
  { id: 1, label: "Active" },
  { id: 2, label: "Rehired" },
  { id: 3, label: "Blacklisted" },
  { id: 5, label: "Off Boarded" },
  { id: 6, label: "Inactive" },
] as const;
export type DaStatus = (typeof DA_STATUSES)[number]["id"];
export const DA_STATUS_IDS: readonly number[] = DA_STATUSES.map((s) => s.id);

export function statusLabel(status: number | null | undefined): string {
  return DA_STATUSES.find((s) => s.id === status)?.label ?? (status == null ? "" : `Status ${status}`);
}

export const statusId = z.coerce.number().int().refine((n) => DA_STATUS_IDS.includes(n), {
  message: "Unknown status; use 1 Active, 2 Rehired, 3 Blacklisted, 5 Off Boarded or 6 Inactive",
});

/** Columns the register sorts by (DRF `ordering`, '-' for descending). Default -id (03 section 9). */
export const DA_ORDERING_FIELDS = [
  "id",
  "name",
  "first_name",
  "last_name",
  "transporter_id",
  "driver_license",
  "badge",
  "email",
  "status",
  "is_active",
  "created",
  "last_status_change",
  "last_status_changed_by",
  "role",
] as const;
export const DA_DEFAULT_ORDERING = "-id";

const idList = dbIdList;
const optionalSearch = searchText(100);

/** getDriverUsersList: page, page_size, search, driver_license, badge, ordering, in_station, status. */
export const daListQuery = pagingQuery.extend({
  ordering: orderingQuery(DA_ORDERING_FIELDS, DA_DEFAULT_ORDERING),
  search: optionalSearch,
  driver_license: optionalSearch,
  badge: optionalSearch,
  /** The station filter; empty means every station of the viewer. `station` is accepted as a synonym. */
  in_station: idList("station").optional(),
  station: idList("station").optional(),
  status: idList("status").refine((ids) => ids.every((n) => DA_STATUS_IDS.includes(n)), {
    message: "Unknown status; use 1, 2, 3, 5 or 6",
  }).optional(),
});
export type DaListQuery = z.infer<typeof daListQuery>;

/** The export takes the list's filters and ordering (not its page) and a format. */
export const daExportQuery = daListQuery.extend({
  format: z.enum(["csv", "xlsx"], { error: "Use format=csv or format=xlsx" }).default("xlsx"),
});
export type DaExportQuery = z.infer<typeof daExportQuery>;

const reason = text().trim().max(200, "At most 200 characters").optional()
  .transform((v) => (v ? v : null));

/** updateUserStatus: {status, id} for one DA or {status, id_list} in bulk; an optional reason for the history. */
export const statusChangeInput = z.object({
  id: dbId().optional(),
  id_list: z.array(dbId()).max(1000, "At most 1000 DAs at once").optional(),
  status: statusId,
  reason,
}).strict().transform((v, ctx) => {
  const ids = [...new Set([...(v.id_list ?? []), ...(v.id === undefined ? [] : [v.id])])];
  if (ids.length === 0) {
    ctx.addIssue({ code: "custom", path: ["id_list"], message: "Tick at least one DA" });
    return z.NEVER;
  }
  return { ids, status: v.status as DaStatus, reason: v.reason };
});
export type StatusChangeInput = z.infer<typeof statusChangeInput>;

/** Amazon transporter ids: 'A' and 12 or 13 upper-case letters or digits, normalised to upper case. */
export const TRANSPORTER_ID_RE = /^A[A-Z0-9]{12,13}$/;
export const transporterId = text({ error: "Required" }).trim().toUpperCase()
  .min(1, "Required")
  .regex(TRANSPORTER_ID_RE, "Not valid: 'A' followed by 12 or 13 letters or digits");

/** updateUser: the register edits the transporter id, and may change the status in the same call. */
export const daPatchInput = z.object({
  transporter_id: transporterId.optional(),
  status: statusId.optional(),
  reason,
  /** the DA's message language (coaching drafts) */
  language: languageInput.optional(),
}).strict().refine(
  (v) => v.transporter_id !== undefined || v.status !== undefined || v.language !== undefined,
  {
    message: "Nothing to change: send transporter_id, status or language",
  },
);
export type DaPatchInput = z.infer<typeof daPatchInput>;

const positiveId = (what: string) => dbId(`Choose ${what}`);

/** One station spot as the editor sends it: station, agency and fleet groups (03 section 3). */
export const spotInput = z.object({
  id: dbId().optional(),
  station: positiveId("a station"),
  agency: positiveId("an agency"),
  fleet_groups: z.array(dbId()).max(50).default([]).transform((
    ids,
  ) => [...new Set(ids)]),
});
export type SpotInput = z.infer<typeof spotInput>;

/** createStationSpot: a new spot for a DA. */
export const spotCreateInput = spotInput.omit({ id: true }).extend({ user: dbId() })
  .strict();
export type SpotCreateInput = z.infer<typeof spotCreateInput>;

/** editStationSpot: the spots to keep or add (an id means an existing spot) and the ids to delete. */
export const spotEditInput = z.object({
  user: dbId(),
  stationSpots: z.array(spotInput).max(100).default([]),
  spotsToDelete: z.array(dbId()).max(100).default([]),
}).strict();
export type SpotEditInput = z.infer<typeof spotEditInput>;
