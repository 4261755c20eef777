import assert from "node:assert/strict";
import {
  matchDas,
  type MatchedRow,
  nameKey,
  placeRows,
  type PlanRecord,
  type StationDa,
} from "./shift-upload-plan.ts";
import type { ShiftFileRow } from "./shift-xlsx.ts";

function fileRow(row: number, route: string, who: { name?: string; tid?: string } = {}): ShiftFileRow {
  return {
    row,
    route,
    driverName: who.name ?? null,
    transporterId: who.tid ?? null,
    serviceType: null,
    fleetSizeId: null,
    waveTime: null,
    waveClock: null,
    duration: null,
    staging: null,
    zones: null,
    packages: null,
    commercialPackages: null,
  };
}
const da = (id: number, first: string, last: string, tid: string | null = null, status = 1): StationDa => ({
  id,
  firstName: first,
  lastName: last,
  transporterId: tid,
  status,
});

const DAS = [
  da(1, "Ana", "Cruz", "A1AAAAAAAAAAAA"),
  da(2, "José", "Núñez", "A2BBBBBBBBBBBB"),
  da(3, "Sam", "Lee", null),
  da(4, "Sam", "Lee", null),
  da(5, "Old", "Timer", "A5CCCCCCCCCCCC", 5),
  da(6, "Kim", "Park", null, 6),
  da(7, "Kim", "Park", null),
];

Deno.test("nameKey: case, accents, punctuation, spacing and 'Last, First' do not matter", () => {
  assert.equal(nameKey("  José   NÚÑEZ "), "jose nunez");
  assert.equal(nameKey("Núñez, José"), "jose nunez");
  assert.equal(nameKey("Mary-Ann O'Brien"), "mary ann o brien");
});

Deno.test("matchDas: transporter id first, then the full name; reasons for the rest", () => {
  const rows = [
    fileRow(2, "CX1", { tid: "A1AAAAAAAAAAAA", name: "Somebody Else" }),
    fileRow(3, "CX2", { name: "jose nunez" }),
    fileRow(4, "CX3", { name: "Sam Lee" }),
    fileRow(5, "CX4", { tid: "A9ZZZZZZZZZZZZ", name: "Ana Cruz" }),
    fileRow(6, "CX5", { tid: "A5CCCCCCCCCCCC" }),
    fileRow(7, "CX6", { name: "Nobody Here" }),
    fileRow(8, "CX7", {}),
    fileRow(9, "CX8", { name: "Cruz, Ana" }),
    fileRow(10, "CX9", { name: "Kim Park" }),
  ];
  const { matched, unmatched } = matchDas(rows, DAS, "DON9");
  assert.deepEqual(matched.map((m) => [m.file.route, m.driverId, m.driverName]), [
    ["CX1", 1, "Ana Cruz"],
    ["CX2", 2, "José Núñez"],
    ["CX9", 7, "Kim Park"],
  ]);
  assert.deepEqual(unmatched, [
    {
      row: 4,
      reason: "Route CX3: 2 active DAs of DON9 are named Sam Lee; add their Transporter ID to the file.",
    },
    { row: 5, reason: "Route CX4: no DA of DON9 has the Transporter ID A9ZZZZZZZZZZZZ." },
    { row: 6, reason: "Route CX5: Old Timer is not an active DA (Off Boarded)." },
    { row: 7, reason: "Route CX6: no DA of DON9 is named Nobody Here." },
    { row: 8, reason: "Route CX7: no Driver Name or Transporter ID." },
    { row: 9, reason: "Route CX8: Ana Cruz is also on route CX1 (row 2) of the file." },
  ]);
});

const m = (row: number, route: string, driverId: number, name = `DA ${driverId}`): MatchedRow => ({
  file: fileRow(row, route),
  driverId,
  driverName: name,
});
const rec = (id: number, over: Partial<PlanRecord> = {}): PlanRecord => ({
  id,
  route: null,
  driverId: null,
  secondDriverId: null,
  locked: null,
  ...over,
});

Deno.test("placeRows: same route, then the DA's routeless row, then blank rows, then new rows", () => {
  const records = [
    rec(10, { route: "CX2", driverId: 99 }),
    rec(11, { driverId: 3 }),
    rec(12),
    rec(13, { route: "CX50" }),
    rec(14),
  ];
  const { ops, unmatched } = placeRows([
    m(2, "CX1", 1),
    m(3, "cx2", 2),
    m(4, "CX3", 3),
    m(5, "CX4", 4),
    m(6, "CX5", 5),
  ], records);
  assert.deepEqual(unmatched, []);
  assert.deepEqual(ops.map((o) => [o.match.file.route, o.recordId]), [
    ["CX1", 12],
    ["cx2", 10],
    ["CX3", 11],
    ["CX4", 14],
    ["CX5", null],
  ]);
});

Deno.test("placeRows: a locked row with the route is not touched", () => {
  const records = [
    rec(10, {
      route: "CX1",
      driverId: 1,
      locked: "This row is locked: the DA's shift is rejected (status 2).",
    }),
  ];
  const { ops, unmatched } = placeRows([m(2, "CX1", 1)], records);
  assert.deepEqual(ops, []);
  assert.deepEqual(unmatched, [{
    row: 2,
    reason: "Route CX1: row 1 has this route and is locked: the DA's shift is rejected (status 2).",
  }]);
});

Deno.test("placeRows: a DA who stays on a row the file does not touch is not put on a second row", () => {
  const records = [
    rec(10, { route: "CX9", driverId: 1 }),
    rec(11, { route: "CX8", driverId: 7, secondDriverId: 2 }),
  ];
  const { ops, unmatched } = placeRows([m(2, "CX1", 1, "Ana Cruz"), m(3, "CX2", 2, "José Núñez")], records);
  assert.deepEqual(ops, []);
  assert.deepEqual(unmatched, [
    {
      row: 2,
      reason: "Route CX1: Ana Cruz is already on row 1 (route CX9) of this report; change that row first.",
    },
    {
      row: 3,
      reason:
        "Route CX2: José Núñez is already on row 2 (route CX8) of this report as DA 2; change that row first.",
    },
  ]);
});

Deno.test("placeRows: DAs may swap routes; a dropped placement keeps its DA where they were", () => {
  const swap = placeRows([m(2, "CX1", 2), m(3, "CX2", 1)], [
    rec(10, { route: "CX1", driverId: 1 }),
    rec(11, { route: "CX2", driverId: 2 }),
  ]);
  assert.deepEqual(swap.unmatched, []);
  assert.deepEqual(swap.ops.map((o) => [o.match.driverId, o.recordId]), [[2, 10], [1, 11]]);

  // DA 3 cannot move off row 12 (untouched), so CX1 -> DA 3 is dropped; row 10 then keeps DA 1, so
  // DA 1 cannot go to CX2 either.
  const records = [
    rec(10, { route: "CX1", driverId: 1 }),
    rec(11, { route: "CX2" }),
    rec(12, { route: "CX7", driverId: 3 }),
  ];
  const chain = placeRows([m(2, "CX1", 3), m(3, "CX2", 1)], records);
  assert.deepEqual(chain.ops, []);
  assert.deepEqual(chain.unmatched.map((u) => u.row), [2, 3]);
});
