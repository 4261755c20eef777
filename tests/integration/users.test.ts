// The viewer (one statement: user, spots, menu settings) and the station-scoped user list, on both engines.
import assert from "node:assert/strict";
import { ENGINES } from "../helpers/db.ts";
import { currentUserDto, defaultStationId, loadViewer } from "../../lib/users/current-user.ts";
import { listUsers } from "../../lib/users/queries.ts";
import { usersListQuery } from "../../lib/users/inputs.ts";
import { users } from "../../lib/org/schema.ts";
import { navSettings } from "../../lib/settings/schema.ts";
import {
  makeAgency,
  makeDriver,
  makeFleetGroup,
  makeSpot,
  makeStation,
  makeUser,
  makeVanGroup,
} from "../../lib/demo/factories.ts";
import { eq } from "drizzle-orm";

/** Every field of the spec's "Current user" (01 section 3). */
const CURRENT_USER_KEYS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "role",
  "role_name",
  "badge",
  "date_joined",
  "last_login",
  "date_of_birth",
  "knet_user",
  "transporter_id",
  "training_delivered",
  "is_staff",
  "is_superuser",
  "personal_email",
  "mobile_number",
  "whatsapp_mobile_number",
  "driver_license",
  "driver_license_expiry",
  "van_group",
  "agency_name",
  "can_create_old_shifts",
  "rate_per_hour",
  "station_spots",
].sort();

const q = (params: Record<string, string> = {}) => usersListQuery.parse({ page_size: "1000", ...params });

