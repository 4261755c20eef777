import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { stationSpots, users } from "../db/schema.ts";
import { makeStation } from "../demo/factories.ts";
import { login } from "../auth/login.ts";
import { HttpError } from "../web/errors.ts";
import { createStaffInput, createStaffUser } from "./create-staff.ts";

const base = {
  email: "First.Owner@Example.com",
  first_name: "Fiona",
  last_name: "First",
  role: "owner",
  password: "correct horse",
};

Deno.test("createStaffInput reads roles by number or name and refuses drivers and short passwords", () => {
  assert.equal(createStaffInput.parse({ ...base, role: "4" }).role, 4);
  assert.equal(createStaffInput.parse({ ...base, role: 2 }).role, 2);
  assert.equal(createStaffInput.parse({ ...base, role: "Dispatcher" }).role, 1);
  assert.equal(createStaffInput.parse(base).email, "first.owner@example.com");
  for (const role of ["5", "driver", "0", "boss", ""]) {
    const r = createStaffInput.safeParse({ ...base, role });
    assert.equal(r.success, false, role);
    assert.match(r.error!.issues[0].message, /Not valid: use 1-4 or dispatcher, supervisor, manager, owner/);
  }
  const short = createStaffInput.safeParse({ ...base, password: "1234567" });
  assert.equal(short.success, false);
  assert.match(short.error!.issues[0].message, /At least 8 characters/);
  assert.equal(createStaffInput.safeParse({ ...base, email: "not-an-email" }).success, false);
  assert.equal(createStaffInput.safeParse({ ...base, first_name: " " }).success, false);
});

Deno.test("createStaffUser", async (t) => {
  const h = await testPglite();
  const db = h.db;
  try {
    const don = await makeStation(db, { tag: "DON9", title: "Don 9" });
    const hyz = await makeStation(db, { tag: "HYZ1", title: "Hyz 1" });

    await t.step("creates an active staff account with spots by id and tag, who can sign in", async () => {
      const created = await createStaffUser(db, { ...base, stations: [String(don.id), "hyz1"] });
      assert.equal(created.email, "first.owner@example.com");
      assert.equal(created.role, 4);
      assert.equal(created.role_name, "Owner");
      assert.deepEqual(created.stations.map((s) => s.tag), ["DON9", "HYZ1"]);
      const [row] = await db.select().from(users).where(eq(users.id, created.id));
      assert.equal(row.isActive, true);
      assert.equal(row.isStaff, true);
      assert.equal(row.isSuperuser, true);
      assert.notEqual(row.passwordHash, "correct horse");
      const spots = await db.select().from(stationSpots).where(eq(stationSpots.userId, created.id));
      assert.deepEqual(spots.map((s) => s.stationId).sort(), [don.id, hyz.id].sort());
      const session = await login(db, { email: "first.owner@example.com", password: "correct horse" }, {
        ip: "test",
      });
      assert.equal(session.userId, created.id);
    });

    await t.step("refuses a duplicate e-mail whatever its case", async () => {
      await assert.rejects(
        createStaffUser(db, { ...base, email: "FIRST.owner@example.com" }),
        (e: unknown) => e instanceof HttpError && /already exists/.test(e.message),
      );
    });

    await t.step("refuses an unknown station and creates nothing", async () => {
      await assert.rejects(
        createStaffUser(db, { ...base, email: "second@example.com", stations: ["DON9", "NOPE", "999"] }),
        (e: unknown) =>
          e instanceof HttpError && /Unknown stations: NOPE, 999/.test(e.message) && /DON9/.test(e.message),
      );
      assert.equal((await db.select().from(users).where(eq(users.email, "second@example.com"))).length, 0);
    });

    await t.step("a station given twice is one spot; no station is allowed", async () => {
      const a = await createStaffUser(db, {
        ...base,
        email: "a@example.com",
        role: 1,
        stations: ["DON9", String(don.id)],
      });
      assert.equal(a.stations.length, 1);
      const b = await createStaffUser(db, { ...base, email: "b@example.com", role: 3 });
      assert.deepEqual(b.stations, []);
    });
  } finally {
    await h.close();
  }
});
