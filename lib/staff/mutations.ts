// Writes to staff accounts. Each checks the policy first (so the API refuses what the screen hides) and
// writes in one transaction, the set-password e-mail included.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { agencies, fleetGroups, stations, stationSpotFleetGroups, stationSpots, users } from "../org/schema.ts";
import { issueSetPasswordLink } from "../auth/password-reset.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { HttpError } from "../web/errors.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { findTarget, getStaff, type StaffDto } from "./queries.ts";
import {
  type Actor,
  deactivateRefusal,
  manageRefusal,
  type Refusal,
  roleRefusal,
  stationsOutside,
} from "./policy.ts";
import type { StaffCreateInput, StaffUpdateInput, StationSpotInput } from "./inputs.ts";

function refuse(r: Refusal | null, field?: string): void {
  if (!r) return;
  throw new HttpError(r.status, field ? { [field]: [r.message], detail: r.message } : { detail: r.message });
}

const fieldError = (field: string, message: string) =>
  new HttpError(400, { [field]: [message], detail: message });
const duplicateEmail = (email: string) =>
  fieldError("email", `A user with the e-mail ${email} already exists.`);

async function assertEmailFree(db: Queryable, email: string, exceptId: number | null): Promise<void> {
  const taken = await db.select({ id: users.id }).from(users).where(and(
    eq(sql`lower(${users.email})`, email.toLowerCase()),
    exceptId === null ? undefined : ne(users.id, exceptId),
  ));
  if (taken.length) throw duplicateEmail(email);
}

/** Every spot's station within the actor's, and every agency and fleet group named exists. */
async function checkSpots(db: Queryable, actor: Actor, spots: StationSpotInput[]): Promise<void> {
  const outside = stationsOutside(actor, spots.map((s) => s.station));
  if (outside.length) {
    const known = await db.select({ id: stations.id, tag: stations.tag }).from(stations).where(
      inArray(stations.id, outside),
    );
    const labels = outside.map((id) => known.find((k) => k.id === id)?.tag ?? `#${id}`);
    refuse({
      status: 403,
      message: `You cannot give access to station${labels.length > 1 ? "s" : ""} you do not have: ${
        labels.join(", ")
      }.`,
    }, "station_spots");
  }
  const agencyIds = [...new Set(spots.flatMap((s) => (s.agency ? [s.agency] : [])))];
  if (agencyIds.length) {
    const found = await db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, agencyIds));
    const missing = agencyIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw fieldError("station_spots", `Unknown agency: ${missing.join(", ")}.`);
  }
  const groupIds = [...new Set(spots.flatMap((s) => s.fleet_groups))];
  if (groupIds.length) {
    const found = await db.select({ id: fleetGroups.id }).from(fleetGroups).where(
      inArray(fleetGroups.id, groupIds),
    );
    const missing = groupIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw fieldError("station_spots", `Unknown fleet group: ${missing.join(", ")}.`);
  }
}

/**
 * Makes the account's spots at the actor's stations exactly `spots` (kept spots keep their ids); spots at
 * stations the actor does not have are neither seen nor touched.
 */
async function writeSpots(
  tx: Queryable,
  actor: Actor,
  userId: number,
  spots: StationSpotInput[],
): Promise<void> {
  const reach = actor.stationIds.length ? [...actor.stationIds] : [-1];
  const existing = await tx.select({ id: stationSpots.id, stationId: stationSpots.stationId }).from(
    stationSpots,
  )
    .where(and(eq(stationSpots.userId, userId), inArray(stationSpots.stationId, reach)));
  const gone = existing.filter((e) => !spots.some((s) => s.station === e.stationId)).map((e) => e.id);
  if (gone.length) await tx.delete(stationSpots).where(inArray(stationSpots.id, gone));
  for (const spot of spots) {
    const kept = existing.find((e) => e.stationId === spot.station);
    let spotId: number;
    if (kept) {
      spotId = kept.id;
      await tx.update(stationSpots).set({ agencyId: spot.agency }).where(eq(stationSpots.id, spotId));
      await tx.delete(stationSpotFleetGroups).where(eq(stationSpotFleetGroups.spotId, spotId));
    } else {
      const [row] = await tx.insert(stationSpots).values({
        userId,
        stationId: spot.station,
        agencyId: spot.agency,
      })
        .returning({ id: stationSpots.id });
      spotId = row.id;
    }
    if (spot.fleet_groups.length) {
      await tx.insert(stationSpotFleetGroups).values(
        spot.fleet_groups.map((fleetGroupId) => ({ spotId, fleetGroupId })),
      );
    }
  }
}

/** A new active account without a password, and a set-password link (valid 7 days) in the outbox. */
export async function createStaff(
  db: Db,
  actor: Actor,
  input: StaffCreateInput,
  baseUrl: string,
): Promise<StaffDto> {
  refuse(roleRefusal(actor, input.role, null), "role");
  await checkSpots(db, actor, input.station_spots);
  await assertEmailFree(db, input.email, null);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values({
        email: input.email,
        passwordHash: null,
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.role,
        status: 1,
        isActive: true,
        isStaff: true,
        isSuperuser: input.role === 4,
        mobileNumber: input.mobile_number,
      }).returning({ id: users.id });
      await writeSpots(tx, actor, row.id, input.station_spots);
      // A savepoint inside this transaction: the account and its e-mail exist together or not at all.
      await issueSetPasswordLink(
        tx as unknown as Db,
        { id: row.id, email: input.email, firstName: input.first_name },
        baseUrl,
        "set_password",
      );
      return row.id;
    });
    return await getStaff(db, actor, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateEmail(input.email);
    throw e;
  }
}

export async function updateStaff(
  db: Db,
  actor: Actor,
  id: number,
  input: StaffUpdateInput,
): Promise<StaffDto> {
  const target = await findTarget(db, actor, id);
  refuse(manageRefusal(actor, target));
  if (input.role !== undefined && input.role !== target.role) {
    refuse(roleRefusal(actor, input.role, target), "role");
  }
  if (input.station_spots) await checkSpots(db, actor, input.station_spots);
  if (input.email !== undefined && input.email !== target.email.toLowerCase()) {
    await assertEmailFree(db, input.email, id);
  }
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.email !== undefined) set.email = input.email;
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.last_name !== undefined) set.lastName = input.last_name;
  if (input.mobile_number !== undefined) set.mobileNumber = input.mobile_number;
  if (input.role !== undefined) {
    Object.assign(set, { role: input.role, isSuperuser: input.role === 4, isStaff: true });
  }
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set(set).where(eq(users.id, id));
      if (input.station_spots) await writeSpots(tx, actor, id, input.station_spots);
    });
  } catch (e) {
    if (isUniqueViolation(e) && input.email) throw duplicateEmail(input.email);
    throw e;
  }
  return await getStaff(db, actor, id);
}

/** Deactivating ends every open session of the account at once; reactivating lets it sign in again. */
export async function setStaffActive(db: Db, actor: Actor, id: number, active: boolean): Promise<StaffDto> {
  const target = await findTarget(db, actor, id);
  refuse(active ? manageRefusal(actor, target) : deactivateRefusal(actor, target));
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
  refuse(manageRefusal(actor, target));
  if (!target.isActive) {
    throw new HttpError(400, {
      detail:
        `${target.firstName} ${target.lastName}'s account is deactivated: reactivate it before sending a password link.`,
    });
  }
  await issueSetPasswordLink(
    db,
    { id: target.id, email: target.email, firstName: target.firstName },
    baseUrl,
    "set_password",
  );
  return { detail: `A link to set the password was sent to ${target.email}.` };
}
