// The demo organisation loaded on first start of an empty embedded database (decisions.md, "Sign-in and
// sessions"). Everything is drawn from a pseudo-random generator with a fixed seed, so the demo looks the
// same on every machine; dates are placed relative to the day it is loaded so that it never looks stale.
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import {
  agencies,
  fleetGroups,
  orgSettings,
  scanners,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
  vanGroups,
  vans,
} from "../db/schema.ts";
import { hashPassword } from "../auth/password.ts";
import { ensureReferenceData } from "./reference.ts";
import { seedShiftHistory } from "./shift-history.ts";
import { seedImports } from "./imports.ts";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ORG_NAME = "Demo Delivery Co.";
export const DEMO_LABEL = "Demo organisation — sample data";

export const DEMO_STATIONS = [
  { id: 1, title: "Demo Station DON9", tag: "DON9" },
  { id: 2, title: "Demo Station HYZ1", tag: "HYZ1" },
  { id: 3, title: "Demo Station DTO3", tag: "DTO3" },
] as const;

/** One sign-in per back-office role; the README lists the same. */
export const DEMO_ACCOUNTS = [
  {
    email: "dispatcher@example.com",
    role: 1,
    password: DEMO_PASSWORD,
    firstName: "Dana",
    lastName: "Dispatcher",
    stationIds: [1, 2],
  },
  {
    email: "supervisor@example.com",
    role: 2,
    password: DEMO_PASSWORD,
    firstName: "Sam",
    lastName: "Supervisor",
    stationIds: [1, 2],
  },
  {
    email: "manager@example.com",
    role: 3,
    password: DEMO_PASSWORD,
    firstName: "Morgan",
    lastName: "Manager",
    stationIds: [1, 2, 3],
  },
  {
    email: "owner@example.com",
    role: 4,
    password: DEMO_PASSWORD,
    firstName: "Olivia",
    lastName: "Owner",
    stationIds: [1, 2, 3],
  },
] as const;

export const DEMO_DRIVER_COUNT = 120;
export const DEMO_VAN_COUNT = 80;
export const DEMO_SCANNERS_PER_KIND = 20;

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chars(n: number, alphabet: string): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }
}

const SEED = 0x05eed_d59;

// ---------------------------------------------------------------------------------------------------------
// Source material

// deno-fmt-ignore
const FIRST_NAMES = [
  "James", "Maria", "Michael", "Jennifer", "David", "Aaliyah", "Carlos", "Emily", "Daniel", "Jasmine",
  "Jose", "Ashley", "Kevin", "Brianna", "Luis", "Megan", "Anthony", "Destiny", "Marcus", "Samantha", "Juan",
  "Nicole", "Tyrone", "Vanessa", "Christopher", "Gabriela", "Brandon", "Alexis", "Omar", "Tiffany", "Andre",
  "Priya", "Darnell", "Mei", "Hector", "Keisha", "Ryan", "Fatima", "Eric", "Lauren", "Malik", "Rosa",
  "Justin", "Amber", "Jamal", "Yesenia", "Tyler", "Chloe", "Diego", "Hannah", "Terrence", "Leticia",
  "Jordan", "Kayla", "Miguel", "Monique", "Patrick", "Erin", "Rashad", "Lucia", "Dmitri", "Sofia", "Kwame",
  "Danielle", "Alejandro", "Brittany", "Trevor", "Imani", "Victor", "Crystal", "Hassan", "Natalie",
  "Derrick", "Paola", "Sean", "Ebony", "Raul", "Courtney", "Nathan", "Guadalupe", "Isaiah", "Tamika",
  "Ahmed", "Rachel", "Khalil", "Ana", "Cody", "Latoya", "Minh", "Shauna",
] as const;

// deno-fmt-ignore
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green",
  "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Patel",
  "Okafor", "Kim", "Chen", "Singh", "Washington", "Ortiz", "Reyes", "Morales", "Murphy", "Cook", "Rogers",
  "Gutierrez", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Cruz", "Diaz", "Brooks", "Price", "Bennett",
  "Wood", "Barnes", "Ross", "Henderson", "Coleman", "Jenkins", "Perry", "Powell", "Mendoza", "Castillo",
  "Haddad", "Kowalski", "O'Brien", "Abdi", "Tran", "Alvarez", "Jimenez", "Vasquez", "Romero", "Mensah",
  "Petrov", "Yilmaz", "Santos", "Osei", "Hughes", "Foster", "Bryant",
] as const;

