// shift_report_totals (issue 13) stays equal to the same sums taken straight from shift_records through
// inserts, updates, deletes and a report's deletion, on PGlite and on PostgreSQL alike; each row carries its
// report's station and date (migration totals_station_date).
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import type { Queryable } from "../../lib/db/client.ts";
import { makeScanner, makeStation } from "../../lib/demo/factories.ts";
import { shiftRecords, shiftReports } from "../../lib/shifts/schema.ts";

const REASONS = ["uta", "utl", "nsl", "bc", "missing", "damage", "fdd", "missort", "oc", "others"];

/** The totals table and the same aggregates from the records, both as sorted text lines (zero rows left out). */
async function both(db: Queryable): Promise<[string[], string[]]> {
  const table = rowsOf<{ line: string }>(
    await db.execute(
      sql.raw(
        `select concat_ws(' ', report_id, station_id, report_date, role, records, packages, ${
          REASONS.join(", ")
        },
      rabbits, rabbits_back, dollies, dollies_back) as line from shift_report_totals where records <> 0`,
      ),
    ),
  );
  const sums = REASONS.map((k) => `coalesce(sum(${k}), 0)`).join(", ");
  const direct = rowsOf<{ line: string }>(
    await db.execute(
      sql.raw(
        `select concat_ws(' ', report_id, rep.station_id, rep.report_date, role, count(*), coalesce(sum(number_of_packages), 0),
      ${sums}, count(rabbit_id) + count(second_rabbit_id),
      count(rabbit_id) filter (where returned_rabbit) + count(second_rabbit_id) filter (where returned_rabbit),
      count(dolly_id) + count(second_dolly_id),
      count(dolly_id) filter (where returned_dolly) + count(second_dolly_id) filter (where returned_dolly)) as line
      from shift_records join shift_reports rep on rep.id = report_id
      group by report_id, rep.station_id, rep.report_date, role`,
      ),
    ),
  );
  return [table.map((r) => r.line).sort(), direct.map((r) => r.line).sort()];
}

async function assertExact(db: Queryable, rows?: number) {
  const [table, direct] = await both(db);
  assert.deepEqual(table, direct);
  if (rows !== undefined) assert.equal(table.length, rows);
}

for (const engine of ENGINES) {
  Deno.test(`shift report totals follow the records (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const st = await makeStation(db);
      const [r1, r2] = await db.insert(shiftReports).values([
        { stationId: st.id, reportDate: "2031-03-04", weekNumber: 9, year: 2031 },
        { stationId: st.id, reportDate: "2031-03-05", weekNumber: 9, year: 2031 },
      ]).returning();
      const rabbit = await makeScanner(db, { stationId: st.id });
      const rabbit2 = await makeScanner(db, { stationId: st.id });
      const dolly = await makeScanner(db, { stationId: st.id, kind: "dolly" });
      const rec = (r: typeof r1, over: Partial<typeof shiftRecords.$inferInsert>) => ({
        reportId: r.id,
        reportDate: r.reportDate,
        ...over,
      });
      let ids: number[] = [];

      await t.step(
        "insert: one statement of many records, then single rows into an existing group",
        async () => {
          ids = (await db.insert(shiftRecords).values([
            rec(r1, {
              role: 0,
              numberOfPackages: 200,
              uta: 2,
              missing: 1,
              rabbitId: rabbit.id,
              dollyId: dolly.id,
            }),
            rec(r1, {
              role: 0,
              numberOfPackages: 120,
              others: 4,
              rabbitId: rabbit2.id,
              returnedRabbit: true,
            }),
            rec(r1, {
              role: 8,
              numberOfPackages: 100,
              missing: 3,
              nsl: 1,
              returnedDolly: true,
              dollyId: dolly.id,
            }),
            rec(r1, { role: 4 }),
            rec(r2, {
              role: 0,
              numberOfPackages: 150,
              damage: 2,
              rabbitId: rabbit.id,
              secondRabbitId: rabbit2.id,
            }),
            rec(r2, { role: 7 }),
          ]).returning({ id: shiftRecords.id })).map((r) => r.id);
          await assertExact(db, 5);
          await db.insert(shiftRecords).values(rec(r1, { role: 0, numberOfPackages: 50, fdd: 1 }));
          await db.insert(shiftRecords).values(rec(r2, { role: 1 }));
          await assertExact(db, 6);
        },
      );

      await t.step(
        "update: role, packages, a reason, rabbit returned, and a change that counts nothing",
        async () => {
          await db.update(shiftRecords).set({ role: 8 }).where(eq(shiftRecords.id, ids[0]));
          await assertExact(db);
          await db.update(shiftRecords).set({ numberOfPackages: 333, bc: 5, missing: null }).where(
            eq(shiftRecords.id, ids[1]),
          );
          await assertExact(db);
          await db.update(shiftRecords).set({ returnedRabbit: true }).where(eq(shiftRecords.id, ids[4]));
          await assertExact(db);
          await db.update(shiftRecords).set({ secondRabbitId: null, rescue: true }).where(
            eq(shiftRecords.id, ids[4]),
          );
          await assertExact(db);
          // Many rows in one statement, across reports and roles, some of them to the same values.
          await db.update(shiftRecords).set({ role: 0, oc: 1 }).where(inArray(shiftRecords.id, ids));
          await assertExact(db);
          const before = await both(db);
          await db.update(shiftRecords).set({ rescue: false, actualEndTime: "18:00" }).where(
            inArray(shiftRecords.id, ids),
          );
          assert.deepEqual(await both(db), before);
        },
      );

      await t.step(
        "update: a record moved to another report and a role with no totals yet; an edit that moves no total writes none",
        async () => {
          await db.update(shiftRecords).set({ reportId: r2.id, role: 11, numberOfPackages: 7, uta: null })
            .where(eq(shiftRecords.id, ids[1]));
          await assertExact(db);
          await db.update(shiftRecords).set({ reportId: r1.id, dollyId: dolly.id, returnedDolly: true })
            .where(eq(shiftRecords.id, ids[1]));
          await assertExact(db);
          // A totals row's xmin changes with every write to it: a route or a tick leaves it as it was.
          const versions = async () =>
            rowsOf<{ v: string }>(
              await db.execute(sql`select string_agg(xmin::text, ',' order by report_id, role) as v
                from shift_report_totals`),
            )[0].v;
          const before = await versions();
          await db.update(shiftRecords).set({ route: "CX9", morningChecklist: true, numberOfStops: 140 })
            .where(inArray(shiftRecords.id, ids));
          assert.equal(await versions(), before);
        },
      );

      await t.step("delete: records, a whole group, then a report with its records", async () => {
        await db.delete(shiftRecords).where(eq(shiftRecords.id, ids[2]));
        await assertExact(db);
        await db.delete(shiftRecords).where(eq(shiftRecords.reportId, r2.id));
        await assertExact(db);
        await db.insert(shiftRecords).values([
          rec(r2, { role: 0, numberOfPackages: 10 }),
          rec(r2, { role: 9 }),
        ]);
        await assertExact(db);
        await db.delete(shiftReports).where(eq(shiftReports.id, r1.id));
        await assertExact(db, 2);
        const left = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from shift_report_totals where report_id = ${r1.id}`,
          ),
        );
        assert.equal(Number(left[0].n), 0);
      });
    } finally {
      await h.close();
    }
  });
}
