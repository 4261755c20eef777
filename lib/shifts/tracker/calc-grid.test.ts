import assert from "node:assert/strict";
import {
  COLUMN_IDS,
  DEFAULT_VIEW,
  fillCounts,
  GRID_COLUMNS,
  normaliseView,
  rowGaps,
  setColumns,
  visibleColumns,
} from "./calc-grid.ts";
import { trackerViewInput } from "./inputs.ts";

const row = (over: Record<string, unknown> = {}) => ({
  role: 1,
  da_status: 1,
  driver: { id: 1 },
  van: { id: 2 },
  fleet_number: null,
  route: "CX1",
  wave_time: "10:20",
  ...over,
});

Deno.test("grid: frozen columns lead every set; a set shows its columns in the user's order, minus hidden", () => {
  const view = normaliseView({ set: "returns", order: ["uta", "route"], hidden: ["bc"] });
  const shown = visibleColumns(view, false);
  assert.deepEqual(shown.slice(0, 3), ["created", "driver", "fleet_no"]);
  assert.deepEqual(shown.slice(3, 5), ["uta", "route"]);
  assert.ok(!shown.includes("bc"));
  assert.ok(!shown.includes("rabbit"), "equipment columns are not in the returns set");
  assert.equal(visibleColumns({ ...DEFAULT_VIEW, set: "all" }, true).length, COLUMN_IDS.length);
  assert.equal(visibleColumns({ ...DEFAULT_VIEW, set: "all" }, false).length, COLUMN_IDS.length - 2);
  for (const set of ["dispatch", "equipment", "returns"] as const) {
    for (const id of setColumns(set)) assert.ok(COLUMN_IDS.includes(id), `${set}: ${id}`);
  }
});

Deno.test("grid: a saved view is made safe (unknown and frozen ids dropped, new columns appended)", () => {
  const v = normaliseView({
    set: "nope" as never,
    order: ["zzz", "created", "route", "route"],
    hidden: ["driver"],
  });
  assert.equal(v.set, "dispatch");
  assert.equal(v.order[0], "route");
  assert.equal(v.order.length, DEFAULT_VIEW.order.length);
  assert.deepEqual(v.hidden, []);
  assert.equal(normaliseView(null).density, "normal");
});

Deno.test("grid: every abbreviation's header explains it", () => {
  for (const id of ["uta", "utl", "nsl", "bc", "fdd", "oc"]) {
    const c = GRID_COLUMNS.find((x) => x.id === id)!;
    assert.match(c.title, new RegExp(`^${c.label}: [A-Z]`), id);
  }
});

Deno.test("grid: filled/empty counts and gaps skip rows that gave their van back", () => {
  const rows = [
    row(),
    row({ driver: null, route: null }),
    row({ van: null, fleet_number: "T-1", wave_time: null }),
    row({ da_status: 3, route: null }),
  ];
  const c = fillCounts(rows);
  assert.deepEqual(c.driver, { filled: 2, empty: 1 });
  assert.deepEqual(c.route, { filled: 2, empty: 1 });
  assert.deepEqual(c.fleet_no, { filled: 3, empty: 0 });
  assert.deepEqual(c.wave, { filled: 2, empty: 1 });
  assert.deepEqual(rowGaps(rows[1]), ["driver", "route"]);
  assert.deepEqual(rowGaps(rows[3]), []);
});

Deno.test("grid: the view input refuses unknown and frozen columns", () => {
  const ok = { set: "all", order: ["route"], hidden: [], density: "compact" };
  assert.ok(trackerViewInput.safeParse(ok).success);
  assert.ok(!trackerViewInput.safeParse({ ...ok, order: ["created"] }).success);
  assert.ok(!trackerViewInput.safeParse({ ...ok, hidden: ["nope"] }).success);
  assert.ok(!trackerViewInput.safeParse({ ...ok, set: "x" }).success);
});
