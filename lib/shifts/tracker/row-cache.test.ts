import assert from "node:assert/strict";
import { type CachedRow, cachedRow, forgetRow, rememberRow } from "./row-cache.ts";

const row = (xmin: string, orgEpoch = "1") =>
  ({
    locked: { row: {}, report: {} },
    xmin,
    timeZone: "America/Los_Angeles",
    orgEpoch,
  }) as unknown as CachedRow;

Deno.test("row cache: a row is used only under the org epoch it was read under, per database", () => {
  const db = {};
  rememberRow(db, 7, row("100", "1"));
  assert.equal(cachedRow(db, 7, "1")?.xmin, "100");
  assert.equal(cachedRow(db, 7, "2"), null, "a setting changed since");
  assert.equal(cachedRow(db, 7, undefined), null, "outside a checked request");
  assert.equal(cachedRow({}, 7, "1"), null, "another database");
  rememberRow(db, 7, row("101", "1"));
  assert.equal(cachedRow(db, 7, "1")?.xmin, "101", "the newest read or write wins");
  forgetRow(db, 7);
  assert.equal(cachedRow(db, 7, "1"), null);
});

Deno.test("row cache: bounded, the least recently remembered go first", () => {
  const db = {};
  for (let id = 1; id <= 10_001; id++) rememberRow(db, id, row(String(id)));
  assert.equal(cachedRow(db, 1, "1"), null);
  assert.equal(cachedRow(db, 2, "1")?.xmin, "2");
  assert.equal(cachedRow(db, 10_001, "1")?.xmin, "10001");
});
