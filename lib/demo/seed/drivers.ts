// The demo's 120 delivery associates: names, transporter ids, tenure consistent with their status, groups,
// licences. Every draw comes from the shared random source in a fixed order: reorder nothing here.
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_DRIVER_COUNT, DRIVER_PLAN, FLEET_PLAN } from "./accounts.ts";
import { type SeedContext, utcDay } from "./context.ts";
import { FIRST_NAMES, LAST_NAMES } from "./names.ts";
import { type DemoRng, DIGITS, PLATE_LETTERS, UPPER_ALNUM } from "./random.ts";
import type { DemoAgencies, DemoFleetGroups, DemoVanGroups } from "./organisation.ts";
import type { DemoStaff } from "./staff.ts";

export interface DemoDriver {
  row: typeof users.$inferInsert;
  stationId: number;
  agencyId: number;
  fleetGroupIds: number[];
}

export interface DriverRefs {
  agencies: DemoAgencies;
  fleetGroups: DemoFleetGroups;
  vanGroups: DemoVanGroups;
  staff: DemoStaff;
}

const stationHas = (stationId: number, size: number) => FLEET_PLAN[stationId].some(([s]) => s === size);

/** Mostly active; a few on leave (2), terminated (3), resigned (5) and onboarding (6). */
function shuffledStatuses(rng: DemoRng): number[] {
  const statuses: number[] = [
    ...Array(5).fill(2),
    ...Array(2).fill(3),
    ...Array(7).fill(5),
    ...Array(6).fill(6),
  ];
  while (statuses.length < DEMO_DRIVER_COUNT) statuses.push(1);
  return rng.shuffle(statuses);
}

function slug(name: string): string {
  return name.normalize("NFD").toLowerCase().replace(/[^a-z]/g, "");
}

interface Tenure {
  joined: number;
  changed: number | null;
  changedBy: number | null;
}

/** Days since joining and since the last status change, consistent with the status. */
function tenureFor(rng: DemoRng, status: number, stationId: number, staff: DemoStaff): Tenure {
  switch (status) {
    case 2:
      return { joined: rng.int(400, 900), changed: rng.int(20, 120), changedBy: staff.managerId };
    case 3: {
      const joined = rng.int(150, 700);
      return { joined, changed: rng.int(30, joined - 60), changedBy: staff.ownerId };
    }
    case 5: {
      const joined = rng.int(200, 900);
      return { joined, changed: rng.int(10, joined - 90), changedBy: staff.managerId };
    }
    case 6: {
      const joined = rng.int(60, 700);
      const changedBy = stationId === 3 ? staff.managerId : staff.dispatcherId;
      return { joined, changed: rng.int(5, 45), changedBy };
    }
    default:
      // A few brand-new hires who have not had their training yet.
      return { joined: rng.chance(0.06) ? rng.int(1, 9) : rng.int(14, 1000), changed: null, changedBy: null };
  }
}

/** The DA's fleet groups, agency and van group (cube and EDV certificates only where the station has them). */
function groupsFor(rng: DemoRng, stationId: number, refs: DriverRefs) {
  const fleetGroupIds = [refs.fleetGroups.cargoId];
  if (stationHas(stationId, 3) && rng.chance(0.35)) fleetGroupIds.push(refs.fleetGroups.stepId);
  if (stationHas(stationId, 4) && rng.chance(0.45)) fleetGroupIds.push(refs.fleetGroups.edvId);
  const agencyId = rng.chance(0.75) ? refs.agencies.directId : refs.agencies.staffingId;
  const { alphaId, bravoId, charlieId } = refs.vanGroups;
  const vanGroupId = fleetGroupIds.length > 1 && rng.chance(0.5)
    ? charlieId
    : rng.chance(0.6)
    ? alphaId
    : bravoId;
  return { fleetGroupIds, agencyId, vanGroupId };
}

/** Draws one DA after the `n`-th: a name and transporter id nobody has yet, a badge after the last one. */
function drawDriver(
  ctx: SeedContext,
  refs: DriverRefs,
  seen: { names: Set<string>; tids: Set<string>; badge: number },
  stationId: number,
  status: number,
  n: number,
): DemoDriver {
  const { rng } = ctx;
  let first: string, last: string;
  do {
    first = rng.pick(FIRST_NAMES);
    last = rng.pick(LAST_NAMES);
  } while (seen.names.has(`${first} ${last}`));
  seen.names.add(`${first} ${last}`);
  let tid: string;
  do tid = "A" + rng.chars(rng.chance(0.7) ? 13 : 12, UPPER_ALNUM); while (seen.tids.has(tid));
  seen.tids.add(tid);
  seen.badge += rng.int(1, 37);
  const { joined, changed, changedBy } = tenureFor(rng, status, stationId, refs.staff);
  const mobile = ctx.nextPhone();
  const { fleetGroupIds, agencyId, vanGroupId } = groupsFor(rng, stationId, refs);
  return {
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
      badge: String(seen.badge),
      transporterId: tid,
      dateJoined: ctx.daysAgo(joined),
      dateOfBirth: utcDay(ctx.daysAgo(rng.int(21 * 365, 58 * 365))),
      trainingDelivered: joined >= 10,
      mobileNumber: mobile,
      whatsappMobileNumber: rng.chance(0.6) ? mobile : null,
      driverLicense: rng.chars(1, PLATE_LETTERS) + rng.chars(8, DIGITS),
      driverLicenseExpiry: utcDay(ctx.daysAhead(rng.int(60, 1800))),
      vanGroupId,
      agencyId,
      ratePerHourCents: 1800 + 50 * rng.int(0, 12),
      lastStatusChange: changed === null ? null : ctx.daysAgo(changed),
      lastStatusChangedById: changedBy,
    },
  };
}

export function planDemoDrivers(ctx: SeedContext, refs: DriverRefs): DemoDriver[] {
  const statuses = shuffledStatuses(ctx.rng);
  const seen = {
    names: new Set<string>(DEMO_ACCOUNTS.map((a) => `${a.firstName} ${a.lastName}`)),
    tids: new Set<string>(),
    badge: 40_112,
  };
  const drivers: DemoDriver[] = [];
  for (const stationId of [1, 2, 3]) {
    for (let k = 0; k < DRIVER_PLAN[stationId]; k++) {
      const n = drivers.length + 1;
      drivers.push(drawDriver(ctx, refs, seen, stationId, statuses[n - 1], n));
    }
  }
  markLicences(ctx, drivers);
  return drivers;
}

/**
 * A few DAs whose licence is not on file yet (the placeholder 'license' means none), and a few expiries that
 * a dispatcher should notice: three active DAs renewing soon, two leavers whose licence lapsed.
 */
function markLicences(ctx: SeedContext, drivers: DemoDriver[]): void {
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
    d.row.driverLicenseExpiry = utcDay(ctx.daysAhead(ctx.rng.int(5, 25)));
  }
  for (const d of drivers.filter((d) => d.row.status === 5).slice(0, 2)) {
    d.row.driverLicenseExpiry = utcDay(ctx.daysAgo(ctx.rng.int(10, 90)));
  }
}

/** Inserts the planned DAs; answers their ids by e-mail. */
export async function insertDemoDrivers(
  ctx: SeedContext,
  drivers: DemoDriver[],
): Promise<Map<string, number>> {
  const rows = await ctx.tx.insert(users).values(drivers.map((d) => d.row)).returning({
    id: users.id,
    email: users.email,
  });
  return new Map(rows.map((r) => [r.email, r.id]));
}
