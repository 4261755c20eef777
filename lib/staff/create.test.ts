// The operator's path of the one staff-creation function (`dsp user create`): a password now, any station.
// The /staff path (an actor, a set-password link) is tests/integration/staff.test.ts.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { stationSpots, users } from "../db/schema.ts";
import { makeStation } from "../demo/factories.ts";
import { login } from "../auth/login.ts";
import { DomainError } from "../errors.ts";
import { stationsByRef } from "../stations/queries.ts";
import { type StaffCreateInput, staffCreateInput, staffPassword, staffRole } from "./inputs.ts";
import { createStaff } from "./mutations.ts";

const base: StaffCreateInput = {
  email: "first.owner@example.com",
  first_name: "Fiona",
  last_name: "First",
  role: 4,
  mobile_number: null,
  station_spots: [],
};
const at = (stations: { id: number }[]) =>
  stations.map((s) => ({ station: s.id, agency: null, fleet_groups: [] }));

Deno.test("staffRole reads roles by number, numeric string or name and refuses drivers; passwords need 8", () => {
  assert.equal(staffRole.parse("4"), 4);
  assert.equal(staffRole.parse(2), 2);
  assert.equal(staffRole.parse("Dispatcher"), 1);
  assert.equal(staffRole.parse(" owner "), 4);
  for (const role of ["5", "driver", "0", "boss", "", 5, 2.5]) {
    const r = staffRole.safeParse(role);
    assert.equal(r.success, false, String(role));
    assert.match(r.error!.issues[0].message, /Not valid: use 1-4 or dispatcher, supervisor, manager, owner/);
  }
  assert.match(staffPassword.safeParse("1234567").error!.issues[0].message, /At least 8 characters/);
  assert.equal(staffPassword.safeParse("12345678").success, true);
  assert.equal(staffCreateInput.shape.email.safeParse("not-an-email").success, false);
});

Deno.test("createStaff by the operator", async (t) => {
  const h = await testPglite();
  const db = h.db;
  try {
    const don = await makeStation(db, { tag: "DON9", title: "Don 9" });
    const hyz = await makeStation(db, { tag: "HYZ1", title: "Hyz 1" });
    const password = "correct horse";

    await t.step("creates an active staff account with spots by id and tag, who can sign in", async () => {
      const stations = await stationsByRef(db, [String(don.id), "hyz1"]);
      assert.deepEqual(stations.map((s) => s.tag), ["DON9", "HYZ1"]);
      const id = await createStaff(db, { password }, { ...base, station_spots: at(stations) });
      const [row] = await db.select().from(users).where(eq(users.id, id));
      assert.equal(row.email, "first.owner@example.com");
      assert.equal(row.role, 4);
      assert.equal(row.isActive, true);
      assert.equal(row.isStaff, true);
      assert.equal(row.isSuperuser, true);
      assert.notEqual(row.passwordHash, password);
      const spots = await db.select().from(stationSpots).where(eq(stationSpots.userId, id));
      assert.deepEqual(spots.map((s) => s.stationId).sort(), [don.id, hyz.id].sort());
      const session = await login(db, { email: "first.owner@example.com", password }, { ip: "test" });
      assert.equal(session.userId, id);
    });

    await t.step("refuses a duplicate e-mail whatever its case", async () => {
      await assert.rejects(
        createStaff(db, { password }, { ...base, email: "FIRST.owner@example.com" }),
        (e: unknown) =>
          e instanceof DomainError && e.code === "staff.email_taken" && /already exists/.test(e.message),
      );
    });

    await t.step("refuses unknown stations, naming the known ones", async () => {
      await assert.rejects(
        stationsByRef(db, ["DON9", "NOPE", "999"]),
        (e: unknown) =>
          e instanceof DomainError && e.code === "station.unknown" &&
          /Unknown stations: NOPE, 999/.test(e.message) &&
          /DON9/.test(e.message),
      );
      assert.equal((await db.select().from(users).where(eq(users.email, "second@example.com"))).length, 0);
    });

    await t.step("a station given twice is one spot; no station is allowed", async () => {
      const twice = await stationsByRef(db, ["DON9", String(don.id)]);
      assert.equal(twice.length, 1);
      const a = await createStaff(db, { password }, {
        ...base,
        email: "a@example.com",
        role: 1,
        station_spots: at(twice),
      });
      assert.equal((await db.select().from(stationSpots).where(eq(stationSpots.userId, a))).length, 1);
      const b = await createStaff(db, { password }, { ...base, email: "b@example.com", role: 3 });
      assert.equal((await db.select().from(stationSpots).where(eq(stationSpots.userId, b))).length, 0);
    });
  } finally {
    await h.close();
  }
});
