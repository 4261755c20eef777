import assert from "node:assert/strict";
import { OVERSCAN, windowIndexes, windowRange } from "./useRowWindow.ts";

Deno.test("window range: the visible rows plus the overscan, clamped to the rows there are", () => {
  assert.deepEqual(windowRange(0, 400, 33, 40, 150), { start: 0, end: 10 + OVERSCAN });
  const mid = windowRange(33 + 40 * 50, 400, 33, 40, 150);
  assert.deepEqual(mid, { start: 50 - OVERSCAN, end: 60 + OVERSCAN });
  assert.deepEqual(windowRange(99999, 400, 33, 40, 150).end, 150);
  assert.deepEqual(windowRange(0, 400, 33, 40, 3), { start: 0, end: 3 });
  assert.deepEqual(windowRange(0, 400, 33, 40, 0), { start: 0, end: 0 });
});

Deno.test("window indexes: ascending, with the focused row kept wherever it is", () => {
  assert.deepEqual(windowIndexes(2, 5, 10, null), [2, 3, 4]);
  assert.deepEqual(windowIndexes(2, 5, 10, 0), [0, 2, 3, 4], "focused row above the window");
  assert.deepEqual(windowIndexes(2, 5, 10, 8), [2, 3, 4, 8], "focused row below the window");
  assert.deepEqual(windowIndexes(2, 5, 10, 3), [2, 3, 4], "focused row inside: once");
  assert.deepEqual(
    windowIndexes(0, 12, 4, 9),
    [0, 1, 2, 3],
    "a focused row that no longer exists is dropped",
  );
});
