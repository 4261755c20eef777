import assert from "node:assert/strict";
import { and, asc, eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import {
  fleetSizes,
  orgSettings,
  scanners,
  stations,
  stationSpotFleetGroups,
  stationSpots,
  users,
  vans,
} from "../db/schema.ts";
import { verifyPassword } from "../auth/password.ts";
import { ensureBuiltInFleetSizes } from "../vans/built-in.ts";
import { FLEET_SIZES } from "../vans/policy.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_DRIVER_COUNT,
  DEMO_LABEL,
  DEMO_PASSWORD,
  DEMO_VAN_COUNT,
  seedDemo,
} from "./seed.ts";
import {
  makeAgency,
  makeDriver,
  makeFleetGroup,
  makeScanner,
  makeSpot,
  makeStation,
  makeUser,
  makeVan,
  makeVanGroup,
} from "./factories.ts";

Deno.test("demo organisation and factories", async (t) => {
  // One in-memory database for the whole file: creating PGlite takes seconds.
  const handle = await openDatabase({ dataDir: "memory://" });
  const db = handle.db;
  try {
    await t.step("reference data is idempotent", async () => {
      await ensureBuiltInFleetSizes(db);
      await ensureBuiltInFleetSizes(db);
      const rows = await db.select().from(fleetSizes).orderBy(asc(fleetSizes.id));
      assert.deepEqual(rows, FLEET_SIZES.map((f) => ({ ...f })));
    });

    await t.step("seedDemo loads the demo organisation", async () => {
      // The imported Amazon weeks are left out here (imports.test.ts checks them; the bench times them).
      // Its time is a bench figure (tests/bench), never an assertion here: a busy machine would fail it.
      const result = await seedDemo(db, { imports: false });
      assert.deepEqual(result, { users: DEMO_ACCOUNTS.length + DEMO_DRIVER_COUNT, vans: DEMO_VAN_COUNT });

      assert.deepEqual(await db.select().from(stations).orderBy(asc(stations.id)), [
        { id: 1, title: "Demo Station DON9", tag: "DON9" },
        { id: 2, title: "Demo Station HYZ1", tag: "HYZ1" },
        { id: 3, title: "Demo Station DTO3", tag: "DTO3" },
      ]);
      assert.equal(await db.$count(users), 124);
      assert.equal(await db.$count(users, eq(users.role, 5)), 120);
      assert.equal(await db.$count(vans), 80);
      for (const s of [1, 2, 3]) {
        assert.equal(
          await db.$count(scanners, and(eq(scanners.stationId, s), eq(scanners.kind, "rabbit"))),
          20,
        );
        assert.equal(
          await db.$count(scanners, and(eq(scanners.stationId, s), eq(scanners.kind, "dolly"))),
          20,
        );
      }
      const [r1] = await db.select().from(scanners).where(eq(scanners.serialNumber, "R-DON9-001"));
      assert.equal(r1.kind, "rabbit");

      const demo = await db.select().from(orgSettings).where(eq(orgSettings.key, "demo"));
      assert.equal((demo[0].value as { label: string }).label, DEMO_LABEL);
      const [name] = await db.select().from(orgSettings).where(eq(orgSettings.key, "org_name"));
      assert.equal(name.value, "Demo Delivery Co.");
    });

    await t.step("a second seed changes nothing", async () => {
      assert.deepEqual(await seedDemo(db), { users: 0, vans: 0 });
      assert.equal(await db.$count(users), 124);
    });

    await t.step("every DA is complete and plausible", async () => {
      const das = await db.select().from(users).where(eq(users.role, 5));
      const tids = new Set<string>();
      for (const d of das) {
        assert.match(d.transporterId ?? "", /^A[A-Z0-9]{12,13}$/);
        tids.add(d.transporterId!);
        assert.match(d.email, /^[a-z]+\.[a-z]+\.\d+@drivers\.example\.com$/);
        assert.ok(d.badge && d.mobileNumber && d.driverLicense, d.email);
        assert.equal(d.passwordHash, null);
        assert.ok(d.ratePerHourCents! >= 1800 && d.ratePerHourCents! <= 2400);
        if (d.driverLicense === "license") assert.equal(d.driverLicenseExpiry, null);
        else assert.match(d.driverLicenseExpiry ?? "", /^\d{4}-\d{2}-\d{2}$/);
      }
      assert.equal(tids.size, das.length);
      assert.equal(new Set(das.map((d) => `${d.firstName} ${d.lastName}`)).size, das.length);
      assert.ok(das.some((d) => d.driverLicense === "license"));
      const byStatus = new Map<number, number>();
      for (const d of das) byStatus.set(d.status, (byStatus.get(d.status) ?? 0) + 1);
      assert.deepEqual([...byStatus.keys()].sort(), [1, 2, 3, 5, 6]);
      assert.ok(byStatus.get(1)! > 90);

      // Each DA has exactly one spot, with an agency and at least one fleet group.
      const spots = await db.select({
        userId: stationSpots.userId,
        agencyId: stationSpots.agencyId,
        groups: sql<number>`(select count(*) from ${stationSpotFleetGroups}
          where ${stationSpotFleetGroups.spotId} = ${stationSpots.id})::int`,
      }).from(stationSpots).innerJoin(users, eq(users.id, stationSpots.userId)).where(eq(users.role, 5));
      assert.equal(spots.length, 120);
      assert.equal(new Set(spots.map((s) => s.userId)).size, 120);
      for (const s of spots) assert.ok(s.agencyId && s.groups >= 1);
    });

    await t.step("vans are plausible", async () => {
      const all = await db.select().from(vans);
      assert.equal(new Set(all.map((v) => v.vin)).size, 80);
      assert.equal(new Set(all.map((v) => v.plateNumber)).size, 80);
      for (const v of all) {
        assert.match(v.vin, /^[A-HJ-NPR-Z0-9]{17}$/);
        if (v.status === 2) assert.ok(v.statusChangeReason !== null && v.statusChangeReason! >= 0);
        else assert.equal(v.statusChangeReason, null);
        assert.ok(v.monthlyRateCents! > 0 && v.company && v.model && v.stationId);
      }
      const statuses = new Set(all.map((v) => v.status));
      assert.deepEqual([...statuses].sort(), [1, 2, 3]);
      assert.ok(all.filter((v) => v.status === 1).length > 65);
      assert.ok(new Set(all.map((v) => v.fleetSizeId)).size >= 5);
    });

    await t.step("staff accounts and their spots", async () => {
      for (const a of DEMO_ACCOUNTS) {
        const [u] = await db.select().from(users).where(eq(users.email, a.email));
        assert.equal(u.role, a.role);
        assert.equal(u.firstName, a.firstName);
        assert.equal(u.lastName, a.lastName);
        assert.equal(u.isSuperuser, a.role === 4);
        assert.ok(u.mobileNumber);
        const spots = await db.select({ stationId: stationSpots.stationId }).from(stationSpots)
          .where(eq(stationSpots.userId, u.id)).orderBy(asc(stationSpots.stationId));
        assert.deepEqual(spots.map((s) => s.stationId), [...a.stationIds]);
      }
      const [owner] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
      assert.equal(await verifyPassword(DEMO_PASSWORD, owner.passwordHash), true);
      const hashes = await db.select({ h: users.passwordHash }).from(users).where(sql`${users.role} < 5`);
      assert.equal(new Set(hashes.map((r) => r.h)).size, 1);
    });

    await t.step("the station sequence continues after the explicit ids", async () => {
      const s = await makeStation(db);
      assert.ok(s.id > 3);
    });

    await t.step("factories make unique rows", async () => {
      const stationsMade = await Promise.all([makeStation(db), makeStation(db), makeStation(db)]);
      assert.equal(new Set(stationsMade.map((s) => s.tag)).size, 3);
      const [a1, a2] = [await makeAgency(db), await makeAgency(db)];
      assert.notEqual(a1.name, a2.name);
      const [f1, f2] = [await makeFleetGroup(db), await makeFleetGroup(db)];
      assert.notEqual(f1.name, f2.name);
      const [g1, g2] = [await makeVanGroup(db), await makeVanGroup(db)];
      assert.notEqual(g1.name, g2.name);

      const staff = await Promise.all([makeUser(db), makeUser(db, { role: 3 })]);
      assert.notEqual(staff[0].email, staff[1].email);
      assert.equal(staff[0].role, 1);
      assert.equal(staff[1].role, 3);
      assert.equal(staff[0].passwordHash, null);
      const withPw = await makeUser(db, { password: "s3cret-pass" });
      assert.equal(await verifyPassword("s3cret-pass", withPw.passwordHash), true);

      const drivers = await Promise.all(Array.from({ length: 5 }, () => makeDriver(db)));
      assert.equal(new Set(drivers.map((d) => d.transporterId)).size, 5);
      assert.equal(new Set(drivers.map((d) => d.email)).size, 5);
      for (const d of drivers) {
        assert.equal(d.role, 5);
        assert.match(d.transporterId!, /^A[A-Z0-9]{12,13}$/);
        assert.equal(d.passwordHash, null);
      }

      const spot = await makeSpot(db, drivers[0].id, stationsMade[0].id, {
        agencyId: a1.id,
        fleetGroupIds: [f1.id, f2.id],
      });
      assert.equal(spot.agencyId, a1.id);
      assert.equal(await db.$count(stationSpotFleetGroups, eq(stationSpotFleetGroups.spotId, spot.id)), 2);

      const vansMade = await Promise.all([makeVan(db), makeVan(db, { stationId: stationsMade[1].id })]);
      assert.notEqual(vansMade[0].number, vansMade[1].number);
      assert.equal(vansMade[1].stationId, stationsMade[1].id);

      const sc = await Promise.all([makeScanner(db), makeScanner(db, { kind: "dolly", stationId: 1 })]);
      assert.notEqual(sc[0].serialNumber, sc[1].serialNumber);
      assert.equal(sc[1].kind, "dolly");
    });
  } finally {
    await handle.close();
  }
});
