import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { navSettings } from "../settings/schema.ts";
import type { ProfileInput } from "./inputs.ts";
import type { Viewer } from "./current-user.ts";
import { menuKeys } from "../auth/permissions.ts";
import { forbidden, notFound } from "../errors.ts";
import { userInStations } from "../stations/queries.ts";
import { unknownMenuEntries } from "./errors.ts";

export async function updateOwnProfile(
  db: Db,
  viewer: Viewer,
  targetId: number,
  input: ProfileInput,
): Promise<void> {
  if (targetId !== viewer.id) throw forbidden();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.last_name !== undefined) set.lastName = input.last_name;
  if (input.mobile_number !== undefined) set.mobileNumber = input.mobile_number;
  if (input.date_of_birth !== undefined) set.dateOfBirth = input.date_of_birth;
  if (input.personal_email !== undefined) set.personalEmail = input.personal_email;
  if (input.whatsapp_mobile_number !== undefined) set.whatsappMobileNumber = input.whatsapp_mobile_number;
  if (input.driver_license !== undefined) set.driverLicense = input.driver_license;
  if (input.driver_license_expiry !== undefined) set.driverLicenseExpiry = input.driver_license_expiry;
  await db.update(users).set(set).where(eq(users.id, viewer.id));
}

/** Stores which menu entries the user switched off; only keys of entries their role may open. */
export async function saveNavSettings(db: Db, viewer: Viewer, hidden: string[]): Promise<string[]> {
  const allowed = new Set(menuKeys(viewer.role));
  const unknown = hidden.filter((k) => !allowed.has(k));
  if (unknown.length) throw unknownMenuEntries(unknown);
  const clean = [...new Set(hidden)].sort();
  await db.insert(navSettings).values({ userId: viewer.id, hidden: clean })
    .onConflictDoUpdate({ target: navSettings.userId, set: { hidden: clean, updatedAt: sql`now()` } });
  return clean;
}

/** Granting old-shift access (02 section 6): only to a user who shares one of the granter's stations. */
export async function grantOldShiftAccess(db: Db, viewer: Viewer, targetId: number): Promise<string> {
  const [target] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, targetId), userInStations(viewer.stationIds)));
  if (!target) throw notFound("User not found.");
  await db.update(users).set({ canCreateOldShifts: true, updatedAt: new Date() }).where(
    eq(users.id, target.id),
  );
  return `${target.firstName} ${target.lastName} can now create and edit old shifts.`;
}
