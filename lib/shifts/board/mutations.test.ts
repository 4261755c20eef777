// Create New Shift on both engines: one transaction, N blank rows, the date rule, the duplicate rule and its race.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../../tests/helpers/db.ts";
import { COMMON, DomainError, type ErrorKind } from "../../errors.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { createReportInput } from "../inputs.ts";
import { addDays } from "../../dates/calendar.ts";
import { todayIn } from "../../dates/periods.ts";
import { weekOf } from "../../dates/weeks.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { createReport } from "./mutations.ts";
import { DATE_EXPIRED, DUPLICATE_SHIFT, SHIFT } from "../errors.ts";
import { boardFixture } from "./_fixture.ts";

const input = (o: Record<string, unknown>) => createReportInput.parse(o);
const refused = (code: string, kind: ErrorKind, detail: string) => (e: unknown) => {
  assert.ok(e instanceof DomainError, String(e));
  assert.equal(e.code, code);
  assert.equal(e.kind, kind);
  assert.equal(e.message, detail);
  return true;
};

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: Create New Shift`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await boardFixture(db);
      const [s1, s2, s3] = f.stations;
      const today = todayIn(await getTimeZone(db));
      const tomorrow = addDays(today, 1);
      const reportsOf = async (stationId: number) =>
        await db.select().from(shiftReports).where(eq(shiftReports.stationId, stationId));

      await t.step(
        "creates the report with its blank rows, week (stored zero-based), author and DA 2 flag",
        async () => {
          const dto = await createReport(
            db,
            f.dispatcher,
            input({ station: s1.id, report_date: tomorrow, rows: 3, has_second_driver: true }),
          );
          const w = weekOf(tomorrow);
          assert.equal(dto.report_date, tomorrow);
          assert.equal(dto.week_number, w.week - 1);
          assert.equal(dto.year, w.year);
          assert.equal(dto.records, 3);
          assert.equal(dto.has_second_driver, true);
          assert.deepEqual(dto.created_by, {
            id: f.dispatcher.id,
            first_name: "Dora",
            last_name: "Dispatch",
          });
          assert.deepEqual(dto.station, { id: s1.id, title: s1.title, tag: s1.tag });
          const rows = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, dto.id));
          assert.equal(rows.length, 3);
          assert.ok(
            rows.every((r) =>
              r.role === 0 && r.roleHours === "10.00" && r.reportDate === tomorrow && r.driverId === null
            ),
          );
        },
      );

      await t.step(
        "a second report for that station and day is refused with the existing id; nothing written",
        async () => {
          const [existing] = await reportsOf(s1.id).then((r) => r.filter((x) => x.reportDate === tomorrow));
          await assert.rejects(
            () => createReport(db, f.manager, input({ station: s1.id, report_date: tomorrow, rows: 5 })),
            (e: DomainError) => {
              refused(SHIFT.duplicate, "invalid", DUPLICATE_SHIFT)(e);
              assert.equal(e.data.id, existing.id);
              assert.deepEqual(e.fields.station, [DUPLICATE_SHIFT]);
              return true;
            },
          );
          const rows = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, existing.id));
          assert.equal(rows.length, 3);
        },
      );

      await t.step("today is allowed; yesterday needs old-shift access", async () => {
        assert.equal(
          (await createReport(db, f.dispatcher, input({ station: s2.id, report_date: today }))).records,
          0,
        );
        const yesterday = addDays(today, -1);
        await assert.rejects(
          () => createReport(db, f.dispatcher, input({ station: s2.id, report_date: yesterday })),
          refused(SHIFT.dateExpired, "invalid", DATE_EXPIRED),
        );
        await assert.rejects(
          () => createReport(db, f.owner, input({ station: s2.id, report_date: yesterday })),
          refused(SHIFT.dateExpired, "invalid", DATE_EXPIRED),
        );
        const old = await createReport(
          db,
          f.veteran,
          input({ station: s2.id, report_date: addDays(today, -30), rows: 1 }),
        );
        assert.equal(old.records, 1);
      });

      await t.step("another station is refused with 403, before anything else", async () => {
        await assert.rejects(
          () => createReport(db, f.dispatcher, input({ station: s3.id, report_date: addDays(today, -5) })),
          refused(COMMON.forbidden, "forbidden", `Station ${s3.id} is not one of your stations.`),
        );
        assert.equal((await reportsOf(s3.id)).length, 1);
      });

      await t.step(
        "two creates of one station's day at once: one report, one duplicate refusal",
        async () => {
          const day = addDays(today, 9);
          const results = await Promise.allSettled([
            createReport(db, f.dispatcher, input({ station: s2.id, report_date: day, rows: 4 })),
            createReport(db, f.manager, input({ station: s2.id, report_date: day, rows: 2 })),
          ]);
          const ok = results.filter((r) => r.status === "fulfilled");
          const no = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
          assert.equal(ok.length, 1);
          assert.equal(no.length, 1);
          refused(SHIFT.duplicate, "invalid", DUPLICATE_SHIFT)(no[0].reason);
          const made = (await reportsOf(s2.id)).filter((r) => r.reportDate === day);
          assert.equal(made.length, 1);
          const rows = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, made[0].id));
          assert.equal(rows.length, (ok[0] as PromiseFulfilledResult<{ records: number }>).value.records);
        },
      );

      await t.step("the input: station and date required, rows 0-300 whole numbers", () => {
        const bad = (o: Record<string, unknown>) => createReportInput.safeParse(o).success;
        assert.equal(bad({ report_date: tomorrow }), false);
        assert.equal(bad({ station: 1 }), false);
        assert.equal(bad({ station: 1, report_date: tomorrow, rows: 301 }), false);
        assert.equal(bad({ station: 1, report_date: tomorrow, rows: -1 }), false);
        assert.equal(bad({ station: 1, report_date: tomorrow, rows: 2.5 }), false);
        assert.deepEqual(createReportInput.parse({ station: 1, report_date: tomorrow }), {
          station: 1,
          report_date: tomorrow,
          rows: 0,
          has_second_driver: false,
        });
      });
    } finally {
      await h.close();
    }
  });
}
