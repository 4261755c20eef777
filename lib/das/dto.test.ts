import assert from "node:assert/strict";
import { daDto, groupSpots, type SpotRow } from "./dto.ts";

const row = (over: Partial<SpotRow>): SpotRow => ({
  id: 1,
  userId: 10,
  stationId: 1,
  stationTitle: "One",
  stationTag: "DON9",
  agencyId: 5,
  agencyName: "Direct",
  fleetGroupId: null,
  fleetGroupName: null,
  ...over,
});

Deno.test("spot rows group per user and spot, fleet groups collected", () => {
  const m = groupSpots([
    row({ fleetGroupId: 1, fleetGroupName: "Cargo" }),
    row({ fleetGroupId: 2, fleetGroupName: "Step" }),
    row({ id: 2, stationId: 2, stationTag: "HYZ1", stationTitle: "Two", agencyId: null, agencyName: null }),
    row({ id: 3, userId: 11 }),
  ]);
  assert.deepEqual(m.get(10), [
    {
      id: 1,
      station: { id: 1, title: "One", tag: "DON9" },
      agency: { id: 5, name: "Direct" },
      fleet_groups: [{ id: 1, name: "Cargo" }, { id: 2, name: "Step" }],
    },
    { id: 2, station: { id: 2, title: "Two", tag: "HYZ1" }, agency: null, fleet_groups: [] },
  ]);
  assert.equal(m.get(11)!.length, 1);
});

Deno.test("the DA DTO maps names, instants and the editor explicitly", () => {
  const d = daDto({
    id: 1,
    firstName: "A",
    lastName: "B",
    transporterId: null,
    driverLicense: "license",
    badge: null,
    email: "a@b.c",
    status: 6,
    isActive: false,
    dateJoined: "2026-01-02 03:04:05+00",
    lastStatusChange: new Date("2026-02-01T00:00:00Z"),
    changerId: 9,
    changerFirstName: "C",
    changerLastName: "D",
    role: 5,
    language: "es",
  }, []);
  assert.equal(d.created, "2026-01-02T03:04:05.000Z");
  assert.equal(d.last_status_change, "2026-02-01T00:00:00.000Z");
  assert.deepEqual(d.last_status_changed_by, { id: 9, first_name: "C", last_name: "D" });
  assert.equal(d.language, "es");
  assert.equal(d.driver_license, "license", "the DTO keeps the stored value; screens show 'No Licence'");
});
