// Creating a back-office account (roles 1-4) with a password: how a production install gets its first
// owner (`dsp user create`), and the rule any later "add staff" screen reuses.
import { z } from "zod";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { stations, stationSpots, users } from "../org/schema.ts";
import { hashPassword } from "../auth/password.ts";
import { PASSWORD_MIN } from "../auth/inputs.ts";
import { ROLE_NAMES, type RoleId, STAFF_ROLES } from "../auth/roles.ts";
import { HttpError } from "../web/errors.ts";
import { isUniqueViolation } from "../db/errors.ts";

const ROLE_BY_NAME: Record<string, RoleId> = Object.fromEntries(
  STAFF_ROLES.map((id) => [ROLE_NAMES[id].toLowerCase(), id]),
);
export const STAFF_ROLE_HELP = `1-4 or ${STAFF_ROLES.map((id) => ROLE_NAMES[id].toLowerCase()).join(", ")}`;

/** A staff role as a number (1-4) or its name ("owner"); drivers (5) are not staff accounts. */
export const staffRole = z.union([z.number(), z.string()], { error: "Required" }).transform(
  (v, ctx): RoleId => {
    const text = String(v).trim().toLowerCase();
    const id = /^\d+$/.test(text) ? Number(text) : ROLE_BY_NAME[text];
    if (STAFF_ROLES.includes(id as RoleId)) return id as RoleId;
    ctx.addIssue({ code: "custom", message: `Not valid: use ${STAFF_ROLE_HELP}` });
    return z.NEVER;
  },
);

const name = z.string({ error: "Required" }).trim().min(1, "Required").max(100);

export const createStaffInput = z.object({
  email: z.string({ error: "Required" }).trim().min(1, "Required").pipe(z.email("Not valid"))
    .transform((v) => v.toLowerCase()),
  first_name: name,
  last_name: name,
  role: staffRole,
  /** Stations by id or tag; the account gets a station spot for each. */
  stations: z.array(z.union([z.number().int().positive(), z.string().trim().min(1)])).max(100).default([]),
  password: z.string({ error: "Required" }).min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`).max(
    1000,
  ),
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

export interface CreatedStaff {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: RoleId;
  role_name: string;
  stations: { id: number; tag: string; title: string }[];
}

export const duplicateEmail = (email: string) =>
  new HttpError(400, {
    email: [`A user with the e-mail ${email} already exists.`],
    detail: `A user with the e-mail ${email} already exists.`,
  });

/** Finds stations by id or tag (tags case-insensitively), in the order given; unknown ones are an error. */
async function resolveStations(
  db: Db,
  refs: (string | number)[],
): Promise<{ id: number; tag: string; title: string }[]> {
  if (!refs.length) return [];
  const ids = refs.map(String).filter((r) => /^\d+$/.test(r)).map(Number);
  const tags = refs.map((r) => String(r).toUpperCase());
  const rows = await db.select({ id: stations.id, tag: stations.tag, title: stations.title }).from(stations)
    .where(or(ids.length ? inArray(stations.id, ids) : undefined, inArray(sql`upper(${stations.tag})`, tags)))
    .orderBy(asc(stations.id));
  const found: { id: number; tag: string; title: string }[] = [];
  const unknown: string[] = [];
  for (const ref of refs.map(String)) {
    const hit = (/^\d+$/.test(ref) ? rows.find((r) => r.id === Number(ref)) : undefined) ??
      rows.find((r) => r.tag.toUpperCase() === ref.toUpperCase());
    if (!hit) unknown.push(ref);
    else if (!found.some((f) => f.id === hit.id)) found.push(hit);
  }
  if (unknown.length) {
    const all = await db.select({ id: stations.id, tag: stations.tag }).from(stations).orderBy(
      asc(stations.id),
    );
    const known = all.length
      ? `Known stations: ${all.map((s) => `${s.id} (${s.tag})`).join(", ")}.`
      : "There are no stations yet.";
    const detail = `Unknown station${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. ${known}`;
    throw new HttpError(400, { stations: [detail], detail });
  }
  return found;
}

/** Creates an active staff account with a password and its station spots, in one transaction. */
export async function createStaffUser(db: Db, raw: CreateStaffInput): Promise<CreatedStaff> {
  const input = createStaffInput.parse(raw);
  const exists = async (q: Pick<Db, "select">) =>
    (await q.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email))).length >
      0;
  if (await exists(db)) throw duplicateEmail(input.email);
  const found = await resolveStations(db, input.stations);
  // Hashing is deliberately slow: before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      if (await exists(tx)) throw duplicateEmail(input.email);
      const [row] = await tx.insert(users).values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.role,
        status: 1,
        isActive: true,
        isStaff: true,
        isSuperuser: input.role === 4,
      }).returning({ id: users.id });
      if (found.length) {
        await tx.insert(stationSpots).values(found.map((s) => ({ userId: row.id, stationId: s.id })));
      }
      return row.id;
    });
    return {
      id,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      role: input.role,
      role_name: ROLE_NAMES[input.role],
      stations: found,
    };
  } catch (e) {
    // Two creations racing past the check: the unique index has the last word.
    if (isUniqueViolation(e)) throw duplicateEmail(input.email);
    throw e;
  }
}

