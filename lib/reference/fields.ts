// The field builders every reference-data input is made of (stations, agencies, fleet groups, van groups,
// vans, scanners), so that the same kind of field says the same words everywhere. Pure zod: the Setup
// island validates with the same schemas.
import { z } from "zod";
import { dbId, text } from "../inputs/fields.ts";

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  text({ error: "Required" }).trim().min(1, "Required").max(max, `At most ${max} characters`);

/** Optional text: absent, null and "" all mean empty. */
export const optionalText = (max: number) =>
  text({ error: "Not valid" }).trim().max(max, `At most ${max} characters`).nullish().transform((v) =>
    v ?? ""
  );

/** A row id: a positive integer the database's integer column can hold. */
export const rowRef = dbId();
export const optionalRowRef = rowRef.nullish().transform((v) => v ?? null);

/** The update schema of a create shape: the same fields, each optional (PATCH changes only what it names). */
export function partialOf<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).partial().strict();
}

/** Name and description: agencies, fleet groups and van groups. */
export const namedShape = { name: requiredText(100), description: optionalText(500) };
