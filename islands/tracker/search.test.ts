import assert from "node:assert/strict";
import { filterRows, searchText, sortRows } from "./search.ts";
import { fleetSizeOf, type Rec, statusTone, transporterIdText } from "./types.ts";
import { normaliseTime } from "./grid/cellEdits.ts";

const person = (id: number, first: string, last: string, tid: string | null = null) => ({
  id,
  first_name: first,
  last_name: last,
  badge: String(40000 + id),
  transporter_id: tid,
});
const base = {
  van: null,
  fleet_number: null,
  cancelled_fleet_size: null,
  role: 0,
  role_hours: "10.00",
  route: null,
  wave_time: null,
  driver: null,
  second_driver: null,
  da_status: 0,
  second_da_status: 0,
  rabbit_number: null,
  second_rabbit_number: null,
  dolly_number: null,
  second_dolly_number: null,
  number_of_stops: null,
  number_of_packages: null,
  actual_end_time: null,
  rescue_given: null,
  rescue_taken: null,
  uta: null,
  utl: null,
  nsl: null,
  bc: null,
  missing: null,
  damage: null,
  fdd: null,
  missort: null,
  oc: null,
  others: null,
  actual_DA: null,
  version: 1,
  locked: false,
  lock_reason: null,
  can_delete: true,
};
const rec = (id: number, extra: Partial<Rec>): Rec =>
  ({ ...base, id, created: `2026-03-05T10:00:0${id}.000Z`, ...extra }) as Rec;
const lookups = (stationId: number) => ({
  roleName: (id: number) =>
    ({ 0: "Standard", 8: "Flex", 9: "MYCU Cancelled" } as Record<number, string>)[id] ?? "",
  fleetSizeTitle: (id: number) => ({ 1: "Cargo Van", 2: "Large Van" } as Record<number, string>)[id] ?? "",
  stationId,
});

const rows = [
  rec(1, {
    route: "CX20",
    driver: person(7, "Ana", "Lopez", "A1B2"),
    van: {
      id: 3,
      number: "104",
      van_group: { id: 1, name: "Team Alpha" },
      van_group_name: "Team Alpha",
      fleet_size: { id: 1, title: "Cargo Van" },
    },
    rabbit_number: { id: 9, serial_number: "R-DON9-004" },
    number_of_packages: 241,
  }),
  rec(2, { route: "CX3", role: 8, driver: person(8, "Ben", "Ode") }),
  rec(3, { route: "CX100", role: 9, cancelled_fleet_size: 2 }),
];

Deno.test("search: role, serials, fleet size, names, van group, van number, transporter id as shown, route, numbers", () => {
  const l = lookups(1);
  const find = (q: string) => filterRows(rows, q, l).map((r) => r.id);
  assert.deepEqual(find("flex"), [2]);
  assert.deepEqual(find("r-don9-004"), [1]);
  assert.deepEqual(find("CARGO"), [1]);
  assert.deepEqual(find("large van"), [3], "a cancelled row's fleet size");
  assert.deepEqual(find("ana lopez"), [1]);
  assert.deepEqual(find("team alpha"), [1]);
  assert.deepEqual(find("104"), [1]);
  assert.deepEqual(find("a1b2"), [1]);
  assert.deepEqual(find("pending the id"), [2], "stations 1 and 2 show 'Pending the ID'");
  assert.deepEqual(filterRows(rows, "nr", lookups(3)).map((r) => r.id), [2], "other stations show 'NR'");
  assert.deepEqual(find("cx3"), [2]);
  assert.deepEqual(find("241"), [1]);
  assert.deepEqual(find("  "), [1, 2, 3]);
  assert.equal(filterRows(rows, "", l), rows, "no query: the same list");
  assert.ok(!searchText(rows[2], l).includes("pending"), "no DA, no transporter id text");
});

Deno.test("sort: natural order, empty values last both ways, creation order on ties", () => {
  const l = lookups(1);
  assert.deepEqual(sortRows(rows, "route", l).map((r) => r.id), [2, 1, 3]);
  assert.deepEqual(sortRows(rows, "-route", l).map((r) => r.id), [3, 1, 2]);
  assert.deepEqual(sortRows(rows, "driver", l).map((r) => r.id), [1, 2, 3]);
  assert.deepEqual(
    sortRows(rows, "-driver", l).map((r) => r.id),
    [2, 1, 3],
    "the row without a DA stays last",
  );
  assert.deepEqual(sortRows(rows, "number_of_packages", l).map((r) => r.id), [1, 2, 3]);
  assert.deepEqual(sortRows(rows, "-created", l).map((r) => r.id), [3, 2, 1]);
  assert.deepEqual(sortRows(rows, "role", l).map((r) => r.id), [2, 3, 1], "by role name");
});

Deno.test("display rules: transporter id text, status colours, the fleet size a row shows", () => {
  assert.equal(transporterIdText(rows[0], 1), "A1B2");
  assert.equal(transporterIdText(rows[1], 2), "Pending the ID");
  assert.equal(transporterIdText(rows[1], 3), "NR");
  assert.equal(transporterIdText(rows[2], 1), "");
  assert.deepEqual([0, 1, 2, 3, 4].map(statusTone), ["amber", "green", "amber", "amber", "red"]);
  assert.equal(fleetSizeOf(rows[0]), 1);
  assert.equal(fleetSizeOf(rows[2]), 2, "roles 7 and 9 show the cancelled size");
  assert.equal(fleetSizeOf(rows[1]), null);
});

Deno.test("times: typed digits become HH:MM; anything else is refused", () => {
  assert.equal(normaliseTime("1730"), "17:30");
  assert.equal(normaliseTime("930"), "09:30");
  assert.equal(normaliseTime("9:05"), "09:05");
  assert.equal(normaliseTime("17"), "17:00");
  assert.equal(normaliseTime("24:00"), null);
  assert.equal(normaliseTime("12:60"), null);
  assert.equal(normaliseTime("1:2"), null);
});
