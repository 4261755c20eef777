// The schedule API through the real app on the demo organisation, without the page: every rule of 02
// section 5 holds on the server, the roles and stations are enforced, and both sends land in the outbox.
import assert from "node:assert/strict";
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { orgToday } from "../integration/tracker-fixture.ts";
import { addDays, dayOfWeek } from "../../lib/dates/calendar.ts";
import { sundayOf, weekOf } from "../../lib/dates/weeks.ts";
import { stationSpots, users } from "../../lib/org/schema.ts";
import { scheduleReports, scheduleRequests } from "../../lib/schedule/schema.ts";
import { outbox } from "../../lib/outbox/schema.ts";
import { SCHEDULE } from "../../lib/schedule/errors.ts";

const app: TestApp = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function signedIn(email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}
/** Drivers with a spot at this station and no other. */
async function driversOnlyAt(station: number, n: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(
    eq(users.role, 5),
    sql`(select array_agg(${stationSpots.stationId}) from ${stationSpots} where ${stationSpots.userId} = ${users.id}) = array[${station}]::int[]`,
  )).orderBy(asc(users.id)).limit(n);
  return rows.map((r) => r.id);
}
const idOf = async (email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

Deno.test({
  name: "the schedule API enforces 02 section 5, roles and stations, and sends through the outbox",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const [dispatcher, supervisor, manager, owner] = await Promise.all(
      ["dispatcher", "supervisor", "manager", "owner"].map((r) => signedIn(`${r}@example.com`)),
    );
    const today = await orgToday(db);
    const W = sundayOf(addDays(today, 21)); // a future week, three weeks ahead
    const week = weekOf(W);
    const d = (i: number) => addDays(W, i);
    const [a, b, c, e, f] = await driversOnlyAt(1, 5);
    const [far] = await driversOnlyAt(3, 1);
    const dana = await idOf("dispatcher@example.com");
    const sam = await idOf("supervisor@example.com");
    // The test's own week and days: whatever the demo planned there goes first.
    await db.delete(scheduleReports).where(
      between(scheduleReports.scheduleDate, addDays(today, -3), addDays(W, 13)),
    );
    await db.update(users).set({ mobileNumber: "+12065550101", ignoreSms: false }).where(
      inArray(users.id, [a, e, f]),
    );
    await db.update(users).set({ mobileNumber: "+12065550102", ignoreSms: true }).where(eq(users.id, b));
    await db.update(users).set({ mobileNumber: null, ignoreSms: false }).where(eq(users.id, c));

    const save = (cl: Client, body: Record<string, unknown>) =>
      cl.json("/api/schedule/create_or_update_report/", {
        method: "POST",
        json: { station: 1, is_available: true, shift_start_time: "09:00", role: null, ...body },
      });
    const code = (r: { status: number; body: { code?: string } }) => [r.status, r.body?.code];
    const grid = async (cl: Client, q = "") =>
      (await cl.json(`/api/schedule/get_reports/?year=${week.year}&week=${week.week - 1}${q}`)).body;

    await t.step("a visitor gets 401; a dispatcher (role 1) gets 403 on every call", async () => {
      assert.equal(
        (await new Client(app.url).fetch("/api/schedule/get_reports/?year=2026&week=1")).status,
        401,
      );
      const calls = [
        dispatcher.fetch(`/api/schedule/get_reports/?year=${week.year}&week=0`),
        dispatcher.fetch("/api/schedule/create_or_update_report/", { method: "POST", json: { date: d(1) } }),
        dispatcher.fetch("/api/schedule/delete_report/", { method: "POST", json: { date: d(1) } }),
        dispatcher.fetch(`/api/send-request-schedule-message/?user_id_list=${a}&week_date=${W}`),
        dispatcher.fetch(`/api/send-confirmed-schedule-message/?station_id=1&week_date=${W}`),
      ];
      for (const r of await Promise.all(calls)) assert.equal(r.status, 403);
      const page = await dispatcher.fetch("/schedule");
      assert.deepEqual([page.status, page.headers.get("location")], [302, "/"], "the page sends role 1 home");
      assert.equal((await manager.fetch("/schedule")).status, 200);
    });

    await t.step("the grid: Sunday..Saturday, the station's people, station 1 by default", async () => {
      const g = await grid(manager);
      assert.equal(g.station.id, 1);
      assert.deepEqual(g.date_list, [0, 1, 2, 3, 4, 5, 6].map(d));
      assert.equal(dayOfWeek(g.date_list[0]), 0);
      const ids = g.data_list.map((p: { id: number }) => p.id);
      assert.ok([a, b, c, dana, sam].every((id) => ids.includes(id)), "drivers, dispatcher, supervisor");
      assert.ok(!ids.includes(far), "a driver of another station is not in the grid");
      assert.ok(g.data_list.every((p: { reports: unknown[] }) => p.reports.length === 7));
      const drivers = await grid(manager, "&role=5&search=" + encodeURIComponent(g.data_list[0].first_name));
      assert.ok(drivers.data_list.every((p: { role: number }) => p.role === 5));
    });

    await t.step("a manager of other stations cannot read or write a foreign station", async () => {
      assert.deepEqual(code(await supervisor.json(`/api/schedule/get_reports/?year=2026&week=3&station=3`)), [
        403,
        SCHEDULE.stationNotYours,
      ]);
      assert.deepEqual(code(await save(supervisor, { station: 3, date: d(1), user_id: far })), [
        403,
        SCHEDULE.stationNotYours,
      ]);
      assert.deepEqual(code(await save(manager, { date: d(1), user_id: far })), [
        404,
        SCHEDULE.personNotFound,
      ]);
      const req = await supervisor.json(
        `/api/send-request-schedule-message/?user_id_list=${far}&week_date=${W}`,
      );
      assert.deepEqual(code(req), [404, SCHEDULE.personNotFound]);
    });

    await t.step(
      "save: created flag, base hours, unpublished; start time and availability rules",
      async () => {
        const r = await save(manager, { date: d(1), user_id: a, role: 0 });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.deepEqual([r.body.created, r.body.data.role_hours, r.body.data.is_published], [
          true,
          "10.00",
          false,
        ]);
        const again = await save(manager, { date: d(1), user_id: a, role: 0, role_hours: 3 });
        assert.deepEqual([again.body.created, again.body.data.role_hours], [false, "10.00"]);
        assert.deepEqual(code(await save(manager, { date: d(1), user_id: b, shift_start_time: null })), [
          400,
          SCHEDULE.startTimeRequired,
        ]);
        assert.deepEqual(
          code(await save(manager, { date: d(1), user_id: b, is_available: false, role: 0 })),
          [
            400,
            SCHEDULE.roleNeedsAvailable,
          ],
        );
        const off = await save(manager, {
          date: d(2),
          user_id: b,
          is_available: false,
          shift_start_time: null,
        });
        assert.deepEqual([off.status, off.body.data.is_available, off.body.data.role], [200, false, null]);
      },
    );

    await t.step("hours required for flexible roles 6, 8, 10, 14; entered hours count", async () => {
      for (const role of [6, 8, 10, 14]) {
        assert.deepEqual(code(await save(manager, { date: d(3), user_id: b, role })), [
          400,
          SCHEDULE.hoursRequired,
        ]);
      }
      const r = await save(manager, { date: d(1), user_id: b, role: 8, role_hours: 6.5 });
      assert.equal(r.body.data.role_hours, "6.50");
    });

    await t.step("staff roles are unique per date and station", async () => {
      assert.equal((await save(manager, { date: d(1), user_id: sam, role: 9, role_hours: 12 })).status, 200);
      assert.deepEqual(code(await save(manager, { date: d(1), user_id: dana, role: 9, role_hours: 12 })), [
        400,
        SCHEDULE.roleTaken,
      ]);
      assert.equal((await save(manager, { date: d(2), user_id: dana, role: 9, role_hours: 12 })).status, 200);
    });

    await t.step(
      "helpers: need a free Standard/Flex driver; take their hours; copy cannot move the link",
      async () => {
        assert.deepEqual(code(await save(manager, { date: d(1), user_id: c, role: 13 })), [
          400,
          SCHEDULE.helperOfRequired,
        ]);
        assert.deepEqual(code(await save(manager, { date: d(1), user_id: c, role: 13, helper_of: dana })), [
          400,
          SCHEDULE.helperOfNotCandidate,
        ]);
        const h = await save(manager, { date: d(1), user_id: c, role: 13, helper_of: a });
        assert.deepEqual([h.status, h.body.data.role_hours, h.body.data.helper_of], [200, "10.00", a]);
        // The copy of c's day pasted into e's cell: a is already helped.
        assert.deepEqual(code(await save(manager, { date: d(1), user_id: e, role: 13, helper_of: a })), [
          400,
          SCHEDULE.helperOfNotCandidate,
        ]);
        const other = await save(manager, { date: d(1), user_id: e, role: 0, helper_of: b });
        assert.equal(other.body.data.helper_of, null, "a role other than 13 clears helper_of");
        await save(manager, { date: d(1), user_id: a, role: 8, role_hours: 7 });
        const g = await grid(manager);
        const cRow = g.data_list.find((p: { id: number }) => p.id === c);
        assert.equal(cRow.reports[1].role_hours, "7.00", "the helper follows the helped person's hours");
      },
    );

    await t.step("delete: role none, hours 0, helper links to the person cleared", async () => {
      const r = await manager.json("/api/schedule/delete_report/", {
        method: "POST",
        json: { date: d(1), user_id: a, station: 1 },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual([r.body.data.role, r.body.data.role_hours, r.body.data.is_available], [
        null,
        "0.00",
        true,
      ]);
      const [helperRow] = await db.select().from(scheduleReports)
        .where(and(eq(scheduleReports.userId, c), eq(scheduleReports.scheduleDate, d(1))));
      assert.deepEqual([helperRow.helperOfId, Number(helperRow.roleHours)], [null, 0]);
      const none = await manager.json("/api/schedule/delete_report/", {
        method: "POST",
        json: { date: d(4), user_id: a, station: 1 },
      });
      assert.deepEqual(code(none), [404, SCHEDULE.notFound]);
    });

    await t.step("past days are closed; the Owner alone keeps yesterday", async () => {
      const yesterday = addDays(today, -1);
      assert.deepEqual(code(await save(manager, { date: yesterday, user_id: e, role: 0 })), [
        403,
        SCHEDULE.pastDay,
      ]);
      assert.equal((await save(owner, { date: yesterday, user_id: e, role: 0 })).status, 200);
      assert.deepEqual(code(await save(owner, { date: addDays(today, -2), user_id: e, role: 0 })), [
        403,
        SCHEDULE.pastDay,
      ]);
      assert.equal((await save(manager, { date: today, user_id: e, role: 0 })).status, 200);
    });

    await t.step("totals per person per week", async () => {
      await save(manager, { date: d(2), user_id: a, role: 0 });
      await save(manager, { date: d(3), user_id: a, role: 2, role_hours: 4.25 });
      const row = (await grid(manager)).data_list.find((p: { id: number }) => p.id === a);
      assert.equal(row.total_hours, "14.25");
    });

    await t.step("availability requests: future weeks, chosen people, skipped ones counted", async () => {
      const now = await manager.json(
        `/api/send-request-schedule-message/?user_id_list=${a}&week_date=${today}`,
      );
      assert.deepEqual(code(now), [400, SCHEDULE.requestWeekNotFuture]);
      const empty = await manager.json(`/api/send-request-schedule-message/?user_id_list=&week_date=${W}`);
      assert.deepEqual(code(empty), [400, SCHEDULE.noPeople]);
      const r = await manager.json(
        `/api/send-request-schedule-message/?user_id_list=${a}_${b}_${c}&week_date=${d(3)}&station_id=1`,
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual([r.body.detail, r.body.sent, r.body.skipped_blocked, r.body.skipped_no_mobile], [
        "Message has been send!",
        1,
        1,
        1,
      ]);
      const sms = await db.select().from(outbox).where(eq(outbox.kind, "schedule_availability"));
      assert.equal(sms.length, 1);
      assert.equal(sms[0].recipient, "+12065550101");
      assert.match(sms[0].body, new RegExp(`week ${week.week}\\b`));
      const logged = await db.select().from(scheduleRequests).where(eq(scheduleRequests.weekStart, W));
      assert.deepEqual(logged.map((l) => [l.userId, l.kind]), [[a, "availability"]]);
    });

    await t.step(
      "publish: refused for past weeks and empty weeks; marks published and SMS each person",
      async () => {
        const past = await manager.json(
          `/api/send-confirmed-schedule-message/?station_id=1&week_date=${addDays(today, -7)}`,
        );
        assert.deepEqual(code(past), [400, SCHEDULE.publishPastWeek]);
        const empty = await manager.json(
          `/api/send-confirmed-schedule-message/?station_id=1&week_date=${d(7)}`,
        );
        assert.deepEqual(code(empty), [400, SCHEDULE.publishNoData]);
        const foreign = await supervisor.json(
          `/api/send-confirmed-schedule-message/?station_id=3&week_date=${W}`,
        );
        assert.deepEqual(code(foreign), [403, SCHEDULE.stationNotYours]);
        const r = await manager.json(
          `/api/send-confirmed-schedule-message/?user_id_list=&station_id=1&week_date=${W}`,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.detail, "Message has been send!");
        const sms = await db.select().from(outbox).where(eq(outbox.kind, "schedule_published"));
        assert.ok(
          sms.some((m) => m.daId === a && /Standard/.test(m.body) && /Rescue/.test(m.body)),
          "a's shifts",
        );
        assert.ok(!sms.some((m) => m.daId === b), "b blocked messages");
        const aRow = (await grid(manager)).data_list.find((p: { id: number }) => p.id === a);
        assert.equal(aRow.reports[2].is_published, true, "published: the 'Not Published' tag goes");
        const again = await manager.json(`/api/send-confirmed-schedule-message/?station_id=1&week_date=${W}`);
        assert.equal(again.body.sent, 0, "an unchanged week is not sent twice");
        await save(manager, { date: d(2), user_id: a, role: 3 });
        const changed = (await grid(manager)).data_list.find((p: { id: number }) => p.id === a);
        assert.equal(changed.reports[2].is_published, false, "a change makes it 'Not Published' again");
      },
    );

    await t.step("publish refuses a week whose every shift is past (when today is not Sunday)", async () => {
      if (dayOfWeek(today) === 0) return;
      const start = sundayOf(today);
      await db.delete(scheduleReports).where(and(
        eq(scheduleReports.stationId, 1),
        between(scheduleReports.scheduleDate, start, addDays(start, 6)),
      ));
      await db.insert(scheduleReports).values({
        scheduleDate: addDays(today, -1) < start ? start : addDays(today, -1),
        userId: f,
        stationId: 1,
        role: 0,
        roleHours: "10",
        isAvailable: true,
        shiftStartTime: "09:00",
      });
      const r = await manager.json(`/api/send-confirmed-schedule-message/?station_id=1&week_date=${today}`);
      assert.deepEqual(code(r), [400, SCHEDULE.publishAllPast]);
    });
  },
});
