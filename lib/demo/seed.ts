// The demo organisation loaded on first start of an empty embedded database (decisions.md, "Sign-in and
// sessions"). Everything is drawn from a pseudo-random generator with a fixed seed, so the demo looks the
// same on every machine; dates are placed relative to the day it is loaded so that it never looks stale.
// Each kind of data is one step in lib/demo/seed/; the steps share one random source, so their order below
// is part of the data.
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { orgSettings, stations, users } from "../db/schema.ts";
import { hashPassword } from "../auth/password.ts";
import { ensureBuiltInFleetSizes } from "../vans/built-in.ts";
import { seedShiftHistory } from "./shift-history.ts";
import { seedFalcon } from "./falcon.ts";
import { seedImports } from "./imports.ts";
import { seedIkea } from "./ikea.ts";
import { seedQuality } from "./quality.ts";
import { DEMO_LABEL, DEMO_ORG_NAME, DEMO_PASSWORD } from "./seed/accounts.ts";
import { seedContext } from "./seed/context.ts";
import {
  insertDemoAgencies,
  insertDemoFleetGroups,
  insertDemoStations,
  insertDemoVanGroups,
} from "./seed/organisation.ts";
import { insertDemoStaff } from "./seed/staff.ts";
import { insertDemoDrivers, planDemoDrivers } from "./seed/drivers.ts";
import { insertDemoSpots } from "./seed/spots.ts";
import { insertDemoScanners, insertDemoVans } from "./seed/fleet.ts";
import { seedSchedules } from "./seed/schedule.ts";
import { seedPayRates } from "./seed/pay.ts";
import { seedVanInvoices } from "./seed/invoices.ts";

export {
  DEMO_ACCOUNTS,
  DEMO_DRIVER_COUNT,
  DEMO_LABEL,
  DEMO_ORG_NAME,
  DEMO_PASSWORD,
  DEMO_SCANNERS_PER_KIND,
  DEMO_STATIONS,
  DEMO_VAN_COUNT,
} from "./seed/accounts.ts";

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
    if (opts.imports ?? true) {
      await seedImports(tx);
      await seedQuality(tx); // check weeks' typed figures and coaching actions (issue 12)
      await seedIkea(tx); // IKEA weeks, typed (issue 12 point 4)
    }
    return result;
  });
}

async function load(tx: Tx, passwordHash: string): Promise<SeedResult> {
  const ctx = seedContext(tx);
  await ensureBuiltInFleetSizes(tx);
  await insertDemoStations(tx);
  const agencies = await insertDemoAgencies(tx);
  const fleetGroups = await insertDemoFleetGroups(tx);
  const staff = await insertDemoStaff(ctx, passwordHash, agencies.directId);
  const vanGroups = await insertDemoVanGroups(tx, staff);
  const drivers = planDemoDrivers(ctx, { agencies, fleetGroups, vanGroups, staff });
  const driverIds = await insertDemoDrivers(ctx, drivers);
  await insertDemoSpots(tx, { staff, directAgencyId: agencies.directId, drivers, driverIds });
  const vans = await insertDemoVans(ctx, vanGroups, staff);
  await insertDemoScanners(tx);
  await tx.insert(orgSettings).values([
    { key: "demo", value: { loadedAt: ctx.now.toISOString(), label: DEMO_LABEL } },
    { key: "org_name", value: DEMO_ORG_NAME },
  ]);
  await seedShiftHistory(tx);
  await seedFalcon(tx); // Falcon's plans and comments around the history (issue 13 point 5)
  // Week planning and money (issue 11): the schedule reads the shift history, so it comes after it.
  await seedSchedules(tx, staff);
  await seedPayRates(tx, staff, agencies);
  await seedVanInvoices(tx, staff.ownerId);
  return { users: staff.count + driverIds.size, vans };
}