/** Fictional numbers only: 555-0100 to 555-0199 in a few area codes. */
const AREA_CODES = ["206", "253", "425", "360"] as const;

type VanModel = { company: string; model: string; wmi: string; rateCents: number; years: number[] };

/** By fleet size id (see reference.ts). Rates are what the DSP pays per month. */
const VAN_MODELS: Record<number, VanModel[]> = {
  1: [
    { company: "Ford", model: "Transit 250", wmi: "1FT", rateCents: 119_500, years: [2021, 2022, 2023] },
    { company: "Ram", model: "ProMaster 2500", wmi: "3C6", rateCents: 115_000, years: [2021, 2022, 2023] },
    {
      company: "Mercedes-Benz",
      model: "Sprinter 2500",
      wmi: "W1Y",
      rateCents: 139_500,
      years: [2022, 2023],
    },
  ],
  2: [
    { company: "Ford", model: "Transit 350 HD", wmi: "1FT", rateCents: 129_500, years: [2022, 2023] },
    { company: "Ram", model: "ProMaster 3500", wmi: "3C6", rateCents: 126_500, years: [2022, 2023] },
  ],
  3: [
    { company: "Ford", model: "E-450 Cutaway", wmi: "1FD", rateCents: 185_000, years: [2021, 2022] },
    { company: "Isuzu", model: "NPR-HD", wmi: "54D", rateCents: 192_500, years: [2022, 2023] },
  ],
  4: [
    { company: "Rivian", model: "EDV 700", wmi: "7FC", rateCents: 145_000, years: [2023, 2024] },
    { company: "Rivian", model: "EDV 500", wmi: "7FC", rateCents: 139_000, years: [2023, 2024] },
  ],
  5: [
    { company: "Ford", model: "Transit 250", wmi: "1FT", rateCents: 0, years: [2023, 2024] },
    { company: "Ram", model: "ProMaster 2500", wmi: "3C6", rateCents: 0, years: [2023, 2024] },
  ],
  6: [
    { company: "Ford", model: "Transit 150", wmi: "1FT", rateCents: 109_500, years: [2022, 2023] },
    { company: "Ram", model: "ProMaster 1500", wmi: "3C6", rateCents: 105_000, years: [2022, 2023] },
  ],
};

/** Fleet composition by station: [fleet size id, count]. 80 vans in all. */
const FLEET_PLAN: Record<number, [number, number][]> = {
  1: [[1, 14], [6, 4], [2, 3], [4, 6], [5, 5]],
  2: [[1, 11], [6, 3], [2, 3], [3, 3], [4, 4], [5, 2]],
  3: [[1, 10], [6, 3], [2, 2], [3, 4], [5, 3]],
};

/** DAs per station: 120 in all. */
const DRIVER_PLAN: Record<number, number> = { 1: 48, 2: 40, 3: 32 };

// ---------------------------------------------------------------------------------------------------------
// Helpers

const DAY = 86_400_000;
const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const DIGITS = "0123456789";
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"; // no I, O, Q
const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function slug(name: string): string {
  return name.normalize("NFD").toLowerCase().replace(/[^a-z]/g, "");
}

const VIN_YEAR: Record<number, string> = { 2021: "M", 2022: "N", 2023: "P", 2024: "R", 2025: "S" };

/** A 17-character VIN with a correct check digit (position 9). */
function makeVin(rng: Rng, wmi: string, year: number, serial: number): string {
  const body = wmi + rng.chars(5, VIN_CHARS) + "0" + VIN_YEAR[year] +
    rng.chars(1, "ABCDEFGHJKLMNPRSTUVWXYZ") +
    String(serial).padStart(6, "0");
  const value = (c: string): number => {
    if (c >= "0" && c <= "9") return Number(c);
    return "ABCDEFGH".includes(c)
      ? "ABCDEFGH".indexOf(c) + 1
      : "JKLMN".includes(c)
      ? "JKLMN".indexOf(c) + 1
      : c === "P"
      ? 7
      : c === "R"
      ? 9
      : "STUVWXYZ".indexOf(c) + 2;
  };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += value(body[i]) * weights[i];
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

export interface SeedResult {
  users: number;
  vans: number;
}

/**
 * Loads the demo organisation into an empty database, all in one transaction. Running it again on a database
 * that already holds the demo does nothing (and returns zeros); running it on any other non-empty database
 * is refused. The demo's imported Amazon weeks (imports.ts) come last in the same transaction; `imports:
 * false` leaves them out, so the seed's test can time the two parts apart.
 */
export async function seedDemo(db: Db, opts: { imports?: boolean } = {}): Promise<SeedResult> {
  // Hashing is deliberately slow: once, and before the transaction opens.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return await db.transaction(async (tx) => {
    const marker = await tx.select({ key: orgSettings.key }).from(orgSettings).where(
      eq(orgSettings.key, "demo"),
    );
    if (marker.length) return { users: 0, vans: 0 };
    if ((await tx.$count(users)) > 0 || (await tx.$count(stations)) > 0) {
      throw new Error("The demo organisation can only be loaded into an empty database.");
    }
    const result = await load(tx, passwordHash);
    if (opts.imports ?? true) await seedImports(tx);
    return result;
  });
}

