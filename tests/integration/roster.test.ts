// The roster import on both engines: bulk create and update, idempotency, all-or-nothing, and two
// imports of the same file at once (the second waits for the first and then finds nothing to do).
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { users } from "../../lib/org/schema.ts";
import type { Queryable } from "../../lib/db/client.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { commitRoster, previewRoster } from "../../lib/roster/import.ts";
import type { UploadedFile } from "../../lib/uploads/guard.ts";
import { ROSTER_ENGINES } from "./roster-db.ts";
import { bigRoster } from "./roster-data.ts";

function file(text: string, fileName: string): UploadedFile {
  const bytes = new TextEncoder().encode(text);
  return { fileName, contentType: "text/csv", size: bytes.length, bytes };
}

async function totals(db: Queryable) {
  const res = await db.execute(
    sql`select (select count(*)::int from users) as u, (select count(*)::int from station_spots) as s,
    (select count(*)::int from status_changes) as h, (select count(*)::int from uploads) as f`,
  );
  return rowsOf<Record<string, number>>(res)[0];
}

for (const engine of ROSTER_ENGINES) {
  Deno.test(`${engine.name}: 1,000 new DAs, then the same file with every status changed, then again`, async () => {
    const h = await engine.open();
    try {
      const [m] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
      const viewer = { id: m.id, stationIds: [1, 2, 3] };
      const start = await totals(h.db);

      const created = await commitRoster(h.db, viewer, "das", file(bigRoster(1000, "BLK"), "big.csv"));
      assert.deepEqual([created.created, created.updated, created.skipped], [1000, 0, 0]);
      const afterCreate = await totals(h.db);
      assert.deepEqual([
        afterCreate.u - start.u,
        afterCreate.s - start.s,
        afterCreate.h - start.h,
        afterCreate.f - start.f,
      ], [1000, 1000, 0, 1]);

      const changed = file(bigRoster(1000, "BLK", "Inactive"), "big-inactive.csv");
      const preview = await previewRoster(h.db, viewer, "das", changed);
      assert.deepEqual(preview.counts, { create: 0, update: 1000, unchanged: 0, reject: 0 });
      assert.equal(preview.update.length, 25, "the preview carries a sample");
      assert.equal(preview.more.update, 975);
      await commitRoster(h.db, viewer, "das", changed, preview.digest);
      const afterUpdate = await totals(h.db);
      assert.deepEqual([
        afterUpdate.u,
        afterUpdate.s,
        afterUpdate.h - afterCreate.h,
        afterUpdate.f - afterCreate.f,
      ], [afterCreate.u, afterCreate.s, 1000, 1]);

      const again = await commitRoster(h.db, viewer, "das", changed);
      assert.deepEqual([again.upload_id, again.unchanged], [null, 1000]);
      assert.deepEqual(await totals(h.db), afterUpdate);
    } finally {
      await h.close();
    }
  });

  Deno.test(`${engine.name}: the same file committed twice at once is imported once`, async () => {
    const h = await engine.open();
    try {
      const [m] = await h.db.select({ id: users.id }).from(users).where(
        eq(users.email, "manager@example.com"),
      );
      const viewer = { id: m.id, stationIds: [1, 2, 3] };
      const f = file(bigRoster(200, "TWN"), "twice.csv");
      const results = await Promise.allSettled([
        commitRoster(h.db, viewer, "das", f),
        commitRoster(h.db, viewer, "das", f),
      ]);
      const ok = results.filter((r) => r.status === "fulfilled").map((r) =>
        (r as PromiseFulfilledResult<{ created: number; unchanged: number }>).value
      );
      assert.equal(ok.length, 2, JSON.stringify(results.filter((r) => r.status === "rejected")));
      assert.deepEqual(ok.map((r) => r.created).sort(), [0, 200]);
      assert.deepEqual(ok.map((r) => r.unchanged).sort(), [0, 200]);
      const res = await h.db.execute(
        sql`select count(*)::int as n from users where transporter_id like 'ATWN%'`,
      );
      assert.equal(rowsOf<{ n: number }>(res)[0].n, 200);
    } finally {
      await h.close();
    }
  });
}
