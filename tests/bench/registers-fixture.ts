// A large organisation for the register benchmarks: `seedRegisters(db, {stations: 50, das: 5000, vans: 2000})`.
// Bulk inserts in chunks (a few seconds on PostgreSQL), unique transporter ids, e-mails, badges and van
// numbers, a status mix, spots with agencies and fleet groups (about one DA in ten works two stations),
// and two staff accounts that can sign in: an owner on every station and a dispatcher on two.
import { sql } from "drizzle-orm";
import type { Queryable } from "../../lib/db/client.ts";
import {
  agencies,
  fleetGroups,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
  vanGroups,
  vans,
} from "../../lib/db/schema.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { ensureBuiltInFleetSizes } from "../../lib/vans/built-in.ts";

export interface RegistersSize {
  stations: number;
  das: number;
  vans: number;
}

export interface RegistersFixture {
  token: string;
  password: string;
  owner: { id: number; email: string };
  dispatcher: { id: number; email: string };
  stationIds: number[];
  /** The dispatcher's two stations. */
  dispatcherStationIds: number[];
  daIds: number[];
  vanIds: number[];
}

const CHUNK = 1000;
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const FIRST = [
  "James",
  "Maria",
  "Kevin",
  "Aaliyah",
  "Omar",
  "Priya",
  "Diego",
  "Mei",
  "Hassan",
  "Sofia",
  "Tyrone",
  "Lucia",
];
const LAST = [
  "Smith",
  "Garcia",
  "Nguyen",
  "Okafor",
  "Patel",
  "Kowalski",
  "Haddad",
  "Reyes",
  "Chen",
  "Brooks",
  "Mensah",
  "Ortiz",
];
// DA statuses, weighted: mostly active, a few of each other.
const STATUS_MIX = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 5, 2, 3];

