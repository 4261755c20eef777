// The demo's week planning and money (issue 11 item 6): schedules consistent with the shift history and
// with the schedule's own rules, the sends behind them, rates, and van invoices.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { rowsOf } from "../db/rows.ts";
import { addDays } from "../dates/calendar.ts";
import { todayIn } from "../dates/periods.ts";
import { sundayOf } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import { UNIQUE_STAFF_ROLES } from "../schedule/roles.ts";
import { HISTORY_WEEKS } from "./shift-history.ts";
import { invoiceMonths } from "./seed/invoices.ts";
import { AGENCY_RATE_CENTS } from "./seed/pay.ts";

Deno.test("demo week planning: schedules, sends, rates and invoices", async (t) => {
  const handle = await testPglite({ demo: true });
  const db = handle.db;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const count = async (query: ReturnType<typeof sql>) => (await q<{ n: number }>(query))[0].n;
  try {
    const today = todayIn(await getTimeZone(db));
    const thisWeek = sundayOf(today);
    const nextWeek = addDays(thisWeek, 7);
    const tomorrow = addDays(today, 1);
    // Next week is answers only, but for tomorrow when today is Saturday (it has the board's routes).
    const answersFrom = tomorrow >= nextWeek ? addDays(tomorrow, 1) : nextWeek;
    const from = sundayOf(addDays(today, -HISTORY_WEEKS * 7));

    await t.step(
      "every station has entries every day from the history's first week to next week",
      async () => {
        const per = await q<{ station_id: number; days: number; first: string; last: string }>(sql`
        select station_id, count(distinct schedule_date)::int as days, min(schedule_date)::text as first,
          max(schedule_date)::text as last from schedule_reports group by station_id order by station_id`);
        const days = (Date.parse(addDays(nextWeek, 6)) - Date.parse(from)) / 86_400_000 + 1;
        assert.deepEqual(per.map((p) => [p.station_id, p.days, p.first, p.last]), [
          [1, days, from, addDays(nextWeek, 6)],
          [2, days, from, addDays(nextWeek, 6)],
          [3, days, from, addDays(nextWeek, 6)],
        ]);
      },
    );

    await t.step("past weeks published, this week partly, next week availability only", async () => {
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_reports
          where schedule_date < ${thisWeek} and role is not null and is_available and not is_published`),
        0,
      );
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_reports
          where schedule_date >= ${answersFrom} and (role is not null or is_published)`),
        0,
      );
      assert.ok(
        await count(sql`select count(*)::int as n from schedule_reports
          where schedule_date >= ${answersFrom} and is_available`) > 100,
      );
      const week = await q<{ published: number; pending: number }>(sql`
        select count(*) filter (where is_published)::int as published,
          count(*) filter (where role is not null and not is_published)::int as pending
        from schedule_reports where schedule_date between ${thisWeek} and ${addDays(thisWeek, 6)}`);
      assert.ok(week[0].published > 0);
      // Days after tomorrow are planned and not sent yet (none when tomorrow ends the week).
      if (tomorrow < addDays(thisWeek, 6)) assert.ok(week[0].pending > 0);
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_reports where is_published and role is null`),
        0,
      );
    });

    await t.step("the schedule's own rules hold", async () => {
      // A helper helps someone scheduled Standard or Flex the same day at the same station, with their hours.
      const helpers = await q<{ ok: boolean }>(sql`
        select (h.role_hours = p.role_hours and p.role in (0, 8) and p.station_id = h.station_id) as ok
        from schedule_reports h left join schedule_reports p
          on p.user_id = h.helper_of_id and p.schedule_date = h.schedule_date
        where h.role = 13`);
      assert.ok(helpers.length > 10);
      assert.ok(helpers.every((h) => h.ok));
      assert.equal(
        await count(
          sql`select count(*)::int as n from (select 1 from schedule_reports where helper_of_id is not null
          group by helper_of_id, schedule_date having count(*) > 1) x`,
        ),
        0,
        "nobody is helped twice",
      );
      assert.equal(
        await count(
          sql`select count(*)::int as n from schedule_reports where (role = 13) <> (helper_of_id is not null)`,
        ),
        0,
      );
      const staffRoles = sql.raw(UNIQUE_STAFF_ROLES.join(","));
      assert.equal(
        await count(
          sql`select count(*)::int as n from (select 1 from schedule_reports where role in (${staffRoles})
          group by station_id, schedule_date, role having count(*) > 1) x`,
        ),
        0,
        "at most one person per staff role, station and day",
      );
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_reports
          where (is_available and shift_start_time is null) or (not is_available and role is not null)
             or (role in (1, 6, 8, 10, 14) and role_hours is null)`),
        0,
      );
      // Days the seed plans itself (after tomorrow) give nobody a sixth working day in the week.
      assert.equal(
        await count(sql`select count(*)::int as n from (select user_id from schedule_reports
          where schedule_date between ${thisWeek} and ${addDays(thisWeek, 6)} group by user_id
          having count(*) filter (where role is not null) > greatest(5,
            count(*) filter (where role is not null and schedule_date <= ${tomorrow}))) x`),
        0,
      );
      const roles = await q<{ role: number }>(
        sql`select distinct role from schedule_reports where role is not null`,
      );
      for (const role of [0, 2, 3, 7, 8, 9, 10, 12, 13, 15, 16]) {
        assert.ok(roles.some((r) => r.role === role), `role ${role} appears`);
      }
    });

    await t.step("the schedule agrees with the shift history", async () => {
      // Every DA on a record is scheduled that day, available, in the matching schedule role.
      const mismatched = await q<{ n: number }>(sql`
        select count(*)::int as n from shift_records r join shift_reports p on p.id = r.report_id
        left join schedule_reports s on s.user_id = r.driver_id and s.schedule_date = p.report_date
        where r.driver_id is not null and (s.id is null or not s.is_available or s.station_id <> p.station_id
          or s.role is distinct from (case r.role when 9 then 15 when 10 then 16 when 11 then 17 else r.role end))`);
      assert.equal(mismatched[0].n, 0);
      const cancels = await q<{ role: number; n: number }>(sql`
        select role, count(*)::int as n from schedule_reports where role in (7, 15, 16) group by role order by role`);
      assert.deepEqual(cancels.map((c) => c.role), [7, 15, 16]);
      const confirmed = await count(sql`select count(*)::int as n from shift_records where da_status = 1`);
      assert.ok(confirmed > 1000);
    });

    await t.step("availability requests every week, publish sends up to tomorrow's week", async () => {
      const weeks = await q<{ week: string; kind: string; n: number }>(sql`
        select week_start::text as week, kind, count(*)::int as n from schedule_requests
        group by 1, 2 order by 1, 2`);
      const asked = weeks.filter((w) => w.kind === "availability").map((w) => w.week);
      assert.equal(asked[0], from);
      assert.equal(asked.at(-1), nextWeek);
      assert.equal(
        asked.length,
        HISTORY_WEEKS + 2 + (from === addDays(thisWeek, -HISTORY_WEEKS * 7) ? 0 : 1),
      );
      const published = weeks.filter((w) => w.kind === "published").map((w) => w.week);
      assert.equal(published.at(-1), sundayOf(tomorrow));
      // A Saturday's publish of next week reaches only tomorrow's crew; every other send reaches the station.
      const sundayOnly = (w: { week: string; kind: string }) => w.kind === "published" && w.week === nextWeek;
      assert.ok(weeks.every((w) => w.n > (sundayOnly(w) ? 10 : 50)), JSON.stringify(weeks.slice(-4)));
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_requests where sent_at > now()`),
        0,
      );
    });

    await t.step("everyone scheduled has a rate; the staffing agency has its rate", async () => {
      assert.equal(
        await count(sql`select count(*)::int as n from schedule_reports s join users u on u.id = s.user_id
          where s.role is not null and u.rate_per_hour_cents is null`),
        0,
      );
      const agencies = await q<{ name: string; rate: number | null }>(sql`
        select name, pay_rate_per_hour_cents as rate from agencies order by name`);
      assert.deepEqual(agencies, [
        { name: "Direct Hire", rate: null },
        { name: "Summit Staffing", rate: AGENCY_RATE_CENTS },
      ]);
    });

    await t.step("van invoices for three months: most within 5 %, some not, some missing", async () => {
      const months = invoiceMonths(today);
      const rows = await q<{ month: number; year: number; n: number; within: number }>(sql`
        select i.month, i.year, count(*)::int as n,
          count(*) filter (where abs(i.invoice_cents - v.monthly_rate_cents) * 200.0
            / (i.invoice_cents + v.monthly_rate_cents) <= 5)::int as within
        from van_actual_invoices i join vans v on v.id = i.van_id group by 1, 2 order by 2, 1`);
      assert.deepEqual(rows.map((r) => [r.month, r.year]), months.map((m) => [m.month, m.year]));
      for (const r of rows) {
        assert.ok(r.n < 80, "a few vans have no invoice");
        assert.ok(r.within >= r.n * 0.7 && r.within < r.n, `${r.month}/${r.year}: ${r.within} of ${r.n}`);
      }
      assert.ok(rows[0].n > 65 && rows.at(-1)!.n < rows[0].n, "this month's invoices are still coming in");
    });
  } finally {
    await handle.close();
  }
});
