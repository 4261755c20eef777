import assert from "node:assert/strict";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import type { Viewer } from "../users/current-user.ts";
import { STATISTICS } from "./registry.ts";
import { runStatistic, STATISTIC_ERRORS } from "./run.ts";

// The dispatcher's own rules need no database: the statistic below never touches it.
const db = {} as Db;
const viewer = (role: 1 | 4) => ({ role, stationIds: [1] }) as unknown as Viewer;

Deno.test("runStatistic: an unknown or missing name is a coded 400 listing the names; prototype keys are not names", async () => {
  for (const name of ["nope", "", "constructor", "__proto__"]) {
    const params = new URLSearchParams(name ? { statistic: name } : {});
    await assert.rejects(
      () => runStatistic(db, viewer(4), params),
      (e) => e instanceof DomainError && e.code === STATISTIC_ERRORS.unknown && e.kind === "invalid",
    );
  }
});

Deno.test("runStatistic: each statistic's own action decides, then it runs with the viewer and the query", async () => {
  STATISTICS.__test_only = {
    action: "payroll.read",
    run: (_db, v, p) => Promise.resolve({ who: v.role, year: p.get("year") }),
  };
  try {
    const params = new URLSearchParams({ statistic: "__test_only", year: "2026" });
    assert.deepEqual(await runStatistic(db, viewer(4), params), { who: 4, year: "2026" });
    await assert.rejects(
      () => runStatistic(db, viewer(1), params),
      (e) => e instanceof DomainError && e.kind === "forbidden",
    );
  } finally {
    delete STATISTICS.__test_only;
  }
});
