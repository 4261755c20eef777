// Staff account inputs, shared by the API and the Staff island. Messages follow the spec: 'Required', 'Not valid'.
import { z } from "zod";
import { STAFF_ROLES } from "../auth/roles.ts";

const name = z.string({ error: "Required" }).trim().min(1, "Required").max(100, "At most 100 characters");
const email = z.string({ error: "Required" }).trim().min(1, "Required").max(254, "Not valid").pipe(
  z.email("Not valid"),
)
  .transform((v) => v.toLowerCase());
const optionalText = z.string().trim().max(40, "At most 40 characters").nullable().optional()
  .transform((v) => (v ? v : null));

/** A staff role, 1-4, as a number or a numeric string (form selects send strings). */
export const staffRole = z.coerce.number({ error: "Required" }).int("Not valid")
  .refine((r) => (STAFF_ROLES as readonly number[]).includes(r), "Not valid: a staff role is 1-4");

const id = z.coerce.number({ error: "Not valid" }).int("Not valid").positive("Not valid").max(
  2_147_483_647,
  "Not valid",
);

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

export const staffCreateInput = z.object({
  email,
  first_name: name,
  last_name: name,
  role: staffRole,
  mobile_number: optionalText,
  station_spots: stationSpots,
}).strict();
export type StaffCreateInput = z.infer<typeof staffCreateInput>;

/** Any subset of the create fields. station_spots replaces the spots at the editor's own stations. */
export const staffUpdateInput = z.object({
  email: email.optional(),
  first_name: name.optional(),
  last_name: name.optional(),
  role: staffRole.optional(),
  mobile_number: optionalText.optional(),
  station_spots: stationSpots.optional(),
}).strict();
export type StaffUpdateInput = z.infer<typeof staffUpdateInput>;
