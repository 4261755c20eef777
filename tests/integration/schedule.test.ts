// The schedule's lib on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL answers): saves of
// one staff role racing for the same day (the station-day lock lets one win), the grid's filters and
// orderings, station scoping, and publish leaving a person without a number 'Not Published'.
import assert from "node:assert/strict";
import { and, between, eq } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { users } from "../../lib/org/schema.ts";
import { scheduleReports } from "../../lib/schedule/schema.ts";
import { saveReport } from "../../lib/schedule/mutations.ts";
import { getWeek } from "../../lib/schedule/queries.ts";
import { publishWeek } from "../../lib/schedule/messages.ts";
import { getReportsQuery } from "../../lib/schedule/inputs.ts";
import { SCHEDULE } from "../../lib/schedule/errors.ts";
import { isDomainError } from "../../lib/errors.ts";
import { addDays } from "../../lib/dates/calendar.ts";
import { sundayOf, weekOf } from "../../lib/dates/weeks.ts";
import { activeDas, day, userId } from "./tracker-fixture.ts";

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: schedule saves, grid and publish on a real database`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const h = await engine.open({ demo: true });
      const db = h.db;
      try {
        const manager = { id: await userId(db, "manager@example.com"), role: 3, stationIds: [1, 2, 3] };
        const W = sundayOf(await day(db, 28));
        const wk = weekOf(W);
        await db.delete(scheduleReports).where(between(scheduleReports.scheduleDate, W, addDays(W, 6)));
        const [a, b, c] = await activeDas(db, 1);
        const base = {
          station: 1,
          is_available: true,
          shift_start_time: "09:00",
          role_hours: null,
          helper_of: null,
        };

        await t.step("two people racing for the Dispatcher role of one day: one wins", async () => {
          const tries = await Promise.allSettled(
            [a, b].map((user_id) =>
              saveReport(db, manager, { ...base, date: addDays(W, 1), user_id, role: 9, role_hours: 12 })
            ),
          );
          assert.deepEqual(tries.map((r) => r.status).sort(), ["fulfilled", "rejected"]);
          const lost = tries.find((r) => r.status === "rejected") as PromiseRejectedResult;
          assert.ok(isDomainError(lost.reason) && lost.reason.code === SCHEDULE.roleTaken);
        });

        await t.step("the grid: total-hours ordering, role and search filters, station scope", async () => {
          await saveReport(db, manager, { ...base, date: addDays(W, 2), user_id: c, role: 0 });
          await saveReport(db, manager, { ...base, date: addDays(W, 3), user_id: c, role: 3 });
          const q = (extra: Record<string, string>) =>
            getReportsQuery.parse({ year: String(wk.year), week: String(wk.week - 1), ...extra });
          const top = await getWeek(db, manager, q({ ordering: "-total_hours", role: "5" }));
          assert.equal(top.data_list[0].id, c);
          assert.equal(top.data_list[0].total_hours, "13.00");
          assert.ok(top.data_list.every((p) => p.role === 5));
          const [cu] = await db.select().from(users).where(eq(users.id, c));
          const found = await getWeek(db, manager, q({ search: cu.lastName.toUpperCase() }));
          assert.ok(found.data_list.some((p) => p.id === c));
          const other = { ...manager, stationIds: [2] };
          await assert.rejects(
            getWeek(db, other, q({ station: "1" })),
            (e) => isDomainError(e) && e.code === SCHEDULE.stationNotYours,
          );
          assert.equal((await getWeek(db, other, q({}))).station.id, 2, "the first spot without station 1");
        });

        await t.step("publish: a person without a number stays 'Not Published'", async () => {
          await db.update(users).set({ mobileNumber: null }).where(eq(users.id, c));
          const r = await publishWeek(db, manager, { user_id_list: [], station_id: 1, week_date: W });
          assert.equal(r.skipped_no_mobile, 1);
          const rows = await db.select().from(scheduleReports)
            .where(
              and(eq(scheduleReports.userId, c), between(scheduleReports.scheduleDate, W, addDays(W, 6))),
            );
          assert.ok(rows.every((x) => !x.isPublished));
        });
      } finally {
        await h.close();
      }
    },
  });
}
