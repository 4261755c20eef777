// Reference data (Setup) inputs, shared by the API and the Setup island. Create schemas give every field;
// update schemas are the same fields, each optional (PATCH changes only what it names).
import { z } from "zod";
import { dollarsToCents } from "./calc.ts";

export const ENTITY_KEYS = [
  "stations",
  "agencies",
  "fleet-groups",
  "van-groups",
  "fleet-sizes",
  "vans",
  "scanners",
] as const;
export type EntityKey = (typeof ENTITY_KEYS)[number];

export function isEntityKey(s: unknown): s is EntityKey {
  return (ENTITY_KEYS as readonly unknown[]).includes(s);
}

/** Tab titles and the singular used in buttons and messages. */
export const ENTITY_LABELS: Record<EntityKey, { title: string; singular: string }> = {
  stations: { title: "Stations", singular: "station" },
  agencies: { title: "Agencies", singular: "agency" },
  "fleet-groups": { title: "Fleet groups", singular: "fleet group" },
  "van-groups": { title: "Van groups", singular: "van group" },
  "fleet-sizes": { title: "Fleet sizes", singular: "fleet size" },
  vans: { title: "Vans", singular: "van" },
  scanners: { title: "Scanners", singular: "scanner" },
};

const required = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, "Required").max(max, `At most ${max} characters`);
/** Optional text: absent, null and "" all mean empty. */
const optionalText = (max: number) =>
  z.string({ error: "Not valid" }).trim().max(max, `At most ${max} characters`).nullish().transform((v) =>
    v ?? ""
  );
/** A row id: a positive integer the database's integer column can hold. */
const ref = z.number({ error: "Not valid" }).int("Not valid").positive("Not valid").max(
  2_147_483_647,
  "Not valid",
);
const optionalRef = ref.nullish().transform((v) => v ?? null);

function partial<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).partial().strict();
}

// Stations -------------------------------------------------------------------------------------------------
export const TAG_PATTERN = /^[A-Z0-9]{3,5}$/;
const stationShape = {
  title: required(100),
  tag: z.string({ error: "Required" }).trim().min(1, "Required").transform((v) => v.toUpperCase())
    .refine((v) => TAG_PATTERN.test(v), "Not valid: 3-5 letters or digits, e.g. DON9"),
};
export const stationInput = z.object(stationShape).strict();
export const stationPatch = partial(stationShape);

// Agencies and fleet groups (name + description) -------------------------------------------------------------
const namedShape = { name: required(100), description: optionalText(500) };
export const agencyInput = z.object(namedShape).strict();
export const agencyPatch = partial(namedShape);
export const fleetGroupInput = agencyInput;
export const fleetGroupPatch = agencyPatch;

// Van groups -------------------------------------------------------------------------------------------------
const vanGroupShape = { ...namedShape, supervisor: optionalRef };
export const vanGroupInput = z.object(vanGroupShape).strict();
export const vanGroupPatch = partial(vanGroupShape);

// Fleet sizes: the id means something (02: 1 and 5 cargo, 2 large, 3 cube, 6 medium, 4 EDV) --------------------
export const BUILT_IN_FLEET_SIZES = [1, 2, 3, 4, 5, 6] as const;
export const fleetSizeInput = z.object({
  id: z.number({ error: "Required" }).int("Not valid: a whole number").min(1, "Not valid: 1 or more")
    .max(32767, "Not valid: at most 32767"),
  title: required(100),
}).strict();
/** Only the title changes: the id is what other data means by the size. */
export const fleetSizePatch = z.object({ title: required(100) }).strict();

// Vans -------------------------------------------------------------------------------------------------------
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const OWNERSHIP = { 1: "Rental", 2: "Owned" } as const;
const money = z.union([z.string(), z.number()], { error: "Not valid" }).nullish().transform((v, ctx) => {
  if (v === null || v === undefined || String(v).trim() === "") return null;
  const cents = dollarsToCents(typeof v === "number" ? v.toFixed(2) : v);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "Not valid: an amount like 1250.00" });
    return z.NEVER;
  }
  return cents;
});
const vanShape = {
  number: required(20),
  plate_number: optionalText(20).transform((v) => v.toUpperCase()),
  vin: optionalText(17).transform((v) => v.toUpperCase())
    .refine((v) => v === "" || VIN_PATTERN.test(v), "Not valid: 17 letters and digits without I, O or Q"),
  fleet_size: optionalRef,
  van_group: optionalRef,
  station: z.number({ error: "Required" }).int("Not valid").positive("Not valid").max(
    2_147_483_647,
    "Not valid",
  ),
  ownership: z.union([z.literal(1), z.literal(2)], { error: "Required: 1 rental or 2 owned" }),
  /** Monthly rate in dollars ("1250.00"); stored as integer cents. */
  monthly_rate: money,
  company: optionalText(60),
  model: optionalText(60),
};
export const vanInput = z.object(vanShape).strict();
export const vanPatch = partial(vanShape);

// Rabbit and dolly scanners ----------------------------------------------------------------------------------
export const SCANNER_KINDS = ["rabbit", "dolly"] as const;
export const SCANNER_STATUS = { 1: "Available", 0: "Unavailable" } as const;
const scannerShape = {
  kind: z.enum(SCANNER_KINDS, { error: "Not valid: rabbit or dolly" }),
  serial_number: required(50),
  station: z.number({ error: "Required" }).int("Not valid").positive("Not valid").max(
    2_147_483_647,
    "Not valid",
  ),
  status: z.union([z.literal(0), z.literal(1)], { error: "Not valid: 1 available or 0 unavailable" })
    .nullish()
    .transform((v) => v ?? 1),
};
export const scannerInput = z.object(scannerShape).strict();
export const scannerPatch = partial(scannerShape);

export const ENTITY_INPUTS = {
  stations: { create: stationInput, update: stationPatch },
  agencies: { create: agencyInput, update: agencyPatch },
  "fleet-groups": { create: fleetGroupInput, update: fleetGroupPatch },
  "van-groups": { create: vanGroupInput, update: vanGroupPatch },
  "fleet-sizes": { create: fleetSizeInput, update: fleetSizePatch },
  vans: { create: vanInput, update: vanPatch },
  scanners: { create: scannerInput, update: scannerPatch },
} as const satisfies Record<EntityKey, { create: z.ZodType; update: z.ZodType }>;
