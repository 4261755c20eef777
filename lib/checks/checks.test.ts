// The check week end to end on both engines: the upload (routing, all-or-nothing, idempotent), the list
// with its station scoping, and who may type which figure.
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { amazonImports } from "../imports/schema.ts";
import { isDomainError } from "../errors.ts";
import { checkFixture } from "./testing.ts";
import { updateCheckDay, updateCheckWeek, uploadCheckCsv } from "./mutations.ts";
import { getCheckWeek, listChecks } from "./queries.ts";
import { CHECK } from "./errors.ts";

const refusedWith = (code: string) => (e: unknown) => isDomainError(e) && e.code === code;

for (const engine of ENGINES) {
  Deno.test(`check weeks (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await checkFixture(db);
      const { owner, dispatcher, manager } = f.viewers;
      const imports = async () => (await db.select({ n: count() }).from(amazonImports))[0].n;
      let weekId = 0;

      await t.step("a wrongly named first file is refused and nothing is stored", async () => {
        const before = await imports();
        await assert.rejects(
          uploadCheckCsv(db, owner, f.files.dcr, f.files.overview),
          (e) => refusedWith(CHECK.uploadUnrouted)(e) && /2026-W21/.test((e as Error).message),
        );
        assert.equal(await imports(), before);
      });

      await t.step("files for two stations: neither is stored", async () => {
        const before = await imports();
        await assert.rejects(
          uploadCheckCsv(db, owner, f.files.dnr, f.files.overviewHyz1),
          refusedWith(CHECK.uploadMismatch),
        );
        assert.equal(await imports(), before);
      });

      await t.step(
        "both files are imported and the week built; the same files again change nothing",
        async () => {
          const out = await uploadCheckCsv(db, owner, f.files.dnr, f.files.overview);
          assert.equal(out.station.tag, "DON9");
          assert.equal(out.week, "2026-W21");
          assert.deepEqual(out.files.map((x) => x.status), ["imported", "imported"]);
          weekId = out.check_week_id;
          const again = await uploadCheckCsv(db, owner, f.files.dnr, f.files.overview);
          assert.deepEqual(again.files.map((x) => x.status), ["unchanged", "unchanged"]);
          assert.equal(again.check_week_id, weekId);
        },
      );

      await t.step(
        "the list: the station's weeks, week_number zero-based, scores from the files",
        async () => {
          const list = await listChecks(db, owner, { page: 1, page_size: 10, station: f.don9.id });
          assert.equal(list.count, 1);
          const row = list.results[0];
          assert.equal(row.week_number, 20);
          assert.equal(row.week_start, "2026-05-17");
          assert.ok(row.scores.dcr !== null && row.scores.dcr > 0);
          assert.ok(row.scores.dsb !== null);
          assert.equal(list.average, null);
          const ranged = await listChecks(db, owner, {
            page: 1,
            page_size: 10,
            station: f.don9.id,
            date_from: "2026-05-01",
            date_to: "2026-05-31",
          });
          assert.deepEqual(ranged.average?.scores.dcr, row.scores.dcr);
          const none = await listChecks(db, owner, { page: 1, page_size: 10, station: f.hyz1.id });
          assert.equal(none.count, 0);
        },
      );

      await t.step(
        "station scoping: other stations' weeks are not found, foreign stations refused",
        async () => {
          await assert.rejects(getCheckWeek(db, manager, weekId), refusedWith(CHECK.notFound));
          await assert.rejects(
            listChecks(db, manager, { page: 1, page_size: 10, station: f.don9.id }),
            refusedWith(CHECK.stationNotOffered),
          );
          const week = await getCheckWeek(db, dispatcher, weekId);
          assert.equal(week.daily_checks.length, 7);
          assert.equal(week.daily_checks[0].get_week_day, "Sun");
        },
      );

      await t.step("day figures: dispatchers read only, others type dsb and violation", async () => {
        const day = (await getCheckWeek(db, owner, weekId)).daily_checks[1];
        await assert.rejects(updateCheckDay(db, dispatcher, day.id, { dsb: 2 }), refusedWith(CHECK.readOnly));
        await assert.rejects(updateCheckDay(db, manager, day.id, { dsb: 2 }), refusedWith(CHECK.notFound));
        const saved = await updateCheckDay(db, owner, day.id, { violation: 3 });
        assert.equal(saved.scores.violation, 3);
        assert.equal((await updateCheckDay(db, owner, day.id, { dsb: 4 })).scores.dsb, 4);
        const week = await getCheckWeek(db, owner, weekId);
        assert.equal(week.off_target.violation, 3);
      });

      await t.step("week figures: management only", async () => {
        await assert.rejects(
          updateCheckWeek(db, dispatcher, weekId, { employee_satisfaction: 90 }),
          refusedWith(CHECK.managementOnly),
        );
        const w = await updateCheckWeek(db, owner, weekId, { whc_da_off_target: 2 });
        assert.equal(w.off_target.whc, 2);
        assert.equal(
          (await updateCheckWeek(db, owner, weekId, { employee_satisfaction: 85 })).scores
            .employee_satisfaction,
          85,
        );
      });

      await t.step("a rebuild (re-import) keeps what people typed", async () => {
        const [imp] = await db.select().from(amazonImports).where(eq(amazonImports.stationId, f.don9.id));
        const { afterImport } = await import("./build.ts");
        await afterImport(db, f.don9.id, imp.week);
        const week = await getCheckWeek(db, owner, weekId);
        assert.equal(week.scores.employee_satisfaction, 85);
        assert.equal(week.off_target.whc, 2);
      });
    } finally {
      await h.close();
    }
  });
}
