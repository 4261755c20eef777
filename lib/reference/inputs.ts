// Reference data (Setup) inputs, shared by the API and the Setup island. Create schemas give every field;
// update schemas are the same fields, each optional (PATCH changes only what it names).
import { z } from "zod";
import { partialOf as partial, requiredText as required } from "./fields.ts";
import { dbId } from "../inputs/fields.ts";
import {
  agencyInput,
  agencyPatch,
  fleetGroupInput,
  fleetGroupPatch,
  stationInput,
  stationPatch,
} from "../stations/inputs.ts";
import {
  fleetSizeInput,
  fleetSizePatch,
  vanGroupInput,
  vanGroupPatch,
  vanSetupInput,
  vanSetupPatch,
} from "../vans/inputs.ts";

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

// Rabbit and dolly scanners ----------------------------------------------------------------------------------
export const SCANNER_KINDS = ["rabbit", "dolly"] as const;
export const SCANNER_STATUS = { 1: "Available", 0: "Unavailable" } as const;
const scannerShape = {
  kind: z.enum(SCANNER_KINDS, { error: "Not valid: rabbit or dolly" }),
  serial_number: required(50),
  station: dbId("Not valid", "Required"),
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
  vans: { create: vanSetupInput, update: vanSetupPatch },
  scanners: { create: scannerInput, update: scannerPatch },
} as const satisfies Record<EntityKey, { create: z.ZodType; update: z.ZodType }>;
