import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { shiftRecords, shiftReports } from "../db/schema.ts";
import { rowsOf } from "../db/rows.ts";
import { addDays } from "../dates/calendar.ts";
import { todayIn } from "../dates/periods.ts";
import { getTimeZone } from "../settings/queries.ts";
import { seedDemo } from "./seed.ts";
import { HISTORY_WEEKS, seedShiftHistory } from "./shift-history.ts";

Deno.test("demo shift history: eight weeks of realistic, consistent shift reports", async (t) => {
  const handle = await openDatabase({ dataDir: "memory://" });
  const db = handle.db;
  try {
    const started = performance.now();
    await seedDemo(db, { imports: false }); // the imported Amazon weeks have their own test
    const took = performance.now() - started;
    console.log(`seedDemo with the shift history: ${took.toFixed(0)} ms`);
    const today = todayIn(await getTimeZone(db));
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

    await t.step(
      "a report per station and day up to yesterday, today's for all, tomorrow's for DON9 and DTO3",
      async () => {
        const per = await q<{ station_id: number; n: number; first: string; last: string }>(sql`
        select station_id, count(*)::int as n, min(report_date)::text as first, max(report_date)::text as last
        from shift_reports group by station_id order by station_id`);
        const days = HISTORY_WEEKS * 7;
        assert.deepEqual(per.map((p) => [p.station_id, p.n, p.first, p.last]), [
          [1, days + 2, addDays(today, -days), addDays(today, 1)],
          [2, days + 1, addDays(today, -days), today],
          [3, days + 2, addDays(today, -days), addDays(today, 1)],
        ]);
        const [bad] = await q<{ n: number }>(
          sql`select count(*)::int as n from shift_records r join shift_reports p on p.id = r.report_id
        where r.report_date <> p.report_date`,
        );
        assert.equal(bad.n, 0, "records carry their report's date");
      },
    );

    await t.step("drivers, vans and scanners belong to the station; none twice a day", async () => {
      const [foreign] = await q<{ das: number; vans: number; scanners: number }>(sql`select
        count(*) filter (where r.driver_id is not null and not exists (select 1 from station_spots s where s.user_id = r.driver_id and s.station_id = p.station_id))::int as das,
        count(*) filter (where v.id is not null and v.station_id <> p.station_id)::int as vans,
        count(*) filter (where sc.id is not null and sc.station_id <> p.station_id)::int as scanners
        from shift_records r join shift_reports p on p.id = r.report_id
        left join vans v on v.id = r.van_id left join scanners sc on sc.id = r.rabbit_id`);
      assert.deepEqual(foreign, { das: 0, vans: 0, scanners: 0 });
      const [twice] = await q<{ das: number; rabbits: number }>(sql`select
        (select count(*) from (select report_id, d from shift_records, lateral (values (driver_id), (second_driver_id)) x(d)
          where d is not null group by report_id, d having count(*) > 1) a)::int as das,
        (select count(*) from (select report_date, rabbit_id from shift_records where rabbit_id is not null
          group by report_date, rabbit_id having count(*) > 1) b)::int as rabbits`);
      assert.deepEqual(twice, { das: 0, rabbits: 0 });
      const [inactive] = await q<{ n: number }>(
        sql`select count(*)::int as n from shift_records r join users u on u.id = r.driver_id where u.status <> 1 or u.role <> 5`,
      );
      assert.equal(inactive.n, 0);
    });

    await t.step("roles, statuses and numbers follow the tracker's rules", async () => {
      const roles = await q<{ role: number; n: number }>(
        sql`select role, count(*)::int as n from shift_records group by role order by role`,
      );
      const n = Object.fromEntries(roles.map((r) => [r.role, r.n]));
      for (const role of [0, 1, 2, 3, 4, 7, 8, 9, 10]) assert.ok(n[role] > 0, `role ${role} appears`);
      assert.ok(n[0] > 0.7 * roles.reduce((s, r) => s + r.n, 0), "mostly standard");
      const [wrong] = await q<{ status: number; hours: number; vans: number; rescue: number }>(sql`select
        count(*) filter (where (role in (7, 9) and da_status <> 3) or (role = 10 and da_status <> 2)
          or (role not in (7, 9, 10) and report_date < ${today} and da_status <> 1))::int as status,
        count(*) filter (where role in (0, 1, 3, 4, 7, 9, 10) and role_hours <> (case role when 0 then 10 when 3 then 3 when 4 then 3 else 0 end))::int as hours,
        count(*) filter (where role in (1, 3, 4, 7, 9, 10) and van_id is not null)::int as vans,
        count(*) filter (where rescue <> (coalesce(rescue_given, 0) > 0))::int as rescue
        from shift_records`);
      assert.deepEqual(wrong, { status: 0, hours: 0, vans: 0, rescue: 0 });
      const [past] = await q<
        {
          unpublished: number;
          min_pk: number;
          max_pk: number;
          min_st: number;
          max_st: number;
          returned: number;
          with_rabbit: number;
        }
      >(sql`select
        count(*) filter (where not is_status_published)::int as unpublished,
        min(number_of_packages) as min_pk, max(number_of_packages) as max_pk,
        min(number_of_stops) as min_st, max(number_of_stops) as max_st,
        count(*) filter (where returned_rabbit)::int as returned, count(rabbit_id)::int as with_rabbit
        from shift_records where report_date < ${today}`);
      assert.equal(past.unpublished, 0);
      assert.ok(past.min_pk >= 150 && past.max_pk <= 320 && past.min_st >= 90 && past.max_st <= 200);
      assert.ok(past.returned > 0.9 * past.with_rabbit, "most scanners come back");
    });

    await t.step(
      "today and tomorrow have pending, unpublished rows; tomorrow has no routes yet",
      async () => {
        const rows = await q<
          { date: string; pending: number; unpublished: number; routes: number; vans: number }
        >(sql`select
        report_date::text as date, count(*) filter (where da_status = 0)::int as pending,
        count(*) filter (where not is_status_published)::int as unpublished,
        count(route)::int as routes, count(van_id)::int as vans
        from shift_records where report_date >= ${today} group by report_date order by report_date`);
        assert.equal(rows.length, 2);
        assert.ok(rows[0].pending > 0 && rows[0].unpublished > 0 && rows[0].routes > 0);
        assert.ok(rows[1].pending > 0 && rows[1].routes === 0 && rows[1].vans > 0);
      },
    );

    await t.step("deterministic: the same day gives the same history", async () => {
      const sample = async () =>
        rowsOf(
          await db.execute(sql`select r.report_date::text, r.driver_id, r.van_id, r.route, r.role,
        r.number_of_packages from shift_records r join shift_reports p on p.id = r.report_id
        where p.station_id = 2 order by r.report_date, r.created_at limit 40`),
        );
      const before = await sample();
      await db.delete(shiftReports).where(eq(shiftReports.stationId, 2));
      await db.transaction(async (tx) => {
        await tx.delete(shiftReports);
        await seedShiftHistory(tx, { today });
      });
      assert.deepEqual(await sample(), before);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(shiftRecords)
        .where(and(eq(shiftRecords.reportDate, today)));
      assert.ok(n > 0);
    });
  } finally {
    await handle.close();
  }
});
