import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { stations } from "../org/schema.ts";
import { preparedOnce } from "./prepared.ts";

Deno.test("preparedOnce builds a statement once per handle and key", () => {
  let builds = 0;
  const build = () => {
    builds++;
    return { execute: () => Promise.resolve(builds) };
  };
  const a = {}, b = {};
  assert.equal(preparedOnce(a, "k", build), preparedOnce(a, "k", build));
  assert.equal(builds, 1);
  preparedOnce(a, "other", build);
  preparedOnce(b, "k", build);
  assert.equal(builds, 3, "another key, another handle: built again");
});

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: one statement serves every station list; an empty list matches nothing`, async () => {
    const handle = await engine.open({ demo: true });
    try {
      const db = handle.db;
      const all = (await db.select({ id: stations.id }).from(stations)).map((s) => s.id).sort((x, y) =>
        x - y
      );
      assert.ok(all.length >= 2, "the demo has several stations");
      const ids = async (list: number[]) => {
        const statement = preparedOnce(
          db,
          "test.stations",
          () =>
            db.select({ id: stations.id }).from(stations)
              .where(sql`${stations.id} = any(${sql.placeholder("stations")}::int[])`)
              .orderBy(stations.id).prepare("test_stations"),
        );
        return (await statement.execute({ stations: list })).map((r) => r.id);
      };
      assert.deepEqual(await ids([all[1]]), [all[1]]);
      assert.deepEqual(await ids(all), all);
      assert.deepEqual(await ids([]), []);
    } finally {
      await handle.close();
    }
  });
}
