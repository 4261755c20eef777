import assert from "node:assert/strict";
import { revealTop, rowWindow } from "./rowWindow.ts";

const base = { count: 150, rowHeight: 40, overscan: 6, head: 44 };

Deno.test("rowWindow: at the top, the rows under the header plus the overscan below", () => {
  // 396 px of rows below a 44 px header: rows 0-9 show (the tenth cut), six more are rendered below.
  assert.deepEqual(rowWindow({ ...base, scrollTop: 0, viewport: 440 }), {
    start: 0,
    end: 16,
    before: 0,
    after: (150 - 16) * 40,
  });
});

Deno.test("rowWindow: scrolled, the spacers keep the table its full height", () => {
  const w = rowWindow({ ...base, scrollTop: 1000, viewport: 600 });
  // Row 25 is the first one below the header (1000 / 40), row 38 the last partly shown ((1000 + 556) / 40).
  assert.equal(w.start, 25 - 6);
  assert.equal(w.end, 39 + 6);
  assert.equal(w.before + (w.end - w.start) * 40 + w.after, 150 * 40);
});

Deno.test("rowWindow: at the bottom and past it, the window ends at the last row", () => {
  const bottom = rowWindow({ ...base, scrollTop: 150 * 40 + 44 - 600, viewport: 600 });
  assert.equal(bottom.end, 150);
  assert.equal(bottom.after, 0);
  // An overscrolled (elastic) scrollTop still renders the last row, never an empty window.
  const past = rowWindow({ ...base, scrollTop: 99_999, viewport: 600 });
  assert.equal(past.end, 150);
  assert.ok(past.start < 150);
});

Deno.test("rowWindow: no rows, or fewer than the view holds", () => {
  assert.deepEqual(rowWindow({ ...base, count: 0, scrollTop: 0, viewport: 600 }), {
    start: 0,
    end: 0,
    before: 0,
    after: 0,
  });
  assert.deepEqual(rowWindow({ ...base, count: 3, scrollTop: 0, viewport: 600 }), {
    start: 0,
    end: 3,
    before: 0,
    after: 0,
  });
});

Deno.test("revealTop: the least scroll that shows the row below the sticky header", () => {
  const view = { scrollTop: 400, viewport: 440, rowHeight: 40, head: 44 };
  // Rows 10-18 are wholly in view (400..796 below the header).
  assert.equal(revealTop(10, view), null);
  assert.equal(revealTop(18, view), null);
  // Row 9 is under the header: scroll up to its top.
  assert.equal(revealTop(9, view), 360);
  // Row 19 is cut at the bottom: scroll down just enough for its bottom edge.
  assert.equal(revealTop(19, view), 44 + 20 * 40 - 440);
  assert.equal(revealTop(0, { ...view, scrollTop: 0 }), null);
});
