import assert from "node:assert/strict";
import { isNewer, mergeFeed, upsert } from "./sync.ts";
import type { Rec } from "./types.ts";

const rec = (id: number, version: number, extra: Partial<Rec> = {}): Rec =>
  ({
    id,
    version,
    created: `2026-03-0${id}T10:00:00.000Z`,
    locked: false,
    lock_reason: null,
    can_delete: true,
    route: null,
    ...extra,
  }) as Rec;

Deno.test("upsert: a newer version replaces, an older or equal one is ignored, a new row goes in creation order", () => {
  const rows = [rec(1, 1), rec(3, 1)];
  assert.equal(upsert(rows, rec(1, 1)), rows, "same version: the same list");
  assert.equal(upsert(rows, rec(3, 0)), rows, "older: the same list");
  const newer = upsert(rows, rec(3, 2, { route: "CX1" }));
  assert.equal(newer[1].route, "CX1");
  assert.equal(newer[0], rows[0], "other rows keep their identity (memoised rows do not re-render)");
  assert.deepEqual(upsert(rows, rec(2, 1)).map((r) => r.id), [1, 2, 3]);
  assert.equal(upsert(rows, rec(1, 1), true)[0].id, 1);
  assert.notEqual(upsert(rows, { ...rows[0] }, true), rows, "forced: replaced even at the same version");
});

Deno.test("isNewer: the same version with another lock state counts (the day moved on)", () => {
  assert.equal(isNewer(rec(1, 2), rec(1, 2)), false);
  assert.equal(isNewer(rec(1, 2, { locked: true }), rec(1, 2)), true);
  assert.equal(isNewer(rec(1, 3), rec(1, 2)), true);
});

Deno.test("mergeFeed: changes elsewhere, rows deleted elsewhere, and races with this page's own add and delete", () => {
  const rows = [rec(1, 1), rec(2, 1)];
  const known = new Set([1, 2]);
  const none = new Set<number>();
  const changed = mergeFeed(rows, { records: [rec(2, 2, { route: "X" })], ids: [1, 2] }, known, none);
  assert.equal(changed[1].route, "X");
  assert.equal(changed[0], rows[0]);
  assert.equal(
    mergeFeed(rows, { records: [], ids: [1, 2] }, known, none),
    rows,
    "nothing new: the same list",
  );
  assert.deepEqual(
    mergeFeed(rows, { records: [], ids: [1] }, known, none).map((r) => r.id),
    [1],
    "deleted elsewhere",
  );
  const added = [...rows, rec(4, 1)];
  assert.deepEqual(
    mergeFeed(added, { records: [], ids: [1, 2] }, known, none).map((r) => r.id),
    [1, 2, 4],
    "a row this page added after the poll was sent stays",
  );
  assert.deepEqual(mergeFeed(rows, { records: [rec(3, 1)], ids: [1, 2, 3] }, known, none).map((r) => r.id), [
    1,
    2,
    3,
  ], "added elsewhere");
  assert.deepEqual(
    mergeFeed([rows[0]], { records: [rec(2, 2)], ids: [1, 2] }, new Set([1]), new Set([2])).map((r) => r.id),
    [1],
    "a row this page deleted does not come back",
  );
});
