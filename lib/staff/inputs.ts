// Staff account inputs (roles 1-4), shared by the API, the Staff island and `dsp user create`. Messages
// follow the spec: 'Required', 'Not valid'.
import { z } from "zod";
import { ROLE_NAMES, type RoleId, STAFF_ROLES } from "../auth/roles.ts";
import { PASSWORD_MIN } from "../auth/inputs.ts";
import { orderingQuery, pagingQuery } from "../paging/query.ts";
import { dbIdQuery, searchText, text } from "../inputs/fields.ts";
import { phone } from "../inputs/phone.ts";

const name = text({ error: "Required" }).trim().min(1, "Required").max(100, "At most 100 characters");
const email = text({ error: "Required" }).trim().min(1, "Required").max(254, "Not valid").pipe(
  z.email("Not valid"),
)
  .transform((v) => v.toLowerCase());

const ROLE_BY_NAME: Record<string, RoleId> = Object.fromEntries(
  STAFF_ROLES.map((id) => [ROLE_NAMES[id].toLowerCase(), id]),
);
export const STAFF_ROLE_HELP = `1-4 or ${STAFF_ROLES.map((id) => ROLE_NAMES[id].toLowerCase()).join(", ")}`;

/**
 * A staff role as a number (1-4), a numeric string (form selects send strings) or its name ("owner");
 * drivers (5) are not staff accounts.
 */
export const staffRole = z.union([z.number(), text()], { error: "Required" }).transform(
  (v, ctx): RoleId => {
    const text = String(v).trim().toLowerCase();
    const id = /^\d+$/.test(text) ? Number(text) : ROLE_BY_NAME[text];
    if (STAFF_ROLES.includes(id as RoleId)) return id as RoleId;
    ctx.addIssue({ code: "custom", message: `Not valid: use ${STAFF_ROLE_HELP}` });
    return z.NEVER;
  },
);

const id = dbIdQuery();

/** One station spot: the station, an optional agency and the fleet groups the person is cleared for. */
export const stationSpotInput = z.object({
  station: id,
  agency: id.nullable().optional().transform((v) => v ?? null),
  fleet_groups: z.array(id).max(50).optional().transform((v) => [...new Set(v ?? [])]),
}).strict();
export type StationSpotInput = z.infer<typeof stationSpotInput>;

const stationSpots = z.array(stationSpotInput, { error: "Required" })
  .min(1, "Choose at least one station")
  .max(100)
  .refine((spots) => new Set(spots.map((s) => s.station)).size === spots.length, "Each station only once");

/** A new staff account. No password: the person sets it through the link (or `dsp user create` gives one). */
export const staffCreateInput = z.object({
  email,
  first_name: name,
  last_name: name,
  role: staffRole,
  mobile_number: phone().optional().transform((v) => v ?? null),
  station_spots: stationSpots,
}).strict();
export type StaffCreateInput = z.infer<typeof staffCreateInput>;

/** Any subset of the create fields. station_spots replaces the spots at the editor's own stations. */
export const staffUpdateInput = z.object({
  email: email.optional(),
  first_name: name.optional(),
  last_name: name.optional(),
  role: staffRole.optional(),
  mobile_number: phone().optional(),
  station_spots: stationSpots.optional(),
}).strict();
export type StaffUpdateInput = z.infer<typeof staffUpdateInput>;

/** A password given at creation (`dsp user create`): the sign-in rule's minimum. */
export const staffPassword = z.string({ error: "Required" }).min(
  PASSWORD_MIN,
  `At least ${PASSWORD_MIN} characters`,
)
  .max(1000, "At most 1000 characters");

export const STAFF_ORDERING = ["last_name", "first_name", "email", "role", "last_login", "id"] as const;
const blankToUndefined = z.literal("").transform(() => undefined);

export const staffListQuery = pagingQuery.extend({
  search: searchText(100),
  role: z.enum(["1", "2", "3", "4"]).optional().or(blankToUndefined),
  status: z.enum(["active", "inactive"]).optional().or(blankToUndefined),
  ordering: orderingQuery(STAFF_ORDERING, "last_name"),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;
