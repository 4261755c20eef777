import assert from "node:assert/strict";
import { staffCreateInput, staffUpdateInput } from "./inputs.ts";

const base = {
  email: " New.Person@Example.com ",
  first_name: " Nia ",
  last_name: "Park",
  role: "2",
  station_spots: [{ station: 1, agency: null, fleet_groups: [3, 3, 1] }, { station: "2" }],
};

Deno.test("staffCreateInput normalises e-mail, trims names, reads the role and spots", () => {
  const v = staffCreateInput.parse(base);
  assert.equal(v.email, "new.person@example.com");
  assert.equal(v.first_name, "Nia");
  assert.equal(v.role, 2);
  assert.equal(v.mobile_number, null);
  assert.deepEqual(v.station_spots, [
    { station: 1, agency: null, fleet_groups: [3, 1] },
    { station: 2, agency: null, fleet_groups: [] },
  ]);
});

Deno.test("staffCreateInput refuses drivers, unknown roles, bad e-mails, no stations, a station twice, unknown keys", () => {
  const issues = (v: unknown) => {
    const r = staffCreateInput.safeParse(v);
    assert.equal(r.success, false);
    return Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
  };
  assert.match(issues({ ...base, role: 5 }).role, /Not valid/);
  assert.match(issues({ ...base, role: "" }).role, /Not valid/);
  assert.equal(issues({ ...base, email: "x@" }).email, "Not valid");
  assert.equal(issues({ ...base, email: "" }).email, "Required");
  assert.equal(issues({ ...base, first_name: "  " }).first_name, "Required");
  assert.equal(issues({ ...base, station_spots: [] }).station_spots, "Choose at least one station");
  assert.equal(
    issues({ ...base, station_spots: [{ station: 1 }, { station: 1 }] }).station_spots,
    "Each station only once",
  );
  assert.ok(
    issues({ ...base, password: "secret" }),
    "no password field: the person sets it through the link",
  );
});

Deno.test("staffUpdateInput: any subset; an empty mobile clears it", () => {
  assert.deepEqual(staffUpdateInput.parse({}), {});
  assert.deepEqual(staffUpdateInput.parse({ mobile_number: "" }), { mobile_number: null });
  assert.deepEqual(staffUpdateInput.parse({ role: 1 }), { role: 1 });
  assert.equal(staffUpdateInput.safeParse({ station_spots: [] }).success, false);
});
