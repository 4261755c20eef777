import assert from "node:assert/strict";
import { toFleetSizeDto, toVanDto, toVanHistoryDto, toVanSetupDto, type VanRow } from "./dto.ts";

const row: VanRow = {
  id: 7,
  number: "101",
  plateNumber: "ABC1234",
  vin: "1FTBW2CM5PKA12345",
  ownership: 1,
  monthlyRateCents: 125_050,
  company: "Ford",
  model: "Transit",
  status: 2,
  statusChangeReason: 1,
  pickUpDate: "2026-01-05",
  stationId: 1,
  stationTitle: "Downtown",
  stationTag: "DON9",
  vanGroupId: 3,
  vanGroupName: "Team Alpha",
  vanGroupDescription: "Cargo vans",
  fleetSizeId: 1,
  fleetSizeTitle: "Cargo Van",
  lastStatusChange: new Date("2026-02-01T10:00:00Z"),
  changedById: 9,
  changedByFirstName: "Ann",
  changedByLastName: "Lee",
};

Deno.test("fleet item DTO: explicit fields of 03 section 3, available derived, ISO instants", () => {
  assert.deepEqual(toVanDto(row), {
    id: 7,
    number: "101",
    van_group: { id: 3, name: "Team Alpha", description: "Cargo vans" },
    fleet_size: { id: 1, title: "Cargo Van" },
    plate_number: "ABC1234",
    status: 2,
    available: false,
    status_change_reason: 1,
    pick_up_date: "2026-01-05",
    station: 1,
    station_title: "Downtown",
    station_tag: "DON9",
    last_status_change: "2026-02-01T10:00:00.000Z",
    last_status_changed_by: { id: 9, first_name: "Ann", last_name: "Lee" },
  });
});

Deno.test("missing group, size and editor become null; status 1 is available", () => {
  const d = toVanDto({
    ...row,
    status: 1,
    vanGroupId: null,
    fleetSizeId: null,
    changedById: null,
    lastStatusChange: null,
  });
  assert.equal(d.available, true);
  assert.equal(d.van_group, null);
  assert.equal(d.fleet_size, null);
  assert.equal(d.last_status_changed_by, null);
  assert.equal(d.last_status_change, null);
});

Deno.test("setup DTO: the van's details, station as an object, rate in dollars, ownership named", () => {
  assert.deepEqual(toVanSetupDto(row), {
    id: 7,
    number: "101",
    plate_number: "ABC1234",
    vin: "1FTBW2CM5PKA12345",
    fleet_size: { id: 1, title: "Cargo Van" },
    van_group: { id: 3, name: "Team Alpha" },
    station: { id: 1, title: "Downtown", tag: "DON9" },
    status: 2,
    ownership: 1,
    ownership_name: "Rental",
    monthly_rate: "1250.50",
    company: "Ford",
    model: "Transit",
  });
  const bare = toVanSetupDto({
    ...row,
    ownership: 7,
    monthlyRateCents: null,
    stationId: null,
    vanGroupId: null,
  });
  assert.deepEqual([bare.ownership, bare.ownership_name, bare.monthly_rate, bare.station, bare.van_group], [
    null,
    null,
    null,
    null,
    null,
  ]);
});

Deno.test("fleet size DTO: the six sizes of 02 are built in", () => {
  assert.deepEqual(toFleetSizeDto({ id: 6, title: "Medium Van" }), {
    id: 6,
    title: "Medium Van",
    built_in: true,
  });
  assert.equal(toFleetSizeDto({ id: 7, title: "Box Truck" }).built_in, false);
});

Deno.test("history DTO", () => {
  assert.deepEqual(
    toVanHistoryDto({
      id: 1,
      fromStatus: 1,
      toStatus: 2,
      reason: 0,
      changedAt: "2026-02-01T10:00:00Z",
      changedById: null,
      changedByFirstName: null,
      changedByLastName: null,
    }),
    {
      id: 1,
      from_status: 1,
      to_status: 2,
      reason: 0,
      changed_at: "2026-02-01T10:00:00.000Z",
      changed_by: null,
    },
  );
});
