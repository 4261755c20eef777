// Inputs of stations, agencies and fleet groups (the Setup sections), shared by the API and the Setup
// island. Create schemas give every field; update schemas are the same fields, each optional.
import { z } from "zod";
import { namedShape, partialOf, requiredText } from "../reference/fields.ts";
import { text } from "../inputs/fields.ts";

export const TAG_PATTERN = /^[A-Z0-9]{3,5}$/;
const stationShape = {
  title: requiredText(100),
  tag: text({ error: "Required" }).trim().min(1, "Required").transform((v) => v.toUpperCase())
    .refine((v) => TAG_PATTERN.test(v), "Not valid: 3-5 letters or digits, e.g. DON9"),
};
export const stationInput = z.object(stationShape).strict();
export const stationPatch = partialOf(stationShape);
export type StationInput = z.infer<typeof stationInput>;
export type StationPatch = z.infer<typeof stationPatch>;

/** Agencies and fleet groups: a unique name and a description. */
export const agencyInput = z.object(namedShape).strict();
export const agencyPatch = partialOf(namedShape);
export const fleetGroupInput = agencyInput;
export const fleetGroupPatch = agencyPatch;
export type NamedInput = z.infer<typeof agencyInput>;
export type NamedPatch = z.infer<typeof agencyPatch>;
