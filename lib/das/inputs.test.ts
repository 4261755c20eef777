import assert from "node:assert/strict";
import {
  daExportQuery,
  daListQuery,
  daPatchInput,
  spotCreateInput,
  spotEditInput,
  statusChangeInput,
  statusLabel,
  transporterId,
} from "./inputs.ts";

Deno.test("list query: defaults -id, page 1, 10 rows, every station", () => {
  const q = daListQuery.parse({});
  assert.equal(q.ordering, "-id");
  assert.equal(q.page, 1);
  assert.equal(q.page_size, 10);
  assert.equal(q.in_station, undefined);
  assert.equal(q.search, undefined);
});

Deno.test("list query: comma lists, page sizes and orderings are checked", () => {
  const q = daListQuery.parse({
    in_station: "1,2,2",
    status: "1,6",
    search: "  ann ",
    ordering: "-last_status_change",
    page_size: "50",
  });
  assert.deepEqual(q.in_station, [1, 2]);
  assert.deepEqual(q.status, [1, 6]);
  assert.equal(q.search, "ann");
  assert.equal(daListQuery.safeParse({ page_size: "20" }).success, false);
  assert.equal(daListQuery.safeParse({ ordering: "password_hash" }).success, false);
  assert.equal(daListQuery.safeParse({ status: "4" }).success, false);
  assert.equal(daListQuery.safeParse({ in_station: "x" }).success, false);
  assert.equal(daListQuery.parse({ search: "   " }).search, undefined);
});

Deno.test("export query takes csv or xlsx", () => {
  assert.equal(daExportQuery.parse({}).format, "xlsx");
  assert.equal(daExportQuery.parse({ format: "csv" }).format, "csv");
  assert.equal(daExportQuery.safeParse({ format: "pdf" }).success, false);
});

Deno.test("status change: id or id_list, known status, at least one DA", () => {
  assert.deepEqual(statusChangeInput.parse({ id_list: [3, 1, 3], status: 6 }), {
    ids: [3, 1],
    status: 6,
    reason: null,
  });
  assert.deepEqual(statusChangeInput.parse({ id: 7, status: 1, reason: " back " }), {
    ids: [7],
    status: 1,
    reason: "back",
  });
  assert.equal(statusChangeInput.safeParse({ id_list: [], status: 1 }).success, false);
  assert.equal(statusChangeInput.safeParse({ id_list: [1], status: 4 }).success, false);
  assert.equal(
    statusChangeInput.safeParse({ id_list: [1], status: 1, role: 4 }).success,
    false,
    "unknown keys refused",
  );
});

Deno.test("transporter id: 'A' + 12-13 letters or digits, upper-cased", () => {
  assert.equal(transporterId.parse(" a1b2c3d4e5f6g "), "A1B2C3D4E5F6G");
  assert.equal(transporterId.parse("A1234567890123"), "A1234567890123");
  for (
    const bad of ["", "B123456789012", "A12345678901", "A123456789012345", "A12345678901-", "A12345 678901"]
  ) {
    assert.equal(transporterId.safeParse(bad).success, false, bad);
  }
  assert.equal(daPatchInput.safeParse({}).success, false, "nothing to change");
  assert.equal(daPatchInput.safeParse({ first_name: "x" }).success, false);
});

Deno.test("spot inputs need a station and an agency", () => {
  assert.deepEqual(spotCreateInput.parse({ user: 1, station: 2, agency: 3 }), {
    user: 1,
    station: 2,
    agency: 3,
    fleet_groups: [],
  });
  const r = spotCreateInput.safeParse({ user: 1, agency: 3 });
  assert.equal(r.success, false);
  assert.equal(r.error!.issues[0].message, "Choose a station");
  const e = spotEditInput.parse({
    user: 1,
    stationSpots: [{ id: 4, station: 1, agency: 1, fleet_groups: [2, 2] }],
  });
  assert.deepEqual(e.stationSpots[0].fleet_groups, [2]);
  assert.deepEqual(e.spotsToDelete, []);
});

Deno.test("status labels", () => {
  assert.equal(statusLabel(1), "Active");
  assert.equal(statusLabel(5), "Off Boarded");
  assert.equal(statusLabel(9), "Status 9");
  assert.equal(statusLabel(null), "");
});
