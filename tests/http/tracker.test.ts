// The shift tracker's API through the real app on the demo organisation, on PGlite and on PostgreSQL:
// every rule of 02 sections 4-5 holds for a client calling the API directly, without the page.
import { formatDate, weekdayAbbrev } from "../../lib/dates/format.ts";
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { shiftRecords, users, vans } from "../../lib/db/schema.ts";
import {
  activeDas,
  day,
  makeReport,
  record,
  scannersOf,
  userId,
  vansOf,
} from "../integration/tracker-fixture.ts";
import { COMMON } from "../../lib/errors.ts";
import { SHIFT_RULE } from "../../lib/shifts/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import type { ShiftRecordDto } from "../../lib/shifts/dto.ts";
import type { DriverOption, ScannerOption } from "../../lib/shifts/tracker/options.ts";
import type { DriverRef } from "../../lib/users/person-ref.ts";

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the shift tracker API enforces every rule`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const supervisor = await signedIn(app, "supervisor@example.com");
        const manager = await signedIn(app, "manager@example.com");
        const at1 = await activeDas(db, 1);
        const at3 = await activeDas(db, 3);
        const tomorrow = await day(db, 1);
        const main = await makeReport(db, { stationId: 1, reportDate: tomorrow, rows: 4 });
        const far = await makeReport(db, { stationId: 3, reportDate: tomorrow, rows: 1 });
        const [r1, r2, r3, r4] = main.recordIds;
        const get = async (c: Client, id = main.id) => (await c.json(`/api/da-daily-report/${id}/`)).body;
        const rowOf = async (c: Client, id: number, reportId = main.id) =>
          (await get(c, reportId)).records.find((r: ShiftRecordDto) => r.id === id);
        const patch = async (c: Client, id: number, body: Record<string, unknown>, version?: number) => {
          const v = version ?? (await record(db, id)).version;
          return await c.json(`/api/da-daily-report-record/${id}/`, {
            method: "PATCH",
            json: { version: v, ...body },
          });
        };

        await t.step("a visitor gets 401 on every tracker call", async () => {
          const v = new Client(app.url);
          for (
            const p of [
              `/api/da-daily-report/${main.id}/`,
              `/api/da-daily-report/${main.id}/options/`,
              `/api/da-daily-report/${main.id}/changes/`,
            ]
          ) {
            assert.equal((await v.fetch(p)).status, 401, p);
          }
          assert.equal(
            (await v.json(`/api/da-daily-report-record/${r1}/`, {
              method: "PATCH",
              json: { version: 1, route: "X" },
            })).status,
            401,
          );
          assert.equal(
            (await v.json("/api/da-daily-report-record/", { method: "POST", json: { report: main.id } }))
              .status,
            401,
          );
          assert.equal(
            (await v.json("/api/send-message-for-drivers/", {
              method: "POST",
              json: { da_tracker_id: main.id },
            })).status,
            401,
          );
          assert.equal(
            (await v.json("/api/serial-number-assignment/", {
              method: "POST",
              json: { record_id: r1, version: 1 },
            })).status,
            401,
          );
        });

        await t.step(
          "read: report and rows with viewer flags; another station's report is not found",
          async () => {
            const r = await dispatcher.json(`/api/da-daily-report/${main.id}/`);
            assert.equal(r.status, 200);
            assert.equal(r.body.report.station.tag, "DON9");
            assert.equal(r.body.report.closed, false);
            assert.equal(r.body.report.unpublished_count, 0);
            assert.deepEqual(
              r.body.records.map((x: ShiftRecordDto) => x.id),
              main.recordIds,
              "creation order",
            );
            assert.deepEqual(
              r.body.records.map((
                x: ShiftRecordDto,
              ) => [x.locked, x.can_delete, x.version, x.role, x.role_hours]),
              main.recordIds.map(() => [false, true, 1, 0, "10.00"]),
            );
            assert.equal((await dispatcher.json(`/api/da-daily-report/${far.id}/`)).status, 404);
            assert.equal((await dispatcher.json(`/api/da-daily-report/${far.id}/options/`)).status, 404);
            const elsewhere = await patch(dispatcher, far.recordIds[0], { route: "X" });
            assert.deepEqual([elsewhere.status, elsewhere.body.code], [404, COMMON.notFound]);
            assert.equal(
              (await dispatcher.json(`/api/da-daily-report-record/${far.recordIds[0]}/`, {
                method: "DELETE",
              })).status,
              404,
            );
            assert.equal((await manager.json(`/api/da-daily-report/${far.id}/`)).status, 200);
          },
        );

        await t.step(
          "options: the station's active DAs, staff, scanners and fleet sizes in the order 1, 6, 3, 2",
          async () => {
            const o = (await dispatcher.json(`/api/da-daily-report/${main.id}/options/`)).body;
            const ids = o.drivers.map((d: DriverOption) => d.id);
            assert.ok(at1.every((id) => ids.includes(id)));
            assert.ok(!at3.some((id) => ids.includes(id)));
            assert.ok(o.drivers.every((d: DriverOption) => d.assigned_record === null));
            assert.deepEqual(o.fleet_sizes.map((f: { id: number }) => f.id), [1, 6, 3, 2]);
            assert.ok(o.rabbits.length > 0 && o.dollies.length > 0);
            assert.ok(o.staff.some((s: DriverRef) => s.first_name === "Dana"));
          },
        );

        await t.step(
          "driver: sets status 0 unpublished; only an active DA of the station, on one row",
          async () => {
            const r = await patch(dispatcher, r1, { driver: at1[0] });
            assert.equal(r.status, 200, JSON.stringify(r.body));
            assert.equal(r.body.driver.id, at1[0]);
            assert.deepEqual([r.body.da_status, r.body.is_status_published, r.body.version], [0, false, 2]);
            const other = await patch(dispatcher, r2, { driver: at3[0] });
            assert.deepEqual([other.status, other.body.code], [400, TRACKER.driverNotActive]);
            assert.match(other.body.driver[0], /is not an active DA of DON9/);
            const twice = await patch(dispatcher, r2, { driver: at1[0] });
            assert.deepEqual([twice.status, twice.body.code], [400, TRACKER.driverTaken]);
            assert.match(twice.body.detail, /is already on row 1 of this report\.$/);
            const staff = await patch(dispatcher, r2, { driver: await userId(db, "dispatcher@example.com") });
            assert.equal(staff.status, 400);
            const opts = (await dispatcher.json(`/api/da-daily-report/${main.id}/options/`)).body;
            assert.equal(opts.drivers.find((d: DriverOption) => d.id === at1[0]).assigned_record, r1);
          },
        );

        await t.step("status, role, hours and rescue follow 02 section 4", async () => {
          assert.equal((await patch(dispatcher, r1, { da_status: 1 })).body.da_status, 1);
          const role4 = await patch(dispatcher, r1, { role: 4 });
          assert.deepEqual(
            [role4.body.role, role4.body.da_status, role4.body.role_hours],
            [4, 1, "3.00"],
            "confirmed survives",
          );
          const hours = await patch(dispatcher, r1, { role_hours: "5" });
          assert.deepEqual([hours.status, hours.body.code], [400, SHIFT_RULE.hoursNotEditable]);
          assert.match(hours.body.role_hours[0], /only for Rescue, Quality, Special and Flex/);
          assert.equal(
            (await patch(dispatcher, r1, { role: 8 })).body.role_hours,
            "3.00",
            "flexible roles keep hours",
          );
          assert.equal((await patch(dispatcher, r1, { role_hours: "5.5" })).body.role_hours, "5.50");
          const three = await patch(dispatcher, r1, { da_status: 3 });
          assert.equal(three.status, 400, "status 3 is not offered");
          const noDriver = await patch(dispatcher, r3, { da_status: 1 });
          assert.deepEqual([noDriver.status, noDriver.body.code], [400, SHIFT_RULE.statusBeforeDriver]);
          assert.match(noDriver.body.da_status[0], /Choose a DA/);
          const rescue = await patch(dispatcher, r1, { rescue_given: 2 });
          assert.deepEqual([rescue.body.rescue_given, rescue.body.rescue], [2, true]);
          const cleared = await patch(dispatcher, r1, { rescue_given: null });
          assert.deepEqual([cleared.body.rescue_given, cleared.body.rescue], [null, false]);
          const counts = await patch(dispatcher, r1, {
            number_of_packages: 180,
            uta: 0,
            others: null,
            route: "CX12",
            wave_time: "Wave 2",
          });
          assert.deepEqual([
            counts.body.number_of_packages,
            counts.body.uta,
            counts.body.others,
            counts.body.route,
          ], [180, 0, null, "CX12"]);
          assert.equal((await patch(dispatcher, r1, { uta: "3" })).status, 400, "digits only, as numbers");
          const negative = await patch(dispatcher, r1, { uta: -1 });
          assert.deepEqual([negative.status, negative.body.code], [400, COMMON.invalidInput]);
          assert.equal((await patch(dispatcher, r1, { wave_time: "Wave 9" })).status, 400);
        });

        await t.step("status 2/3 rows are locked for a dispatcher, open with old-shift access", async () => {
          assert.equal((await patch(dispatcher, r2, { driver: at1[1] })).status, 200);
          const cancelled = await patch(dispatcher, r2, { role: 7 });
          assert.deepEqual([cancelled.body.da_status, cancelled.body.locked, cancelled.body.can_delete], [
            3,
            true,
            false,
          ]);
          const edit = await patch(dispatcher, r2, { route: "CX1" });
          assert.deepEqual([edit.status, edit.body.code], [403, TRACKER.rowLocked]);
          assert.match(edit.body.detail, /^This row is locked: the DA's shift is cancelled \(status 3\)/);
          assert.equal(
            (await dispatcher.json(`/api/da-daily-report-record/${r2}/`, { method: "DELETE" })).status,
            403,
          );
          await db.update(users).set({ canCreateOldShifts: true }).where(
            eq(users.email, "supervisor@example.com"),
          );
          assert.equal((await rowOf(supervisor, r2)).locked, false);
          const back = await patch(supervisor, r2, { role: 0 });
          assert.equal(back.status, 200, JSON.stringify(back.body));
          assert.equal(back.body.da_status, 0);
          const rejected = await patch(dispatcher, r2, { da_status: 2 });
          assert.deepEqual([rejected.body.role, rejected.body.locked], [10, true]);
        });

        await t.step("delete: refused for SMS-assigned rows; allowed for open rows", async () => {
          await db.update(shiftRecords).set({ statusAssignedBySms: true, daStatus: 1 }).where(
            eq(shiftRecords.id, r4),
          );
          assert.equal((await rowOf(dispatcher, r4)).can_delete, false);
          const refused = await dispatcher.json(`/api/da-daily-report-record/${r4}/`, { method: "DELETE" });
          assert.deepEqual([refused.status, refused.body.code], [403, TRACKER.rowSetBySms]);
          assert.match(refused.body.detail, /SMS/);
          assert.equal(
            (await manager.json(`/api/da-daily-report-record/${r4}/`, { method: "DELETE" })).status,
            403,
            "for every role",
          );
          const added = await dispatcher.json("/api/da-daily-report-record/", {
            method: "POST",
            json: { report: main.id },
          });
          assert.equal(added.status, 201);
          assert.deepEqual([added.body.report, added.body.driver, added.body.version], [main.id, null, 1]);
          assert.equal(
            (await dispatcher.fetch(`/api/da-daily-report-record/${added.body.id}/`, { method: "DELETE" }))
              .status,
            204,
          );
          assert.equal(await record(db, added.body.id), undefined);
          assert.equal(
            (await dispatcher.json("/api/da-daily-report-record/", {
              method: "POST",
              json: { report: far.id },
            })).status,
            404,
          );
        });

        await t.step(
          "a report more than two days old is closed to a dispatcher, open with old-shift access",
          async () => {
            const old = await makeReport(db, { stationId: 1, reportDate: await day(db, -3), rows: 1 });
            const edge = await makeReport(db, { stationId: 1, reportDate: await day(db, -2), rows: 1 });
            const r = await patch(dispatcher, old.recordIds[0], { route: "CX9" });
            assert.equal(r.status, 403);
            assert.match(r.body.detail, /^This row is locked: the shift date is more than 2 days ago/);
            const add = await dispatcher.json("/api/da-daily-report-record/", {
              method: "POST",
              json: { report: old.id },
            });
            assert.deepEqual([add.status, add.body.code], [403, TRACKER.reportClosed]);
            assert.match(add.body.detail, /^This report is closed: /);
            assert.equal(
              (await dispatcher.json("/api/send-message-for-drivers/", {
                method: "POST",
                json: { da_tracker_id: old.id },
              })).status,
              403,
            );
            assert.equal(
              (await dispatcher.json(`/api/da-daily-report/${old.id}/`, {
                method: "PATCH",
                json: { has_second_driver: true },
              })).status,
              403,
            );
            assert.equal(
              (await dispatcher.json(`/api/da-daily-report-record/${old.recordIds[0]}/`, {
                method: "DELETE",
              })).status,
              403,
            );
            const view = (await dispatcher.json(`/api/da-daily-report/${old.id}/`)).body;
            assert.deepEqual([view.report.closed, view.records[0].locked], [true, true]);
            assert.equal((await patch(supervisor, old.recordIds[0], { route: "CX9" })).status, 200);
            assert.equal(
              (await patch(dispatcher, edge.recordIds[0], { route: "CX8" })).status,
              200,
              "two days ago is still open",
            );
          },
        );

        await t.step(
          "fleet size picks a free van of the station; none free gives 404 and clears the van",
          async () => {
            const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 2), rows: 3 });
            const [a, b, c] = rep.recordIds;
            const noDriver = await patch(dispatcher, a, { fleet_size: 6 });
            assert.deepEqual([noDriver.status, noDriver.body.code], [400, SHIFT_RULE.fleetSizeBeforeDriver]);
            assert.match(noDriver.body.fleet_size[0], /Choose a DA/);
            await patch(dispatcher, a, { driver: at1[2] });
            const got = await patch(dispatcher, a, { fleet_size: 6 });
            assert.equal(got.status, 200, JSON.stringify(got.body));
            assert.equal(got.body.van.fleet_size.id, 6);
            const [van] = await db.select().from(vans).where(eq(vans.id, got.body.van.id));
            assert.deepEqual([van.stationId, van.status], [1, 1]);
            assert.equal(
              (await patch(dispatcher, a, { fleet_size: 4 })).status,
              400,
              "sizes 4 and 5 are not offered",
            );
            // Station 1 has no cube vans (size 3); station 2 has free ones, which must not be used.
            const none = await patch(dispatcher, a, { fleet_size: 3 });
            assert.equal(none.status, 404);
            assert.equal(none.body.code, TRACKER.noFreeVans);
            assert.equal(none.body.detail, "No free vans!");
            assert.deepEqual(none.body.fleet_size, ["No free vans!"]);
            assert.equal(none.body.record.van, null);
            assert.equal((await record(db, a)).vanId, null);
            // A typed fleet number: not another station's van, not a van already on a row that day.
            await patch(dispatcher, b, { driver: at1[3] });
            const onB = await patch(dispatcher, b, { fleet_size: 1 });
            await patch(dispatcher, b, { route: "CX7" });
            const [st2van] = await vansOf(db, 2, 1);
            const foreign = await patch(dispatcher, c, { fleet_number: st2van.number });
            assert.equal(foreign.status, 400);
            assert.match(foreign.body.detail, /belongs to another station, not to DON9/);
            const dup = await patch(dispatcher, c, { fleet_number: onB.body.van.number });
            assert.deepEqual([dup.status, dup.body.code], [400, TRACKER.vanTaken]);
            const [da] = await db.select().from(users).where(eq(users.id, at1[3]));
            const [{ day: shiftDay }] = await db.select({ day: shiftRecords.reportDate }).from(shiftRecords)
              .where(eq(shiftRecords.id, c));
            assert.equal(
              dup.body.detail,
              `Van ${onB.body.van.number} is already assigned to ${da.firstName} ${da.lastName} on route CX7 on ${
                weekdayAbbrev(shiftDay)
              } ${formatDate(shiftDay)}.`,
              "the shift's day, not 'today'",
            );
            assert.equal(
              (await patch(dispatcher, c, { fleet_number: "RENTAL-1" })).body.fleet_number,
              "RENTAL-1",
            );
            const withVan = await patch(dispatcher, b, { fleet_number: "X1" });
            assert.equal(withVan.status, 400, "fleet number is editable only without a van");
            const removed = await patch(dispatcher, b, { driver: 0 });
            assert.deepEqual([removed.body.driver, removed.body.van, removed.body.second_driver], [
              null,
              null,
              null,
            ]);
          },
        );

        await t.step("fleet size prefers the van the driver had most recently", async () => {
          const free = (await vansOf(db, 1, 1)).filter((v) => v.status === 1);
          const favourite = free[free.length - 1];
          // Whatever the demo history gave this DA, their latest van is now `favourite`.
          await db.update(shiftRecords).set({ driverId: null }).where(eq(shiftRecords.driverId, at1[4]));
          const past = await makeReport(db, { stationId: 1, reportDate: await day(db, -9), rows: 1 });
          await db.update(shiftRecords).set({ driverId: at1[4], vanId: favourite.id }).where(
            eq(shiftRecords.id, past.recordIds[0]),
          );
          const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 3), rows: 1 });
          await patch(dispatcher, rep.recordIds[0], { driver: at1[4] });
          const got = await patch(dispatcher, rep.recordIds[0], { fleet_size: 1 });
          assert.equal(got.body.van.id, favourite.id);
          const cancelled = await patch(dispatcher, rep.recordIds[0], { role: 7 });
          assert.equal(cancelled.body.da_status, 3);
          const size = await patch(supervisor, rep.recordIds[0], { fleet_size: 2 });
          assert.deepEqual(
            [size.body.cancelled_fleet_size, size.body.van, size.body.fleet_number],
            [2, null, favourite.number],
            "role 7 stores the cancelled size; its van was given back, its number kept as history",
          );
        });

        await t.step("DA 2: only when the report has it switched on, never the first DA again", async () => {
          const off = await patch(dispatcher, r3, { driver: at1[5] });
          assert.equal(off.status, 200);
          const refused = await patch(dispatcher, r3, { second_driver: at1[6] });
          assert.deepEqual([refused.status, refused.body.code], [400, TRACKER.secondDriverOff]);
          assert.match(refused.body.detail, /Add DA 2/);
          const on = await dispatcher.json(`/api/da-daily-report/${main.id}/`, {
            method: "PATCH",
            json: { has_second_driver: true },
          });
          assert.equal(on.status, 200);
          assert.equal(on.body.has_second_driver, true);
          assert.equal(
            (await patch(dispatcher, r3, { second_driver: at1[5] })).status,
            400,
            "not the first DA",
          );
          const two = await patch(dispatcher, r3, { second_driver: at1[6] });
          assert.deepEqual([
            two.body.second_driver.id,
            two.body.second_da_status,
            two.body.is_second_status_published,
          ], [at1[6], 0, false]);
          assert.equal((await patch(dispatcher, r3, { second_da_status: 1 })).body.second_da_status, 1);
          assert.equal(
            (await patch(dispatcher, r1, { second_driver: at1[6] })).status,
            400,
            "DA 2 of row 3 is on a row already",
          );
        });

        await t.step(
          "serial pickers: the station's available scanners, each once a day, 0 clears",
          async () => {
            const rabbits = await scannersOf(db, 1, "rabbit");
            const dollies = await scannersOf(db, 1, "dolly");
            const [far3] = await scannersOf(db, 3, "rabbit");
            const post = async (body: Record<string, unknown>) =>
              await dispatcher.json("/api/serial-number-assignment/", {
                method: "POST",
                json: { version: (await record(db, body.record_id as number)).version, ...body },
              });
            const ok = await post({
              record_id: r1,
              rabbit_number: rabbits[0].id,
              dolly_number: dollies[0].id,
            });
            assert.equal(ok.status, 200, JSON.stringify(ok.body));
            assert.equal(ok.body.rabbit_number.serial_number, rabbits[0].serial);
            assert.equal(ok.body.dolly_number.serial_number, dollies[0].serial);
            const taken = await post({ record_id: r3, rabbit_number: rabbits[0].id });
            assert.deepEqual([taken.status, taken.body.code], [400, TRACKER.scannerTaken]);
            assert.match(
              taken.body.detail,
              new RegExp(`${rabbits[0].serial} is already used by .+ on route CX12 today\\.$`),
            );
            assert.match(
              (await post({ record_id: r3, rabbit_number: dollies[1].id })).body.detail,
              /is a dolly, not a rabbit/,
            );
            assert.match(
              (await post({ record_id: r3, rabbit_number: far3.id })).body.detail,
              /is not a scanner of DON9/,
            );
            assert.equal(
              (await post({
                record_id: r3,
                rabbit_number: rabbits[1].id,
                second_rabbit_number: rabbits[1].id,
              })).status,
              400,
            );
            const sibling = await post({ record_id: r1, second_rabbit_number: rabbits[0].id });
            assert.equal(sibling.status, 400, "the row's own other slot counts as used");
            const cleared = await post({ record_id: r1, rabbit_number: 0 });
            assert.equal(cleared.body.rabbit_number, null);
            assert.equal(
              (await post({ record_id: r3, rabbit_number: rabbits[0].id })).status,
              200,
              "free again once cleared",
            );
            const opts = (await dispatcher.json(`/api/da-daily-report/${main.id}/options/`)).body;
            assert.equal(opts.rabbits.find((s: ScannerOption) => s.id === rabbits[0].id).used_by_record, r3);
          },
        );

        await t.step("header strip: people of the report's station only", async () => {
          const me = await userId(db, "dispatcher@example.com");
          const r = await dispatcher.json(`/api/da-daily-report/${main.id}/`, {
            method: "PATCH",
            json: { dispatcher: me, lead_driver: at1[7] },
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          assert.equal(r.body.dispatcher.first_name, "Dana");
          assert.equal(r.body.lead_driver.id, at1[7]);
          assert.equal(r.body.edited_by.first_name, "Dana");
          const bad = await dispatcher.json(`/api/da-daily-report/${main.id}/`, {
            method: "PATCH",
            json: { supervisor: at3[0] },
          });
          assert.deepEqual([bad.status, bad.body.code], [400, TRACKER.personNotMember]);
          assert.match(bad.body.supervisor[0], /not an active member of DON9/);
          assert.equal(
            (await dispatcher.json(`/api/da-daily-report/${main.id}/`, {
              method: "PATCH",
              json: { dispatcher: 0 },
            })).body.dispatcher,
            null,
          );
        });

        await t.step(
          "notify: unpublished statuses become SMS in the outbox, marked published at once",
          async () => {
            const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 4), rows: 5 });
            const [a, b, c, d, e] = rep.recordIds;
            const ds = at1.slice(10, 15);
            for (const [i, id] of rep.recordIds.entries()) {
              await patch(dispatcher, id, { driver: ds[i], route: `R${i}` });
            }
            await patch(dispatcher, b, { da_status: 1 });
            await patch(dispatcher, e, { role: 9 });
            await db.update(users).set({ ignoreSms: true }).where(eq(users.id, ds[2]));
            await db.update(users).set({ mobileNumber: null }).where(eq(users.id, ds[3]));
            const before = (await get(dispatcher, rep.id)).report.unpublished_count;
            assert.equal(before, 5);
            const { outbox } = await import("../../lib/db/schema.ts");
            // The dry run answers the same plan and writes nothing.
            const dry = await dispatcher.json("/api/send-message-for-drivers/", {
              method: "POST",
              json: { da_tracker_id: rep.id, dry_run: true },
            });
            assert.equal(dry.status, 200, JSON.stringify(dry.body));
            assert.equal(dry.body.count, 3);
            assert.deepEqual(
              dry.body.recipients.map((x: { record_id: number; kind: string }) => [x.record_id, x.kind]),
              [[a, "shift_attendance"], [b, "shift_status"], [e, "shift_status"]],
            );
            assert.ok(dry.body.recipients.every((x: { name: string; number: string }) => x.name && x.number));
            assert.deepEqual(
              dry.body.skipped.map((x: { record_id: number; reason: string }) => [x.record_id, x.reason]),
              [
                [c, "blocked"],
                [d, "no_mobile"],
              ],
            );
            assert.equal(
              (await get(dispatcher, rep.id)).report.unpublished_count,
              5,
              "the dry run published nothing",
            );
            assert.equal(await db.$count(outbox, sql`${outbox.meta}->>'report_id' = ${String(rep.id)}`), 0);
            const r = await dispatcher.json("/api/send-message-for-drivers/", {
              method: "POST",
              json: { da_tracker_id: rep.id },
            });
            assert.equal(r.status, 200, JSON.stringify(r.body));
            assert.match(r.body.batch, /^[0-9a-f]{8}$/);
            assert.deepEqual(r.body, {
              sent: 3,
              skipped_blocked: 1,
              skipped_no_mobile: 1,
              skipped_invalid_mobile: 0,
              detail: "Message to drivers has been send!",
              batch: r.body.batch,
              outbox_url: null,
            });
            assert.deepEqual(
              dry.body.recipients.map((x: { body: string }) => x.body),
              (await db.select().from(outbox).where(sql`${outbox.meta}->>'batch' = ${r.body.batch}`)
                .orderBy(outbox.id)).map((m) => m.body),
              "the preview's texts are the texts sent",
            );
            const msgs = (await db.select().from(outbox).where(eq(outbox.channel, "sms")))
              .filter((m) => (m.meta as { report_id?: number; record_id?: number }).report_id === rep.id);
            const kinds = Object.fromEntries(
              msgs.map((m) => [(m.meta as { report_id?: number; record_id?: number }).record_id, m.kind]),
            );
            assert.deepEqual(kinds, { [a]: "shift_attendance", [b]: "shift_status", [e]: "shift_status" });
            assert.ok(msgs.every((m) => m.status === "pending" || m.status === "kept"));
            assert.match(
              msgs.find((m) => (m.meta as { report_id?: number; record_id?: number }).record_id === e)!.body,
              /is cancelled\. Route R4[^]*\.$/,
            );
            assert.doesNotMatch(
              msgs.find((m) => (m.meta as { record_id?: number }).record_id === e)!.body,
              /van/i,
              "a cancelled row gave its van back: the SMS does not name it",
            );
            const after = await get(dispatcher, rep.id);
            assert.deepEqual(after.records.map((x: ShiftRecordDto) => x.is_status_published), [
              true,
              true,
              true,
              false,
              true,
            ]);
            assert.equal(after.report.unpublished_count, 1);
            const again = await dispatcher.json("/api/send-message-for-drivers/", {
              method: "POST",
              json: { da_tracker_id: rep.id },
            });
            assert.deepEqual([again.body.sent, again.body.skipped_no_mobile], [0, 1]);
            assert.equal(c > 0 && d > 0, true);
            assert.equal(
              (await dispatcher.json("/api/send-message-for-drivers/", {
                method: "POST",
                json: { da_tracker_id: far.id },
              })).status,
              404,
            );
          },
        );

        await t.step("report delete: the two privileged roles only, within their stations", async () => {
          const rep = await makeReport(db, { stationId: 2, reportDate: await day(db, 5), rows: 2 });
          assert.equal(
            (await dispatcher.json(`/api/da-daily-report/${rep.id}/`, { method: "DELETE" })).status,
            403,
          );
          assert.equal(
            (await supervisor.json(`/api/da-daily-report/${rep.id}/`, { method: "DELETE" })).status,
            403,
          );
          assert.equal(
            (await manager.fetch(`/api/da-daily-report/${rep.id}/`, { method: "DELETE" })).status,
            204,
          );
          assert.equal((await manager.json(`/api/da-daily-report/${rep.id}/`)).status, 404);
          assert.equal(await record(db, rep.recordIds[0]), undefined, "rows go with the report");
        });
      } finally {
        await app.close();
      }
    },
  });
}