async function load(tx: Tx, passwordHash: string): Promise<SeedResult> {
  const rng = new Rng(SEED);
  const now = new Date();
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);
  const daysAhead = (n: number) => new Date(now.getTime() + n * DAY);

  await ensureReferenceData(tx);

  // Stations, with explicit ids; the sequence then continues after them.
  await tx.insert(stations).values(DEMO_STATIONS.map((s) => ({ ...s })));
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('stations', 'id'), (select max(id) from stations))`,
  );

  const [direct, staffing] = await tx.insert(agencies).values([
    { name: "Direct Hire", description: "Employed directly by Demo Delivery Co." },
    { name: "Summit Staffing", description: "Staffing agency; DAs billed weekly at the agency rate" },
  ]).returning();

  const [fgCargo, fgStep, fgEdv] = await tx.insert(fleetGroups).values([
    { name: "Standard Cargo", description: "Cargo, medium and large vans" },
    { name: "Step Van Certified", description: "Cleared to drive cube and step vans" },
    { name: "EDV Certified", description: "Completed Rivian EDV training" },
  ]).returning();

  // Phone numbers: unique across everyone, fictional 555-01xx lines.
  let phoneSeq = 0;
  const nextPhone = () => {
    const area = AREA_CODES[phoneSeq % AREA_CODES.length];
    const line = 100 + Math.floor(phoneSeq / AREA_CODES.length);
    phoneSeq += 1;
    return `+1${area}555${String(line).padStart(4, "0")}`;
  };

  // Staff.
  const staff = await tx.insert(users).values(DEMO_ACCOUNTS.map((a, i) => {
    const mobile = nextPhone();
    return {
      email: a.email,
      passwordHash,
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
      status: 1,
      isStaff: true,
      isSuperuser: a.role === 4,
      mobileNumber: mobile,
      whatsappMobileNumber: mobile,
      dateJoined: daysAgo(540 + i * 120),
      agencyId: direct.id,
    };
  })).returning({ id: users.id, email: users.email });
  const staffId = (email: string) => staff.find((r) => r.email === email)!.id;
  const dispatcherId = staffId("dispatcher@example.com");
  const supervisorId = staffId("supervisor@example.com");
  const managerId = staffId("manager@example.com");
  const ownerId = staffId("owner@example.com");

  const [vgAlpha, vgBravo, vgCharlie] = await tx.insert(vanGroups).values([
    { name: "Team Alpha", description: "Cargo vans, early waves", supervisorId },
    { name: "Team Bravo", description: "Cargo vans, late waves", supervisorId },
    { name: "Team Charlie", description: "Step vans and EDVs", supervisorId: managerId },
  ]).returning();

  // Delivery associates.
  const stationHas = (stationId: number, size: number) => FLEET_PLAN[stationId].some(([s]) => s === size);
  const statuses: number[] = [
    ...Array(5).fill(2),
    ...Array(2).fill(3),
    ...Array(7).fill(5),
    ...Array(6).fill(6),
  ];
  while (statuses.length < DEMO_DRIVER_COUNT) statuses.push(1);
  rng.shuffle(statuses);

  const usedNames = new Set<string>(DEMO_ACCOUNTS.map((a) => `${a.firstName} ${a.lastName}`));
  const usedTids = new Set<string>();
  let badge = 40_112;

  type DriverPlan = {
    row: typeof users.$inferInsert;
    stationId: number;
    agencyId: number;
    fleetGroupIds: number[];
  };
  const drivers: DriverPlan[] = [];
  let n = 0;
  for (const stationId of [1, 2, 3]) {
    for (let k = 0; k < DRIVER_PLAN[stationId]; k++) {
      const status = statuses[n];
      n += 1;
      let first: string, last: string;
      do {
        first = rng.pick(FIRST_NAMES);
        last = rng.pick(LAST_NAMES);
      } while (usedNames.has(`${first} ${last}`));
      usedNames.add(`${first} ${last}`);

      let tid: string;
      do tid = "A" + rng.chars(rng.chance(0.7) ? 13 : 12, UPPER_ALNUM); while (usedTids.has(tid));
      usedTids.add(tid);
      badge += rng.int(1, 37);

      // Tenure and the last status change, consistent with the status.
      let joined: number, changed: number | null = null, changedBy: number | null = null;
      switch (status) {
        case 2:
          joined = rng.int(400, 900);
          changed = rng.int(20, 120);
          changedBy = managerId;
          break;
        case 3:
          joined = rng.int(150, 700);
          changed = rng.int(30, joined - 60);
          changedBy = ownerId;
          break;
        case 5:
          joined = rng.int(200, 900);
          changed = rng.int(10, joined - 90);
          changedBy = managerId;
          break;
        case 6:
          joined = rng.int(60, 700);
          changed = rng.int(5, 45);
          changedBy = stationId === 3 ? managerId : dispatcherId;
          break;
        default:
          // A few brand-new hires who have not had their training yet.
          joined = rng.chance(0.06) ? rng.int(1, 9) : rng.int(14, 1000);
      }

      const mobile = nextPhone();
      const fleetGroupIds = [fgCargo.id];
      if (stationHas(stationId, 3) && rng.chance(0.35)) fleetGroupIds.push(fgStep.id);
      if (stationHas(stationId, 4) && rng.chance(0.45)) fleetGroupIds.push(fgEdv.id);
      const agencyId = rng.chance(0.75) ? direct.id : staffing.id;
      const vanGroupId = fleetGroupIds.length > 1 && rng.chance(0.5)
        ? vgCharlie.id
        : rng.chance(0.6)
        ? vgAlpha.id
        : vgBravo.id;

      drivers.push({
        stationId,
        agencyId,
        fleetGroupIds,
        row: {
          email: `${slug(first)}.${slug(last)}.${n}@drivers.example.com`,
          firstName: first,
          lastName: last,
          role: 5,
          status,
          isActive: status !== 3 && status !== 5,
          badge: String(badge),
          transporterId: tid,
          dateJoined: daysAgo(joined),
          dateOfBirth: isoDate(daysAgo(rng.int(21 * 365, 58 * 365))),
          trainingDelivered: joined >= 10,
          mobileNumber: mobile,
          whatsappMobileNumber: rng.chance(0.6) ? mobile : null,
          driverLicense: rng.chars(1, PLATE_LETTERS) + rng.chars(8, DIGITS),
          driverLicenseExpiry: isoDate(daysAhead(rng.int(60, 1800))),
          vanGroupId,
          agencyId,
          ratePerHourCents: 1800 + 50 * rng.int(0, 12),
          lastStatusChange: changed === null ? null : daysAgo(changed),
          lastStatusChangedById: changedBy,
        },
      });
    }
  }

  // A few DAs whose licence is not on file yet (the placeholder 'license' means none), and a few expiries
  // that a dispatcher should notice: three active DAs renewing soon, two leavers whose licence lapsed.
  const active = drivers.filter((d) => d.row.status === 1);
  const recent = [...active].sort((a, b) => +b.row.dateJoined! - +a.row.dateJoined!);
  for (const d of recent.slice(0, 3)) {
    d.row.driverLicense = "license";
    d.row.driverLicenseExpiry = null;
  }
  for (const d of drivers.filter((d) => d.row.status === 6).slice(0, 2)) {
    d.row.driverLicense = "license";
    d.row.driverLicenseExpiry = null;
  }
  for (const d of active.filter((d) => d.row.driverLicense !== "license").slice(10, 13)) {
    d.row.driverLicenseExpiry = isoDate(daysAhead(rng.int(5, 25)));
  }
  for (const d of drivers.filter((d) => d.row.status === 5).slice(0, 2)) {
    d.row.driverLicenseExpiry = isoDate(daysAgo(rng.int(10, 90)));
  }

  const driverRows = await tx.insert(users).values(drivers.map((d) => d.row)).returning({
    id: users.id,
    email: users.email,
  });
  const idByEmail = new Map(driverRows.map((r) => [r.email, r.id]));

  // Station spots: staff first, then every DA at their station.
  const spotPlans: { userId: number; stationId: number; agencyId: number; fleetGroupIds: number[] }[] = [];
  for (const a of DEMO_ACCOUNTS) {
    for (const stationId of a.stationIds) {
      spotPlans.push({ userId: staffId(a.email), stationId, agencyId: direct.id, fleetGroupIds: [] });
    }
  }
  for (const d of drivers) {
    spotPlans.push({
      userId: idByEmail.get(d.row.email)!,
      stationId: d.stationId,
      agencyId: d.agencyId,
      fleetGroupIds: d.fleetGroupIds,
    });
  }
  const spots = await tx.insert(stationSpots).values(
    spotPlans.map(({ userId, stationId, agencyId }) => ({ userId, stationId, agencyId })),
  ).returning({ id: stationSpots.id, userId: stationSpots.userId, stationId: stationSpots.stationId });
  const spotId = new Map(spots.map((s) => [`${s.userId}:${s.stationId}`, s.id]));
  const links = spotPlans.flatMap((p) =>
    p.fleetGroupIds.map((fleetGroupId) => ({
      spotId: spotId.get(`${p.userId}:${p.stationId}`)!,
      fleetGroupId,
    }))
  );
  await tx.insert(stationSpotFleetGroups).values(links);

  // Vans.
  const usedPlates = new Set<string>();
  const nextPlate = () => {
    let p: string;
    do p = rng.chars(3, PLATE_LETTERS) + rng.chars(4, DIGITS); while (usedPlates.has(p) || /^(.)\1/.test(p));
    usedPlates.add(p);
    return p;
  };
  const vanRows: (typeof vans.$inferInsert)[] = [];
  let vinSerial = 100_000;
  for (const station of DEMO_STATIONS) {
    const sizes = rng.shuffle(FLEET_PLAN[station.id].flatMap(([size, count]) => Array(count).fill(size)));
    sizes.forEach((size: number, i: number) => {
      const m = rng.pick(VAN_MODELS[size]);
      const year = rng.pick(m.years);
      const rental = size === 5 || (size === 3 && station.id === 3);
      vinSerial += rng.int(11, 4000);
      vanRows.push({
        number: `${station.id}${String(i + 1).padStart(2, "0")}`,
        plateNumber: nextPlate(),
        vin: makeVin(rng, m.wmi, year, vinSerial),
        fleetSizeId: size,
        vanGroupId: size === 3 || size === 4 ? vgCharlie.id : rng.chance(0.6) ? vgAlpha.id : vgBravo.id,
        stationId: station.id,
        status: 1,
        pickUpDate: isoDate(
          daysAgo(rental ? rng.int(10, 75) : size === 4 ? rng.int(60, 600) : rng.int(120, 1000)),
        ),
        ownership: rental ? 1 : 2,
        monthlyRateCents: rental ? 215_000 + 2_500 * rng.int(0, 20) : m.rateCents,
        company: m.company,
        model: m.model,
      });
    });
  }
  // Out of service (with reasons) and off-boarded vans.
  const oosReasons = [0, 0, 0, 1, 2, 2, 3];
  const candidates = rng.shuffle(vanRows.filter((v) => v.ownership === 2));
  oosReasons.forEach((reason, i) => {
    const v = candidates[i];
    v.status = 2;
    v.statusChangeReason = reason;
    v.lastStatusChange = daysAgo(rng.int(1, 12));
    v.lastStatusChangedById = rng.pick([dispatcherId, supervisorId]);
  });
  for (const station of DEMO_STATIONS) {
    // One returned rental per station: picked up months ago, handed back a few weeks ago.
    const v = vanRows.find((v) => v.stationId === station.id && v.fleetSizeId === 5)!;
    v.status = 3;
    v.pickUpDate = isoDate(daysAgo(rng.int(120, 240)));
    v.lastStatusChange = daysAgo(rng.int(14, 60));
    v.lastStatusChangedById = managerId;
  }
  await tx.insert(vans).values(vanRows);

  // Rabbit and dolly scanners.
  await tx.insert(scanners).values(
    DEMO_STATIONS.flatMap((s) =>
      (["rabbit", "dolly"] as const).flatMap((kind) =>
        Array.from({ length: DEMO_SCANNERS_PER_KIND }, (_, i) => ({
          kind,
          serialNumber: `${kind === "rabbit" ? "R" : "D"}-${s.tag}-${String(i + 1).padStart(3, "0")}`,
          stationId: s.id,
          status: 1,
        }))
      )
    ),
  );

  await tx.insert(orgSettings).values([
    { key: "demo", value: { loadedAt: now.toISOString(), label: DEMO_LABEL } },
    { key: "org_name", value: DEMO_ORG_NAME },
  ]);

  await seedShiftHistory(tx);
  return { users: staff.length + driverRows.length, vans: vanRows.length };
}
