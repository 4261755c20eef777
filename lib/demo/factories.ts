// Factories for tests and scripts: each call inserts one row with unique values and returns it.
// Uniqueness comes from a module counter plus a random suffix, so parallel test files sharing one
// PostgreSQL database never collide.
import type { Queryable } from "../db/client.ts";
import {
  agencies,
  fleetGroups,
  scanners,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
  vanGroups,
  vans,
} from "../db/schema.ts";
import { hashPassword } from "../auth/password.ts";
import { ensureBuiltInFleetSizes } from "../vans/built-in.ts";

type Station = typeof stations.$inferSelect;
type Agency = typeof agencies.$inferSelect;
type FleetGroup = typeof fleetGroups.$inferSelect;
type VanGroup = typeof vanGroups.$inferSelect;
type User = typeof users.$inferSelect;
type Spot = typeof stationSpots.$inferSelect;
type Van = typeof vans.$inferSelect;
type Scanner = typeof scanners.$inferSelect;

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
let counter = 0;

function randomChars(n: number, alphabet = ALNUM): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  let s = "";
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s;
}

/** A fresh unique token, e.g. "12K7QX". */
export function uniq(): string {
  counter += 1;
  return `${counter}${randomChars(5)}`;
}

/** 'A' followed by 13 upper-case letters and digits, as Amazon's transporter ids. */
export function randomTransporterId(): string {
  return "A" + randomChars(13);
}

export async function makeStation(
  db: Queryable,
  over: Partial<typeof stations.$inferInsert> = {},
): Promise<Station> {
  const u = uniq();
  const [row] = await db.insert(stations).values({ title: `Station ${u}`, tag: `T${u}`, ...over })
    .returning();
  return row;
}

export async function makeAgency(
  db: Queryable,
  over: Partial<typeof agencies.$inferInsert> = {},
): Promise<Agency> {
  const [row] = await db.insert(agencies).values({ name: `Agency ${uniq()}`, ...over }).returning();
  return row;
}

export async function makeFleetGroup(
  db: Queryable,
  over: Partial<typeof fleetGroups.$inferInsert> = {},
): Promise<FleetGroup> {
  const [row] = await db.insert(fleetGroups).values({ name: `Fleet group ${uniq()}`, ...over }).returning();
  return row;
}

export async function makeVanGroup(
  db: Queryable,
  over: Partial<typeof vanGroups.$inferInsert> = {},
): Promise<VanGroup> {
  const [row] = await db.insert(vanGroups).values({ name: `Van group ${uniq()}`, ...over }).returning();
  return row;
}

export type UserOverrides = Partial<typeof users.$inferInsert> & {
  /** Plain password; hashed with hashPassword (slow: only pass one when the test signs in). */
  password?: string;
};

/** A staff account (role 1 unless overridden). */
export async function makeUser(db: Queryable, over: UserOverrides = {}): Promise<User> {
  const { password, ...rest } = over;
  const u = uniq().toLowerCase();
  const passwordHash = password === undefined ? (rest.passwordHash ?? null) : await hashPassword(password);
  const [row] = await db.insert(users).values({
    email: `user.${u}@example.com`,
    firstName: "Test",
    lastName: `User ${u}`,
    role: 1,
    isStaff: true,
    ...rest,
    passwordHash,
  }).returning();
  return row;
}

/** A delivery associate: role 5, a transporter id, badge and licence, no password. */
export async function makeDriver(
  db: Queryable,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  const u = uniq().toLowerCase();
  const expiry = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db.insert(users).values({
    email: `driver.${u}@drivers.example.com`,
    firstName: "Test",
    lastName: `Driver ${u}`,
    role: 5,
    status: 1,
    transporterId: randomTransporterId(),
    badge: randomChars(6, "0123456789"),
    driverLicense: "D" + randomChars(8, "0123456789"),
    driverLicenseExpiry: expiry,
    ratePerHourCents: 2000,
    trainingDelivered: true,
    ...over,
  }).returning();
  return row;
}

/** A user's membership of a station, with its agency and fleet groups. */
export async function makeSpot(
  db: Queryable,
  userId: number,
  stationId: number,
  opts: { agencyId?: number | null; fleetGroupIds?: number[] } = {},
): Promise<Spot> {
  const [row] = await db.insert(stationSpots).values({ userId, stationId, agencyId: opts.agencyId ?? null })
    .returning();
  if (opts.fleetGroupIds?.length) {
    await db.insert(stationSpotFleetGroups).values(
      opts.fleetGroupIds.map((fleetGroupId) => ({ spotId: row.id, fleetGroupId })),
    );
  }
  return row;
}

const referenced = new WeakSet<object>();

/** A van (Cargo Van, available, owned) with a unique number, plate and VIN. */
export async function makeVan(db: Queryable, over: Partial<typeof vans.$inferInsert> = {}): Promise<Van> {
  if (!referenced.has(db)) {
    await ensureBuiltInFleetSizes(db);
    referenced.add(db);
  }
  const u = uniq();
  const [row] = await db.insert(vans).values({
    number: `V${u}`,
    plateNumber: randomChars(7),
    vin: randomChars(17, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"),
    fleetSizeId: 1,
    status: 1,
    ownership: 2,
    monthlyRateCents: 125_000,
    company: "Ford",
    model: "Transit 250",
    ...over,
  }).returning();
  return row;
}

/** A rabbit scanner (or dolly, by override); makes a station when none is given. */
export async function makeScanner(
  db: Queryable,
  over: Partial<typeof scanners.$inferInsert> = {},
): Promise<Scanner> {
  const stationId = over.stationId ?? (await makeStation(db)).id;
  const [row] = await db.insert(scanners).values({
    kind: "rabbit",
    serialNumber: `S-${uniq()}`,
    status: 1,
    ...over,
    stationId,
  }).returning();
  return row;
}
