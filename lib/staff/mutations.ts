// Writes to staff accounts (roles 1-4). Each checks the policy first (so the API refuses what the screen
// hides) and writes in one transaction, the set-password e-mail included. Station spots are written by
// lib/stations/spots.ts.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { hashPassword } from "../auth/password.ts";
import { issueSetPasswordLink } from "../auth/password-reset.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DomainError } from "../errors.ts";
import { addSpot, checkSpotReferences, setSpotsAt } from "../stations/spots.ts";
import { findTarget, getStaff } from "./queries.ts";
import type { StaffDto } from "./dto.ts";
import { type Actor, deactivateRefusal, manageRefusal, roleRefusal } from "./policy.ts";
import type { StaffCreateInput, StaffUpdateInput } from "./inputs.ts";
import { staffDeactivated, staffEmailTaken } from "./errors.ts";

const refuseIf = (refusal: DomainError | null) => {
  if (refusal) throw refusal;
};

async function assertEmailFree(db: Queryable, email: string, exceptId: number | null): Promise<void> {
  const taken = await db.select({ id: users.id }).from(users).where(and(
    eq(sql`lower(${users.email})`, email.toLowerCase()),
    exceptId === null ? undefined : ne(users.id, exceptId),
  ));
  if (taken.length) throw staffEmailTaken(email);
}

/** Who opens a staff account. */
export type StaffCreator =
  /**
   * A signed-in Manager or Owner (the /staff screen and API): within their roles and stations, and the
   * person chooses a password through a link e-mailed with the account.
   */
  | { actor: Actor; baseUrl: string }
  /** The operator at the terminal (`dsp user create`, how an install gets its first owner): the password now. */
  | { password: string };

/**
 * The one way a staff account is made: an active account and its station spots in one transaction (with
 * the set-password e-mail when an actor creates it). Returns the new account's id.
 */
export async function createStaff(db: Db, by: StaffCreator, input: StaffCreateInput): Promise<number> {
  const spots = input.station_spots;
  if ("actor" in by) refuseIf(roleRefusal(by.actor, input.role, null));
  // The operator may give any station; an actor only their own.
  await checkSpotReferences(
    db,
    "actor" in by ? by.actor.stationIds : spots.map((s) => s.station),
    spots,
    "staff_form",
  );
  await assertEmailFree(db, input.email, null);
  // Hashing is deliberately slow: before the transaction opens.
  const passwordHash = "password" in by ? await hashPassword(by.password) : null;
  try {
    return await db.transaction(async (tx) => {
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
        mobileNumber: input.mobile_number,
      }).returning({ id: users.id });
      for (const spot of spots) await addSpot(tx, row.id, spot);
      if ("actor" in by) {
        // A savepoint inside this transaction: the account and its e-mail exist together or not at all.
        const person = { id: row.id, email: input.email, firstName: input.first_name };
        await issueSetPasswordLink(tx as unknown as Db, person, by.baseUrl, "set_password");
      }
      return row.id;
    });
  } catch (e) {
    // Two creations racing past the check: the unique index has the last word.
    if (isUniqueViolation(e)) throw staffEmailTaken(input.email);
    throw e;
  }
}

function changesOf(input: StaffUpdateInput): Partial<typeof users.$inferInsert> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.email !== undefined) set.email = input.email;
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.last_name !== undefined) set.lastName = input.last_name;
  if (input.mobile_number !== undefined) set.mobileNumber = input.mobile_number;
  if (input.role !== undefined) {
    Object.assign(set, { role: input.role, isSuperuser: input.role === 4, isStaff: true });
  }
  return set;
}

/** Any subset of the fields; station_spots replaces the spots at the actor's own stations only. */
export async function updateStaff(
  db: Db,
  actor: Actor,
  id: number,
  input: StaffUpdateInput,
): Promise<StaffDto> {
  const target = await findTarget(db, actor, id);
  refuseIf(manageRefusal(actor, target));
  if (input.role !== undefined && input.role !== target.role) {
    refuseIf(roleRefusal(actor, input.role, target));
  }
  if (input.station_spots) await checkSpotReferences(db, actor.stationIds, input.station_spots, "staff_form");
  if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
    await assertEmailFree(db, input.email, id);
  }
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set(changesOf(input)).where(eq(users.id, id));
      if (input.station_spots) await setSpotsAt(tx, id, actor.stationIds, input.station_spots);
    });
  } catch (e) {
    if (isUniqueViolation(e) && input.email) throw staffEmailTaken(input.email);
    throw e;
  }
  return await getStaff(db, actor, id);
}

/** Deactivating ends every open session of the account at once; reactivating lets it sign in again. */
export async function setStaffActive(db: Db, actor: Actor, id: number, active: boolean): Promise<StaffDto> {
  const target = await findTarget(db, actor, id);
  refuseIf(active ? manageRefusal(actor, target) : deactivateRefusal(actor, target));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, id));
    if (!active) await revokeUserSessions(tx, id, "account deactivated");
  });
  return await getStaff(db, actor, id);
}

/** A fresh set-password link (7 days) through the outbox; earlier links stay valid until they expire. */
export async function sendPasswordLink(
  db: Db,
  actor: Actor,
  id: number,
  baseUrl: string,
): Promise<{ detail: string }> {
  const target = await findTarget(db, actor, id);
  refuseIf(manageRefusal(actor, target));
  if (!target.isActive) throw staffDeactivated(target.firstName, target.lastName);
  await issueSetPasswordLink(
    db,
    { id: target.id, email: target.email, firstName: target.firstName },
    baseUrl,
    "set_password",
  );
  return { detail: `A link to set the password was sent to ${target.email}.` };
}
