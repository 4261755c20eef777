import assert from "node:assert/strict";
import {
  canEditSpots,
  canEditTransporterId,
  canSetStatus,
  filterRefusal,
  filterStatuses,
  isActiveStatus,
  licenceLabel,
  settableStatuses,
  stationChoices,
  statusRefusal,
} from "./policy.ts";

Deno.test("value 1 makes a DA active, every other value inactive", () => {
  assert.equal(isActiveStatus(1), true);
  for (const s of [2, 3, 5, 6]) assert.equal(isActiveStatus(s), false);
});

Deno.test("a dispatcher may set only Active and Inactive; management every status", () => {
  assert.deepEqual(settableStatuses(1).map((s) => s.id), [1, 6]);
  assert.deepEqual(settableStatuses(null).map((s) => s.id), [1, 6], "no role counts as 1");
  for (const r of [2, 3, 4]) assert.deepEqual(settableStatuses(r).map((s) => s.id), [1, 2, 3, 5, 6]);
  assert.deepEqual(settableStatuses(5), [], "a driver changes nothing");
  assert.equal(canSetStatus(1, 6), true);
  assert.equal(canSetStatus(1, 3), false);
  assert.equal(canSetStatus(2, 3), true);
  assert.equal(canSetStatus(4, 4), false, "4 is not a DA status");
});

Deno.test("the refusal names what was wrong", () => {
  assert.equal(statusRefusal(1, 1), null);
  assert.equal(statusRefusal(1, 3), "Dispatchers may set only Active or Inactive, not Blacklisted.");
  assert.equal(statusRefusal(1, 5), "Dispatchers may set only Active or Inactive, not Off Boarded.");
  assert.equal(statusRefusal(3, 5), null);
  assert.equal(statusRefusal(5, 1), "You haven't permissions");
});

Deno.test("a dispatcher's status filter leaves out Rehired and Blacklisted", () => {
  assert.deepEqual(filterStatuses(1).map((s) => s.id), [1, 5, 6]);
  assert.deepEqual(filterStatuses(2).map((s) => s.id), [1, 2, 3, 5, 6]);
  assert.equal(filterRefusal(1, [1, 6]), null);
  assert.equal(filterRefusal(1, [2]), "Dispatchers cannot filter by status Rehired.");
  assert.equal(filterRefusal(1, [1, 2, 3]), "Dispatchers cannot filter by status Rehired or Blacklisted.");
  assert.equal(filterRefusal(4, [2, 3]), null);
});

Deno.test("transporter ids and station spots are edited by management only", () => {
  assert.equal(canEditTransporterId(1), false);
  assert.equal(canEditSpots(1), false);
  assert.equal(canEditTransporterId(undefined), false);
  for (const r of [2, 3, 4]) {
    assert.equal(canEditTransporterId(r), true);
    assert.equal(canEditSpots(r), true);
  }
});

Deno.test("the placeholder licence shows 'No Licence'", () => {
  assert.equal(licenceLabel("license"), "No Licence");
  assert.equal(licenceLabel(" License "), "No Licence");
  assert.equal(licenceLabel("D1234"), "D1234");
  assert.equal(licenceLabel(null), "");
  assert.equal(licenceLabel(""), "");
});

Deno.test("the spot editor disables a station used by another spot of the user", () => {
  const stations = [{ id: 1, title: "One", tag: "DON9" }, { id: 2, title: "Two", tag: "HYZ1" }, {
    id: 3,
    title: "Three",
    tag: "DTO3",
  }];
  const spots = [{ station: 1 }, { station: 2 }, { station: null }];
  assert.deepEqual(stationChoices(stations, spots, 0).map((s) => s.disabled), [false, true, false]);
  assert.deepEqual(stationChoices(stations, spots, 2).map((s) => s.disabled), [true, true, false]);
});

Deno.test("dispatchers change only Active or Inactive DAs; other roles any", async () => {
  const { canChangeFrom } = await import("./policy.ts");
  assert.equal(canChangeFrom(1, 1), true);
  assert.equal(canChangeFrom(1, 6), true);
  for (const s of [2, 3, 5]) assert.equal(canChangeFrom(1, s), false, `dispatcher from ${s}`);
  for (const r of [2, 3, 4]) assert.equal(canChangeFrom(r, 3), true, `role ${r}`);
});
