// IKEA weeks end to end on both engines: the list (station scoping, range, Average row) and who may type.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { stations } from "../org/schema.ts";
import type { Queryable } from "../db/client.ts";
import { makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { makeIkeaWeek } from "../demo/ikea.ts";
import { isDomainError } from "../errors.ts";
import { CHECK } from "../checks/errors.ts";
import { getIkeaWeek, getIkeaWeekDetail, listIkeaWeeks } from "./queries.ts";
import { updateIkeaDay, updateIkeaWeek } from "./mutations.ts";
import { IKEA } from "./errors.ts";

const refusedWith = (code: string) => (e: unknown) => isDomainError(e) && e.code === code;

async function stationTagged(db: Queryable, tag: string) {
  const [row] = await db.select().from(stations).where(eq(stations.tag, tag));
  return row ?? await makeStation(db, { tag, title: `Station ${tag}` });
}

for (const engine of ENGINES) {
  Deno.test(`IKEA weeks (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const dto3 = await stationTagged(db, "DTO3");
      const don8 = await stationTagged(db, "DON8");
      const don9 = await stationTagged(db, "DON9");
      const owner = await makeUser(db, { role: 4 });
      const dispatcher = await makeUser(db, { role: 1 });
      for (const s of [dto3, don8, don9]) await makeSpot(db, owner.id, s.id);
      await makeSpot(db, dispatcher.id, don8.id);
      const ownerV = { id: owner.id, role: 4 as const, stationIds: [dto3.id, don8.id, don9.id] };
      const dispatcherV = { id: dispatcher.id, role: 1 as const, stationIds: [don8.id] };
      const a = await makeIkeaWeek(db, dto3.id, "2026-05-20", { dcr: 99, infraction: 2 });
      await makeIkeaWeek(db, dto3.id, "2026-05-13", { dcr: 96, infraction: null });
      await makeIkeaWeek(db, dto3.id, "2026-03-04", { dcr: 90 });
      const b = await makeIkeaWeek(db, don8.id, "2026-05-20", { dcr: 97 });

      await t.step("the list: newest first, week_number zero-based, no average without a range", async () => {
        const list = await listIkeaWeeks(db, ownerV, { page: 1, page_size: 10, station: dto3.id });
        assert.equal(list.count, 3);
        assert.equal(list.results[0].id, a);
        assert.equal(list.results[0].week_number, 20);
        assert.equal(list.results[0].week_start, "2026-05-17");
        assert.equal(list.average, null);
        const paged = await listIkeaWeeks(db, ownerV, { page: 2, page_size: 10, station: dto3.id });
        assert.equal(paged.results.length, 0);
      });

      await t.step("a range: only its weeks, and the Average row over them", async () => {
        const list = await listIkeaWeeks(db, ownerV, {
          page: 1,
          page_size: 10,
          station: dto3.id,
          date_from: "2026-05-01",
          date_to: "2026-05-31",
        });
        assert.equal(list.count, 2);
        assert.equal(list.average?.dcr, 97.5);
        assert.equal(list.average?.infraction, 1);
      });

      await t.step("station scoping: not an IKEA station, or not the viewer's", async () => {
        await assert.rejects(
          listIkeaWeeks(db, ownerV, { page: 1, page_size: 10, station: don9.id }),
          refusedWith(CHECK.stationNotOffered),
        );
        await assert.rejects(getIkeaWeek(db, dispatcherV, a), refusedWith(IKEA.notFound));
        const own = await listIkeaWeeks(db, dispatcherV, { page: 1, page_size: 10 });
        assert.deepEqual(own.results.map((r) => r.id), [b]);
      });

      await t.step("typing: management only, one field, others untouched", async () => {
        await assert.rejects(
          updateIkeaWeek(db, dispatcherV, b, { infraction: 1 }),
          refusedWith(IKEA.managementOnly),
        );
        const saved = await updateIkeaWeek(db, ownerV, b, { tenured_da: 14 });
        assert.equal(saved.tenured_da, 14);
        assert.equal(saved.dcr, 97);
        assert.equal((await updateIkeaWeek(db, ownerV, b, { tenured_da: null })).tenured_da, null);
        assert.equal((await updateIkeaWeek(db, ownerV, b, { oa: 99.5 })).oa, 99.5);
      });

      await t.step("the week page: seven days; a typed day makes the week's figures its Total", async () => {
        const week = await getIkeaWeekDetail(db, ownerV, b);
        assert.deepEqual(week.daily_checks.map((d) => d.get_week_day), [
          "Sun",
          "Mon",
          "Tue",
          "Wed",
          "Thu",
          "Fri",
          "Sat",
        ]);
        const [mon, tue] = week.daily_checks.slice(1, 3);
        await assert.rejects(
          updateIkeaDay(db, dispatcherV, mon.id, { dcr: 99 }),
          refusedWith(IKEA.managementOnly),
        );
        const ownerOnly = { ...ownerV, stationIds: [dto3.id] };
        await assert.rejects(updateIkeaDay(db, ownerOnly, mon.id, { dcr: 99 }), refusedWith(IKEA.notFound));
        await updateIkeaDay(db, ownerV, mon.id, { dcr: 99 });
        await updateIkeaDay(db, ownerV, tue.id, { dcr: 96 });
        const after = await updateIkeaDay(db, ownerV, tue.id, { dcr_da_off_target: 2 });
        assert.equal(after.daily_checks[2].dcr, 96);
        assert.equal(after.dcr, 97.5);
        assert.equal(after.dcr_da_off_target, 2);
        assert.equal(after.oa, 99.5, "a measure no day has keeps the week's own figure");
      });
    } finally {
      await h.close();
    }
  });
}
