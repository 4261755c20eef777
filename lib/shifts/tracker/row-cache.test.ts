import assert from "node:assert/strict";
import { cachedRow, forgetRow, keepRow, ROW_CACHE_MS, ROW_CACHE_ROWS } from "./row-cache.ts";
import type { Locked } from "./context.ts";

const viewer = (stationIds: number[], old = false) => ({
  id: 7,
  role: 1 as const,
  stationIds,
  can_create_old_shifts: old,
});

function locked(id: number, stationId = 1): Locked {
  return {
    row: { id } as Locked["row"],
    shown: {} as Locked["shown"],
    report: { id: 1, stationId, stationTag: "DON9", reportDate: "2026-11-28", hasSecondDriver: false },
    view: { reportDate: "2026-11-28", today: "2026-11-28", editor: { canCreateOldShifts: true } },
    xmin: "100",
    timeZone: "America/Los_Angeles",
  };
}

Deno.test("a kept row is found for a viewer of its station, with that viewer's rights", () => {
  const db = {};
  keepRow(db, { locked: locked(1), readAt: 1_000 });
  const hit = cachedRow(db, viewer([1, 2]), 1, 1_500);
  assert.ok(hit);
  assert.equal(hit.readAt, 1_000);
  assert.equal(
    hit.locked.view.editor.canCreateOldShifts,
    false,
    "the asking viewer's rights, not the reader's",
  );
  assert.equal(cachedRow(db, viewer([2]), 1, 1_500), null, "not for a viewer of other stations");
  assert.equal(cachedRow({}, viewer([1]), 1, 1_500), null, "each database handle has its own rows");
});

Deno.test("a row read more than ROW_CACHE_MS ago is not used; a forgotten row is gone", () => {
  const db = {};
  keepRow(db, { locked: locked(1), readAt: 0 });
  assert.ok(cachedRow(db, viewer([1]), 1, ROW_CACHE_MS));
  assert.equal(cachedRow(db, viewer([1]), 1, ROW_CACHE_MS + 1), null);
  forgetRow(db, 1);
  assert.equal(cachedRow(db, viewer([1]), 1, 0), null);
});

Deno.test("at most ROW_CACHE_ROWS rows: the one kept longest ago goes first", () => {
  const db = {};
  for (let id = 1; id <= ROW_CACHE_ROWS; id++) keepRow(db, { locked: locked(id), readAt: 0 });
  keepRow(db, { locked: locked(1), readAt: 0 }); // kept again: now the newest
  keepRow(db, { locked: locked(ROW_CACHE_ROWS + 1), readAt: 0 });
  assert.ok(cachedRow(db, viewer([1]), 1, 0));
  assert.equal(cachedRow(db, viewer([1]), 2, 0), null);
  assert.ok(cachedRow(db, viewer([1]), ROW_CACHE_ROWS + 1, 0));
});
