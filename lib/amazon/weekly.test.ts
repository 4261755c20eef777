import assert from "node:assert/strict";
import type { FileIdentity, Problem } from "./types.ts";
import { describe, dropDuplicates, guard, settleStation, settleWeek } from "./weekly.ts";

const id = (over: Partial<FileIdentity> = {}): FileIdentity => ({
  kind: "dnr-csv",
  station: "DON9",
  week: null,
  dsp: null,
  ...over,
});

Deno.test("settleWeek: name and content must agree; either alone is taken; neither is fatal", () => {
  const p: Problem[] = [];
  const a = id();
  settleWeek(a, { year: 2026, week: 21 }, { year: 2026, week: 21 }, "the Week column says", "f", p);
  assert.deepEqual([a.week, p], [{ year: 2026, week: 21 }, []]);
  settleWeek(a, null, { year: 2026, week: 3 }, "the Week column says", "f", p);
  assert.deepEqual([a.week, p], [{ year: 2026, week: 3 }, []]);
  settleWeek(a, { year: 2026, week: 21 }, { year: 2026, week: 20 }, "the Week column says", "f", p);
  assert.equal(p[0].message, "the file name says week 2026-W21 but the Week column says 2026-W20.");
  settleWeek(a, null, null, "x", "f", p);
  assert.match(p[1].message, /neither in the file name nor in the file/);
  assert.ok(p.every((x) => x.fatal));
});

Deno.test("settleStation: the name's, else the caller's; a clash with either is fatal", () => {
  const p: Problem[] = [];
  const a = id({ station: null });
  settleStation(a, null, "", "f", p, { station: " hyz1 " });
  assert.deepEqual([a.station, p], ["HYZ1", []]);
  settleStation(id(), "DTO3", "the Service Area column says", "f", p);
  assert.equal(p[0].message, "the file name says station DON9 but the Service Area column says DTO3.");
  settleStation(id({ station: null }), null, "", "f", p);
  assert.match(p[1].message, /station is not in the file name/);
});

Deno.test("dropDuplicates keeps the first; guard turns a throw into a fatal problem; describe", () => {
  const p: Problem[] = [];
  const rows = dropDuplicates(
    [{ row: 2, k: "A" }, { row: 3, k: "B" }, { row: 4, k: "A" }],
    (r) => r.k,
    "TID",
    "f",
    p,
  );
  assert.deepEqual(rows.map((r) => r.row), [2, 3]);
  assert.equal(describe(p[0]), "f, row 4, column 'TID': A is already on row 2; the row was skipped.");
  const r = guard("f.csv", id(), () => {
    throw new Error("boom");
  });
  assert.deepEqual([r.ok, r.rows, r.problems[0].message], [false, [], "the file cannot be read (boom)."]);
});
