// The plain-field PATCH path's row cache (lib/shifts/tracker/row-cache.ts) on both engines: a row kept
// from the last change is used only for a write its tuple's xmin guards, so a change by anyone else, even
// one that leaves the version alone, makes the next change read the row again.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { shiftRecords } from "../../lib/db/schema.ts";
import { patchRecord } from "../../lib/shifts/tracker/patch.ts";
import { recordById } from "../../lib/shifts/tracker/queries.ts";
import { cachedRow } from "../../lib/shifts/tracker/row-cache.ts";
import { viewOf } from "../../lib/shifts/tracker/context.ts";
import { recordPatchInput } from "../../lib/shifts/inputs.ts";
import { COMMON, DomainError } from "../../lib/errors.ts";
import { day, makeReport, record, userId } from "./tracker-fixture.ts";

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the plain path's row cache never writes over a change it did not see`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const h = await engine.open({ demo: true });
      const db = h.db;
      try {
        const viewer = {
          id: await userId(db, "dispatcher@example.com"),
          role: 1 as const,
          stationIds: [1, 2],
          can_create_old_shifts: false,
        };
        const date = await day(db, 1);
        const rep = await makeReport(db, { stationId: 1, reportDate: date, rows: 3 });
        const [a, b, c] = rep.recordIds;
        const patch = (id: number, body: Record<string, unknown>) =>
          patchRecord(db, viewer, id, recordPatchInput.parse(body));

        await t.step(
          "changes one after another on a row: each from the row as written, as a fresh read",
          async () => {
            let dto = await patch(a, { version: 1, route: "CX1" });
            assert.ok(cachedRow(db, viewer, a), "the written row is kept");
            dto = await patch(a, { version: dto.version, number_of_stops: 120 });
            dto = await patch(a, { version: dto.version, wave_time: "Wave 2", number_of_packages: 210 });
            const row = await record(db, a);
            assert.equal(row.version, 4);
            assert.deepEqual(
              {
                route: row.route,
                stops: row.numberOfStops,
                packages: row.numberOfPackages,
                wave: row.waveTime,
              },
              { route: "CX1", stops: 120, packages: 210, wave: "Wave 2" },
            );
            assert.deepEqual(row.fieldVersions, {
              route: 2,
              number_of_stops: 3,
              wave_time: 4,
              number_of_packages: 4,
            });
            assert.deepEqual(dto, await recordById(db, a, await viewOf(db, viewer, date)));
          },
        );

        await t.step(
          "a change behind the cache, version untouched: the next write reads the row again",
          async () => {
            const first = await patch(b, { version: 1, route: "CX2" });
            await db.execute(
              sql`update shift_records set number_of_packages = 999, route = 'CX9' where id = ${b}`,
            );
            const dto = await patch(b, { version: first.version, number_of_stops: 5 });
            assert.equal(dto.number_of_packages, 999, "the answer is the row as it is, not as it was kept");
            assert.equal(dto.route, "CX9");
            const row = await record(db, b);
            assert.deepEqual([row.numberOfStops, row.numberOfPackages, row.route], [5, 999, "CX9"]);
          },
        );

        await t.step(
          "the value kept equals the one asked for, the row's does not: it is written",
          async () => {
            const first = await patch(c, { version: 1, route: "CX3" });
            await db.update(shiftRecords).set({ route: "OTHER" }).where(eq(shiftRecords.id, c));
            const dto = await patch(c, { version: first.version, route: "CX3" });
            assert.equal(dto.route, "CX3");
            assert.equal((await record(db, c)).route, "CX3");
          },
        );

        await t.step("a kept row is not shown to a viewer of other stations", async () => {
          await patch(a, { version: 4, route: "CX1b" });
          const outsider = { ...viewer, stationIds: [3] };
          await assert.rejects(
            () => patchRecord(db, outsider, a, recordPatchInput.parse({ route: "X" })),
            (e) => e instanceof DomainError && e.code === COMMON.notFound,
          );
          assert.equal((await record(db, a)).route, "CX1b");
        });
      } finally {
        await h.close();
      }
    },
  });
}
