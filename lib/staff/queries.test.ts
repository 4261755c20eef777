import assert from "node:assert/strict";
import { testPglite } from "../../tests/helpers/db.ts";
import { makeDriver, makeSpot, makeStation, makeUser } from "../demo/factories.ts";
import { listStaff, toStaffDto } from "./queries.ts";
import { staffListQuery } from "./inputs.ts";

Deno.test("toStaffDto: explicit fields, role name, ISO last login, can_edit for the viewer", () => {
  const row = {
    id: 7,
    first_name: "Ana",
    last_name: "Ruiz",
    email: "ana@example.com",
    role: 2,
    is_active: true,
    has_password: false,
    mobile_number: null,
    last_login: "2025-03-01 10:00:00+00",
    spots: "[]",
    password_hash: "never copied",
  };
  const dto = toStaffDto(row, { id: 1, role: 3, stationIds: [1] });
  assert.deepEqual(dto, {
    id: 7,
    first_name: "Ana",
    last_name: "Ruiz",
    email: "ana@example.com",
    role: 2,
    role_name: "Supervisor",
    is_active: true,
    has_password: false,
    mobile_number: null,
    last_login: "2025-03-01T10:00:00.000Z",
    station_spots: [],
    can_edit: true,
  });
  assert.equal(toStaffDto({ ...row, role: 3 }, { id: 1, role: 3, stationIds: [1] }).can_edit, false);
});

Deno.test("listStaff: scoped to shared stations in SQL; search, role and status filters; ordering", async () => {
  const h = await testPglite();
  try {
    const [a, b] = [await makeStation(h.db), await makeStation(h.db)];
    const viewer = { id: 0, role: 4, stationIds: [a.id] };
    const zed = await makeUser(h.db, { role: 1, firstName: "Zed", lastName: "Adams" });
    const amy = await makeUser(h.db, { role: 2, firstName: "Amy", lastName: "Zhang", isActive: false });
    const odd = await makeUser(h.db, { role: 1, firstName: "100%", lastName: "Literal" });
    const far = await makeUser(h.db, { role: 1 });
    const da = await makeDriver(h.db);
    for (const u of [zed, amy, odd, da]) await makeSpot(h.db, u.id, a.id);
    await makeSpot(h.db, far.id, b.id);
    const q = (over: Record<string, string> = {}) => listStaff(h.db, viewer, staffListQuery.parse(over));

    const all = await q();
    assert.deepEqual(all.results.map((r) => r.last_name), ["Adams", "Literal", "Zhang"]);
    assert.equal(all.count, 3);
    assert.deepEqual((await q({ ordering: "-last_name" })).results.map((r) => r.last_name), [
      "Zhang",
      "Literal",
      "Adams",
    ]);
    assert.deepEqual((await q({ status: "inactive" })).results.map((r) => r.id), [amy.id]);
    assert.deepEqual((await q({ role: "1" })).results.map((r) => r.id).sort(), [zed.id, odd.id].sort());
    assert.deepEqual((await q({ search: "zed adams" })).results.map((r) => r.id), [zed.id]);
    assert.deepEqual((await q({ search: "0%" })).results.map((r) => r.id), [odd.id], "% is literal");
    assert.deepEqual(
      (await listStaff(h.db, { ...viewer, stationIds: [] }, staffListQuery.parse({}))).count,
      0,
    );
  } finally {
    await h.close();
  }
});