for (const engine of ENGINES) {
  Deno.test(`viewer and user list [${engine.name}]`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const [s1, s2] = [await makeStation(db), await makeStation(db)];
      const agency = await makeAgency(db, { description: "Staffing partner" });
      const [fgA, fgB] = [
        await makeFleetGroup(db, { name: `B-group ${s1.id}` }),
        await makeFleetGroup(db, { name: `A-group ${s1.id}` }),
      ];

      await t.step("loadViewer returns the spec's current user plus the server-only fields", async () => {
        const supervisor = await makeUser(db, { role: 2 });
        const vg = await makeVanGroup(db, { description: "North vans", supervisorId: supervisor.id });
        const u = await makeUser(db, {
          role: 3,
          firstName: "Vera",
          lastName: "Viewer",
          vanGroupId: vg.id,
          agencyId: agency.id,
          ratePerHourCents: 2150,
          dateOfBirth: "1985-03-04",
          canCreateOldShifts: true,
          mobileNumber: "+1 206 555 0100",
        });
        // Spots inserted out of station order, the second with an agency and two fleet groups.
        await makeSpot(db, u.id, s2.id);
        await makeSpot(db, u.id, s1.id, { agencyId: agency.id, fleetGroupIds: [fgA.id, fgB.id] });
        await db.insert(navSettings).values({ userId: u.id, hidden: ["item:outbox", "group:trends"] });

        const v = await loadViewer(db, u.id, "00000000-0000-4000-8000-000000000001");
        assert.ok(v);
        const dto = currentUserDto(v);
        assert.deepEqual(Object.keys(dto).sort(), CURRENT_USER_KEYS);
        assert.equal(dto.id, u.id);
        assert.equal(dto.first_name, "Vera");
        assert.equal(dto.role, 3);
        assert.equal(dto.role_name, "Manager");
        assert.equal(dto.rate_per_hour, "21.50");
        assert.equal(dto.date_of_birth, "1985-03-04");
        assert.equal(dto.can_create_old_shifts, true);
        assert.equal(dto.is_staff, true);
        assert.equal(dto.mobile_number, "+1 206 555 0100");
        assert.equal(dto.last_login, null);
        assert.ok(!Number.isNaN(Date.parse(dto.date_joined)));
        assert.deepEqual(dto.van_group, {
          id: vg.id,
          name: vg.name,
          description: "North vans",
          supervisor: supervisor.id,
        });
        assert.deepEqual(dto.agency_name, {
          id: agency.id,
          name: agency.name,
          description: "Staffing partner",
        });
        assert.deepEqual(
          dto.station_spots.map((s) => s.station.id),
          [s1.id, s2.id],
          "spots in station order",
        );
        const [first, second] = dto.station_spots;
        assert.deepEqual(first.station, { id: s1.id, title: s1.title, tag: s1.tag });
        assert.deepEqual(first.agency, { id: agency.id, name: agency.name });
        assert.deepEqual(
          first.fleet_groups.map((g) => g.name),
          [fgB.name, fgA.name].sort(),
          "fleet groups by name",
        );
        assert.equal(second.agency, null);
        assert.deepEqual(second.fleet_groups, []);

        assert.deepEqual(v.stationIds, [s1.id, s2.id]);
        assert.deepEqual([...v.hiddenMenu].sort(), ["group:trends", "item:outbox"]);
        assert.equal(v.sessionId, "00000000-0000-4000-8000-000000000001");
        for (const k of ["stationIds", "hiddenMenu", "sessionId", "password_hash", "passwordHash"]) {
          assert.equal(k in dto, false, `${k} stays on the server`);
        }
        assert.equal(defaultStationId(v), v.stationIds.includes(1) ? 1 : s1.id);
      });

      await t.step(
        "a user without spots, van group or settings still loads, with empty lists and nulls",
        async () => {
          const u = await makeUser(db, { role: 1 });
          const v = await loadViewer(db, u.id, null);
          assert.ok(v);
          assert.deepEqual(v.station_spots, []);
          assert.deepEqual(v.stationIds, []);
          assert.deepEqual(v.hiddenMenu, []);
          assert.equal(v.van_group, null);
          assert.equal(v.agency_name, null);
          assert.equal(v.rate_per_hour, null);
          assert.equal(v.sessionId, null);
          assert.equal(defaultStationId(v), null);
          assert.equal(await loadViewer(db, 987_654_321, null), null);
        },
      );

      await t.step("an out-of-range role counts as the lowest, 1", async () => {
        const u = await makeUser(db, { role: 0 });
        const v = await loadViewer(db, u.id, null);
        assert.equal(v?.role, 1);
        assert.equal(v?.role_name, "Dispatcher");
      });

      await t.step("listUsers shows only users sharing one of the caller's stations", async () => {
        // Stations of this step's own, so the counts below are exactly its users.
        const [s1, s2, s3] = [await makeStation(db), await makeStation(db), await makeStation(db)];
        const onlyS1 = await makeUser(db, { lastName: "Alpha" });
        await makeSpot(db, onlyS1.id, s1.id);
        const onlyS3 = await makeUser(db, { lastName: "Gamma" });
        await makeSpot(db, onlyS3.id, s3.id);
        const both = await makeUser(db, { lastName: "Beta" });
        await makeSpot(db, both.id, s2.id);
        await makeSpot(db, both.id, s3.id);
        const driverS1 = await makeDriver(db);
        await makeSpot(db, driverS1.id, s1.id);
        const nowhere = await makeUser(db);

        const ids = async (stations: number[], params: Record<string, string> = {}) =>
          (await listUsers(db, stations, q(params))).results.map((r) => r.id);

        const s1s2 = await ids([s1.id, s2.id]);
        assert.ok(s1s2.includes(onlyS1.id));
        assert.ok(s1s2.includes(both.id));
        assert.ok(s1s2.includes(driverS1.id));
        assert.equal(
          s1s2.includes(onlyS3.id),
          false,
          "a user only at a station the caller lacks is never listed",
        );
        assert.equal(s1s2.includes(nowhere.id), false);
        assert.equal(new Set(s1s2).size, s1s2.length, "a user with two matching spots is listed once");

        const s3only = await ids([s3.id]);
        assert.deepEqual(new Set(s3only), new Set([onlyS3.id, both.id]));
        assert.deepEqual(await ids([]), [], "no stations, no users");

        // Filters narrow within the scope; a search never reaches outside it.
        assert.deepEqual(await ids([s1.id, s2.id], { is_driver: "true" }), [driverS1.id]);
        assert.deepEqual(await ids([s1.id, s2.id], { search: onlyS3.email }), []);
        assert.deepEqual(await ids([s3.id], { search: "gamma" }), [onlyS3.id], "search is case-blind");

        // Paging: count is the whole scope, results the page; ordered by last name.
        const page1 = await listUsers(
          db,
          [s1.id, s2.id, s3.id],
          usersListQuery.parse({ page_size: "2", page: "1" }),
        );
        const page2 = await listUsers(
          db,
          [s1.id, s2.id, s3.id],
          usersListQuery.parse({ page_size: "2", page: "2" }),
        );
        assert.equal(page1.count, 4);
        assert.equal(page2.count, 4);
        assert.deepEqual(page1.results.map((r) => r.last_name), ["Alpha", "Beta"]);
        assert.equal(page2.results.length, 2);
        assert.equal(page2.results.some((r) => page1.results.some((p) => p.id === r.id)), false);
      });

      await t.step("the list DTO carries no secrets", async () => {
        const u = await makeUser(db, { password: "hidden-pass" });
        await makeSpot(db, u.id, s1.id);
        const [row] = (await listUsers(db, [s1.id], q({ search: u.email }))).results;
        assert.deepEqual(Object.keys(row).sort(), [
          "badge",
          "email",
          "first_name",
          "id",
          "last_name",
          "role",
          "status",
          "transporter_id",
        ]);
        const [stored] = await db.select().from(users).where(eq(users.id, u.id));
        assert.ok(stored.passwordHash);
        assert.equal(JSON.stringify(row).includes(stored.passwordHash!), false);
      });
    } finally {
      await h.close();
    }
  });
}
