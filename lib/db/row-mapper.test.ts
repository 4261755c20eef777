import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
// drizzle's own mapper, exported at run time though not in its types: what the compiled one must equal.
import * as drizzle from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { testPglite } from "../../tests/helpers/db.ts";
import { compileRowMapper, withRowMapper } from "./row-mapper.ts";
import { recordsQuery } from "../shifts/tracker/queries.ts";
import { stations, users, vanGroups, vans } from "./schema.ts";

type Fields = { path: string[]; field: unknown }[];
const mapResultRow = (drizzle as unknown as {
  mapResultRow: (f: Fields, r: unknown[], j?: Record<string, boolean>) => Record<string, unknown>;
}).mapResultRow;
// deno-lint-ignore no-explicit-any
const internals = (p: any) => p as { fields: Fields; joinsNotNullableMap: Record<string, boolean> };

/** Raw values as a driver hands them over, by the column's SQL type; null one time in `nullEvery`. */
function rawRow(fields: Fields, seed: number, nullEvery: number): unknown[] {
  return fields.map(({ field }, i) => {
    if ((seed * 7 + i * 13) % nullEvery === 0) return null;
    // deno-lint-ignore no-explicit-any
    const type = (field as any).columnType ?? "";
    if (type.includes("Timestamp")) return "2026-11-28 12:00:00.123+00";
    if (type.includes("Date")) return "2026-11-28";
    if (type.includes("Numeric")) return "10.50";
    if (type.includes("Boolean")) return (seed + i) % 2 === 0;
    if (type.includes("Json")) return { a: seed };
    if (type.includes("Integer") || type.includes("Serial")) return seed * 100 + i;
    return `v${seed}-${i}`;
  });
}

Deno.test("compiled row mapper: the same objects as drizzle's mapResultRow", async (t) => {
  const handle = await testPglite({ demo: true });
  try {
    const db = handle.db;
    await t.step("the tracker's ten-join selection, every null pattern", () => {
      const p = internals(recordsQuery(db, sql`true`).prepare("t1"));
      const mapper = compileRowMapper(p.fields, p.joinsNotNullableMap);
      let nulled = 0;
      for (const nullEvery of [1, 2, 3, 5, 11, 1000]) {
        const rows = Array.from({ length: 40 }, (_, seed) => rawRow(p.fields, seed, nullEvery));
        const ours = mapper(rows);
        const theirs = rows.map((r) => mapResultRow(p.fields, r, p.joinsNotNullableMap));
        assert.deepEqual(ours, theirs);
        // Same key order too (the objects become JSON).
        assert.deepEqual(ours.map((o) => JSON.stringify(o)), theirs.map((o) => JSON.stringify(o)));
        nulled += ours.filter((o) => o.driver === null).length;
      }
      assert.ok(nulled > 0, "some left-joined objects came out null");
    });

    await t.step("objects over two tables are never nulled; inner joins are not either", () => {
      const boss = alias(users, "boss");
      const q = db.select({
        id: vans.id,
        mixed: { van: vans.number, group: vanGroups.name },
        station: { id: stations.id, tag: stations.tag },
        boss: { id: boss.id, first: boss.firstName },
        label: sql<string>`'x'`,
      }).from(vans).innerJoin(stations, eq(stations.id, vans.stationId))
        .leftJoin(vanGroups, eq(vanGroups.id, vans.vanGroupId)).leftJoin(
          boss,
          eq(boss.id, vans.lastStatusChangedById),
        );
      const p = internals(q.prepare("t2"));
      const mapper = compileRowMapper(p.fields, p.joinsNotNullableMap);
      const rows = [[1, null, null, null, null, null, null, "x"], [2, "7", "G", 3, "DON9", 4, "Ann", "x"]];
      assert.deepEqual(mapper(rows), rows.map((r) => mapResultRow(p.fields, r, p.joinsNotNullableMap)));
      assert.deepEqual(mapper(rows)[0], {
        id: 1,
        mixed: { van: null, group: null },
        station: { id: null, tag: null },
        boss: null,
        label: "x",
      });
    });

    await t.step("a prepared statement with the mapper answers as before, on the database", async () => {
      const build = () => db.select({ id: users.id, email: users.email, at: users.dateJoined }).from(users);
      const plain = await build().prepare("t3").execute();
      const mapped = await withRowMapper(build().prepare("t4")).execute();
      assert.ok(plain.length > 0);
      assert.deepEqual(mapped, plain);
      assert.ok(mapped[0].at instanceof Date);
    });
  } finally {
    await handle.close();
  }
});