/** A small deterministic generator, so two runs seed the same shapes. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function chunked<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...await insert(rows.slice(i, i + CHUNK)));
  return out;
}

export async function seedRegisters(
  db: Queryable,
  size: RegistersSize = { stations: 50, das: 5000, vans: 2000 },
  opts: { password?: string; seed?: number } = {},
): Promise<RegistersFixture> {
  const rand = rng(opts.seed ?? 20_261_121);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const chars = (n: number) => Array.from({ length: n }, () => ALNUM[int(ALNUM.length)]).join("");
  // A token keeps these rows apart from anything already in the database (demo data, an earlier run).
  const token = crypto.randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();
  const password = opts.password ?? "bench1234";
  await ensureBuiltInFleetSizes(db);

  const stationRows = await db.insert(stations).values(Array.from({ length: size.stations }, (_, i) => ({
    title: `Bench station ${i + 1}`,
    tag: `${token}-${String(i + 1).padStart(3, "0")}`,
  }))).returning({ id: stations.id });
  const stationIds = stationRows.map((s) => s.id);
  const agencyIds = (await db.insert(agencies).values(
    ["Direct", "Summit", "Harbor"].map((n) => ({ name: `${n} ${token}` })),
  ).returning({ id: agencies.id })).map((a) => a.id);
  const groupIds = (await db.insert(fleetGroups).values(
    ["Cargo", "Step", "EDV"].map((n) => ({ name: `${n} ${token}` })),
  ).returning({ id: fleetGroups.id })).map((g) => g.id);
  const vanGroupIds = (await db.insert(vanGroups).values(
    Array.from({ length: 5 }, (_, i) => ({ name: `Team ${i + 1} ${token}`, description: "Bench van group" })),
  ).returning({ id: vanGroups.id })).map((g) => g.id);

  // Staff who sign in through the app.
  const hash = await hashPassword(password);
  const lower = token.toLowerCase();
  const [owner, dispatcher] = await db.insert(users).values([
    {
      email: `bench.owner.${lower}@example.com`,
      passwordHash: hash,
      firstName: "Bench",
      lastName: "Owner",
      role: 4,
      isStaff: true,
    },
    {
      email: `bench.dispatcher.${lower}@example.com`,
      passwordHash: hash,
      firstName: "Bench",
      lastName: "Dispatcher",
      role: 1,
      isStaff: true,
    },
  ]).returning({ id: users.id, email: users.email });
  const dispatcherStationIds = stationIds.slice(0, 2);
  await db.insert(stationSpots).values([
    ...stationIds.map((stationId) => ({ userId: owner.id, stationId, agencyId: agencyIds[0] })),
    ...dispatcherStationIds.map((stationId) => ({
      userId: dispatcher.id,
      stationId,
      agencyId: agencyIds[0],
    })),
  ]);

  // DAs: unique e-mails, transporter ids ('A' + 13, carrying a per-row number) and badges.
  const now = Date.now();
  const daRows = Array.from({ length: size.das }, (_, i) => {
    const status = pick(STATUS_MIX);
    const changed = status === 1 ? null : new Date(now - (1 + int(200)) * 86_400_000);
    return {
      email: `da.${i}.${lower}@drivers.example.com`,
      firstName: pick(FIRST),
      lastName: pick(LAST),
      role: 5,
      status,
      isActive: status === 1,
      badge: String(100_000 + i),
      transporterId: `A${token}${String(i).padStart(7, "0")}`.slice(0, 14),
      driverLicense: rand() < 0.03 ? "license" : `D${chars(8)}`,
      dateJoined: new Date(now - int(1500) * 86_400_000),
      lastStatusChange: changed,
      lastStatusChangedById: changed ? owner.id : null,
    };
  });
  const daIds = (await chunked(daRows, (c) => db.insert(users).values(c).returning({ id: users.id }))).map((
    r,
  ) => r.id);

  // Spots: each DA at one station (evenly), one in ten at a second station too.
  const spotPlan: { userId: number; stationId: number; agencyId: number }[] = [];
  daIds.forEach((userId, i) => {
    const home = stationIds[i % stationIds.length];
    spotPlan.push({ userId, stationId: home, agencyId: pick(agencyIds) });
    if (i % 10 === 3 && stationIds.length > 1) {
      spotPlan.push({
        userId,
        stationId: stationIds[(i + 7) % stationIds.length],
        agencyId: pick(agencyIds),
      });
    }
  });
  const spotIds =
    (await chunked(spotPlan, (c) => db.insert(stationSpots).values(c).returning({ id: stationSpots.id })))
      .map((r) => r.id);
  const links = spotIds.flatMap((spotId, i) =>
    (i % 3 === 0 ? [groupIds[0], groupIds[1]] : [pick(groupIds)]).map((fleetGroupId) => ({
      spotId,
      fleetGroupId,
    }))
  );
  await chunked(links, async (c) => {
    await db.insert(stationSpotFleetGroups).values(c);
    return [];
  });

  // Vans: unique numbers, plates and VINs, spread over the stations, a few out of service.
  const vanRows = Array.from({ length: size.vans }, (_, i) => {
    const status = rand() < 0.08 ? 2 : rand() < 0.03 ? 3 : 1;
    return {
      number: `${token}-V${String(i + 1).padStart(5, "0")}`,
      plateNumber: `${chars(3)}${String(i).padStart(4, "0")}`,
      vin: `${token}${String(i).padStart(11, "0")}`,
      fleetSizeId: pick([1, 2, 3, 6]),
      vanGroupId: pick(vanGroupIds),
      stationId: stationIds[i % stationIds.length],
      status,
      statusChangeReason: status === 2 ? int(4) : null,
      ownership: pick([1, 2]),
      monthlyRateCents: 100_000 + int(60_000),
      company: "Ford",
      model: "Transit 250",
      lastStatusChange: status === 1 ? null : new Date(now - (1 + int(60)) * 86_400_000),
      lastStatusChangedById: status === 1 ? null : owner.id,
    };
  });
  const vanIds = (await chunked(vanRows, (c) => db.insert(vans).values(c).returning({ id: vans.id }))).map((
    r,
  ) => r.id);

  // Planner statistics and a visibility map, as autovacuum gives a database that has been in use
  // (VACUUM cannot run inside a transaction: there, statistics only).
  await db.execute(sql`vacuum analyze`).catch(() => db.execute(sql`analyze`));
  return { token, password, owner, dispatcher, stationIds, dispatcherStationIds, daIds, vanIds };
}
