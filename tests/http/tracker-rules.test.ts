// Issue 10 tracker rules through the real app (PGlite, demo organisation): a cancelled or rejected row
// gives its van back for the day (point 1); nothing on an empty row, and a cancelled empty row can be set
// back (point 2); the spec's payloads without `version` merge field by field, `version` or If-Match keep
// the 409, and a refused body names its fields in words (point 8).
import assert from "node:assert/strict";
import { and, eq, ne } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { testPglite } from "../helpers/db.ts";
import { shiftRecords, users, vans } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport, record, scannersOf, vansOf } from "../integration/tracker-fixture.ts";
import { COMMON } from "../../lib/errors.ts";
import { SHIFT_RULE } from "../../lib/shifts/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import type { ShiftRecordDto } from "../../lib/shifts/dto.ts";

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

Deno.test({
  name: "tracker rules of issue 10: vans of cancelled rows, empty rows, payloads without version",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await startTestApp({ db: await testPglite({ demo: true }) });
    const db = app.db.db;
    try {
      const dispatcher = await signedIn(app, "dispatcher@example.com");
      const supervisor = await signedIn(app, "supervisor@example.com");
      await db.update(users).set({ canCreateOldShifts: true }).where(
        eq(users.email, "supervisor@example.com"),
      );
      const das = await activeDas(db, 1);
      const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 2), rows: 8 });
      const [r1, r2, r3, r4, r5, r6, r7, r8] = rep.recordIds;
      // No version: the spec's client sends none, and the change is merged field by field.
      const patch = (c: Client, id: number, body: Record<string, unknown>, headers: HeadersInit = {}) =>
        c.json(`/api/da-daily-report-record/${id}/`, { method: "PATCH", json: body, headers });
      const rowOf = async (id: number) =>
        (await dispatcher.json(`/api/da-daily-report/${rep.id}/`)).body.records.find((
          r: ShiftRecordDto,
        ) => r.id === id) as ShiftRecordDto;

      await t.step(
        "point 1: a cancelled or rejected row frees its van; number and size stay as history",
        async () => {
          // One Available van of size 1 at the station: whoever asks next for size 1 gets exactly that one.
          const [only, ...rest] = (await vansOf(db, 1, 1)).filter((v) => v.status === 1);
          for (const v of rest) await db.update(vans).set({ status: 2 }).where(eq(vans.id, v.id));
          for (const [i, id] of [r1, r2, r3].entries()) {
            assert.equal((await patch(dispatcher, id, { driver: das[i] })).status, 200);
          }
          const got = await patch(dispatcher, r1, { fleet_size: 1 });
          assert.equal(got.body.van?.id, only.id, JSON.stringify(got.body));
          const none = await patch(dispatcher, r2, { fleet_size: 1 });
          assert.deepEqual([none.status, none.body.code], [404, TRACKER.noFreeVans], "taken while r1 works");

          const cancelled = await patch(dispatcher, r1, { role: 7 });
          assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
          assert.deepEqual(
            [cancelled.body.van, cancelled.body.fleet_number, cancelled.body.cancelled_fleet_size],
            [null, only.number, 1],
          );
          assert.deepEqual([cancelled.body.da_status, cancelled.body.locked], [3, true]);
          assert.equal((await record(db, r1)).vanId, null);
          const free = await patch(dispatcher, r2, { fleet_size: 1 });
          assert.equal(free.status, 200, JSON.stringify(free.body));
          assert.equal(free.body.van?.id, only.id, "the cancelled row's van is offered again");

          // Rejected (status 2, role 10) releases too; a typed fleet number of a rejected row blocks nothing.
          const [six] = (await vansOf(db, 1, 6)).filter((v) => v.status === 1);
          await db.update(vans).set({ status: 2 }).where(
            and(eq(vans.stationId, 1), eq(vans.fleetSizeId, 6), ne(vans.id, six.id)),
          );
          assert.equal((await patch(dispatcher, r3, { fleet_size: 6 })).body.van?.id, six.id);
          const rejected = await patch(dispatcher, r3, { da_status: 2 });
          assert.deepEqual(
            [
              rejected.body.role,
              rejected.body.van,
              rejected.body.fleet_number,
              rejected.body.cancelled_fleet_size,
            ],
            [10, null, six.number, 6],
          );
          assert.equal((await patch(dispatcher, r4, { driver: das[3] })).status, 200);
          const typed = await patch(dispatcher, r4, { fleet_number: six.number });
          assert.equal(typed.status, 200, JSON.stringify(typed.body));

          // Set back (old-shift access): the history number is dropped when another row has the van now.
          const back = await patch(supervisor, r1, { role: 0 });
          assert.equal(back.status, 200, JSON.stringify(back.body));
          assert.deepEqual([back.body.da_status, back.body.van, back.body.fleet_number], [0, null, null]);
        },
      );

      await t.step(
        "point 2: an empty row takes no role or status; a cancelled empty row is set back",
        async () => {
          const role = await patch(dispatcher, r5, { role: 9 });
          assert.deepEqual([role.status, role.body.code], [400, SHIFT_RULE.roleBeforeDriver]);
          assert.deepEqual(role.body.role, ["Choose a DA before setting a role."]);
          const status = await patch(dispatcher, r5, { da_status: 2 });
          assert.deepEqual([status.status, status.body.code], [400, SHIFT_RULE.statusBeforeDriver]);
          assert.equal((await record(db, r5)).role, 0, "nothing written");

          // Rows left cancelled without a DA (before this rule): open to a dispatcher, and set back.
          await db.update(shiftRecords).set({ role: 9, roleHours: "0.00", daStatus: 3 }).where(
            eq(shiftRecords.id, r6),
          );
          await db.update(shiftRecords).set({ role: 10, roleHours: "0.00", daStatus: 2 }).where(
            eq(shiftRecords.id, r7),
          );
          await db.update(shiftRecords).set({ role: 9, daStatus: 3, statusAssignedBySms: true }).where(
            eq(shiftRecords.id, r8),
          );
          assert.equal((await rowOf(r6)).locked, false);
          const again = await patch(dispatcher, r6, { role: 7 });
          assert.deepEqual([again.status, again.body.code], [400, SHIFT_RULE.roleBeforeDriver]);
          const byRole = await patch(dispatcher, r6, { role: 0 });
          assert.equal(byRole.status, 200, JSON.stringify(byRole.body));
          assert.deepEqual([byRole.body.role, byRole.body.da_status, byRole.body.role_hours], [
            0,
            0,
            "10.00",
          ]);
          const byStatus = await patch(dispatcher, r7, { da_status: 0 });
          assert.equal(byStatus.status, 200, JSON.stringify(byStatus.body));
          assert.deepEqual([byStatus.body.role, byStatus.body.da_status, byStatus.body.locked], [
            0,
            0,
            false,
          ]);
          const sms = await patch(dispatcher, r8, { role: 0 });
          assert.deepEqual(
            [sms.status, sms.body.code],
            [400, SHIFT_RULE.roleBeforeDriver],
            "the DA's own answer",
          );
        },
      );

      await t.step("point 8: without version a PATCH merges; version or If-Match keep the 409", async () => {
        const seen = (await record(db, r5)).version;
        const a = await patch(dispatcher, r5, { route: "AX1" });
        assert.deepEqual([a.status, a.body.route], [200, "AX1"]);
        const b = await patch(supervisor, r5, { number_of_packages: 120 });
        assert.deepEqual(
          [b.status, b.body.route, b.body.number_of_packages],
          [200, "AX1", 120],
          "fields merge",
        );
        const stale = await patch(dispatcher, r5, { version: seen, route: "AX2" });
        assert.deepEqual([stale.status, stale.body.code, stale.body.field], [409, TRACKER.conflict, "route"]);
        const header = await patch(dispatcher, r5, { route: "AX2" }, { "If-Match": `"${seen}"` });
        assert.deepEqual([header.status, header.body.code], [409, TRACKER.conflict]);
        const fresh = (await record(db, r5)).version;
        const current = await patch(dispatcher, r5, { route: "AX2" }, { "If-Match": String(fresh) });
        assert.deepEqual([current.status, current.body.route], [200, "AX2"]);
        const bad = await patch(dispatcher, r5, { route: "AX3" }, { "If-Match": "soon" });
        assert.deepEqual([bad.status, bad.body.code], [400, COMMON.invalidInput]);
        assert.match(bad.body.version[0], /^If-Match must be the row version/);
      });

      await t.step("point 8: serial assignment without version; with a stale one 409", async () => {
        const rabbits = await scannersOf(db, 1, "rabbit");
        const seen = (await record(db, r5)).version;
        const post = (body: Record<string, unknown>) =>
          dispatcher.json("/api/serial-number-assignment/", { method: "POST", json: body });
        const ok = await post({ record_id: r5, rabbit_number: rabbits[0].id });
        assert.equal(ok.status, 200, JSON.stringify(ok.body));
        assert.equal(ok.body.rabbit_number.serial_number, rabbits[0].serial);
        const stale = await post({ record_id: r5, version: seen, rabbit_number: rabbits[1].id });
        assert.deepEqual([stale.status, stale.body.code], [409, TRACKER.conflict]);
      });

      await t.step("point 8: refused bodies name each field in words, never zod's own text", async () => {
        const cases: [Record<string, unknown>, string, RegExp][] = [
          [{ version: "x", route: "A" }, "version", /^Not valid: the row version you last saw/],
          [{ da_status: 7 }, "da_status", /^Must be 0 \(pending\)/],
          [{ role: "9" }, "role", /^Must be a role number from 0 to 11/],
          [{ violation: "yes" }, "violation", /^Must be true or false/],
          [{ wave_time: "Wave 9" }, "wave_time", /^Use Wave 1 to Wave 5/],
          [{ route: 5 }, "route", /^Must be text/],
          [{ actual_end_time: "25:00" }, "actual_end_time", /^Use HH:MM/],
          [{ uta: 1e6 }, "uta", /^Must be 100000 or less/],
          [{ colour: "red" }, "non_field_errors", /^Unknown field: colour/],
        ];
        for (const [body, field, words] of cases) {
          const r = await patch(dispatcher, r5, body);
          assert.deepEqual([r.status, r.body.code], [400, COMMON.invalidInput], JSON.stringify(body));
          assert.match(r.body[field]?.[0] ?? "", words, JSON.stringify(r.body));
          assert.doesNotMatch(r.body.detail, /Invalid input|expected|received/, JSON.stringify(r.body));
        }
        const serial = await dispatcher.json("/api/serial-number-assignment/", {
          method: "POST",
          json: { rabbit_number: "one" },
        });
        assert.equal(serial.status, 400);
        assert.deepEqual(serial.body.record_id, ["Required: the row id"]);
        assert.match(serial.body.rabbit_number[0], /^Not valid: a rabbit scanner id/);
      });
    } finally {
      await app.close();
    }
  },
});
