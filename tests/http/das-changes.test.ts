// The DA register's changes through the real app's API, on the demo organisation, on PGlite and on
// PostgreSQL: status changes, transporter ids and station spots, with every dispatcher restriction
// enforced even for a client calling the API directly.
import assert from "node:assert/strict";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { stationSpots, statusChanges, users } from "../../lib/db/schema.ts";
import type { Db } from "../../lib/db/client.ts";
import { COMMON } from "../../lib/errors.ts";
import { DA } from "../../lib/das/errors.ts";
import type { SpotDto, StatusChangeDto } from "../../lib/das/dto.ts";

const PASSWORD = "demo1234";

/** DAs (role 5) whose spots are exactly at `stationId` (and nowhere else), lowest id first. */
async function dasOnlyAt(db: Db, stationId: number, status?: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(
    eq(users.role, 5),
    status === undefined ? undefined : eq(users.status, status),
    sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${stationId})`,
    sql`not exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id <> ${stationId})`,
  )).orderBy(users.id);
  return rows.map((r) => r.id);
}

async function statusOf(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: users.id, status: users.status }).from(users).where(
    inArray(users.id, ids),
  );
  const m = new Map(rows.map((r) => [r.id, r.status]));
  return ids.map((id) => m.get(id)!);
}

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email, PASSWORD);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the DA register API, changes`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const supervisor = await signedIn(app, "supervisor@example.com");
        const manager = await signedIn(app, "manager@example.com");
        const owner = await signedIn(app, "owner@example.com");
        const at1 = await dasOnlyAt(db, 1, 1);
        const at2 = await dasOnlyAt(db, 2, 1);
        const at3 = await dasOnlyAt(db, 3, 1);

        await t.step(
          "bulk change: the row gets the new status, date and editor; history keeps every change",
          async () => {
            const ids = [at1[0], at2[0]];
            const r = await dispatcher.json("/api/updates-multiple-users/", {
              method: "POST",
              json: { id_list: ids, status: 6, reason: "Missed two shifts" },
            });
            assert.equal(r.status, 200, JSON.stringify(r.body));
            assert.equal(r.body.editor.first_name, "Dana");
            assert.ok(Date.parse(r.body.date) > Date.now() - 60_000);
            assert.deepEqual(r.body.changed.sort(), [...ids].sort());
            assert.deepEqual(
              { status: r.body.status, is_active: r.body.is_active, id_list: r.body.id_list },
              { status: 6, is_active: false, id_list: ids },
            );
            for (const id of ids) {
              const d = (await dispatcher.json(`/api/driver-model/${id}/`)).body;
              assert.equal(d.status, 6);
              assert.equal(d.is_active, false);
              assert.equal(d.last_status_change, r.body.date);
              assert.equal(d.last_status_changed_by.last_name, "Dispatcher");
            }
            const back = await supervisor.json("/api/updates-multiple-users/", {
              method: "POST",
              json: { id: at1[0], status: 1 },
            });
            assert.equal(back.status, 200);
            assert.equal(back.body.is_active, true);
            assert.deepEqual(back.body.changed, [at1[0]]);
            assert.equal((await supervisor.json(`/api/driver-model/${at1[0]}/`)).body.is_active, true);
            const h = await supervisor.json(`/api/driver-model/${at1[0]}/history/`);
            assert.deepEqual(h.body.results.map((x: StatusChangeDto) => [x.from_status, x.to_status]), [[
              6,
              1,
            ], [1, 6]]);
            assert.equal(h.body.results[1].reason, "Missed two shifts");
            assert.equal(h.body.results[1].changed_by.first_name, "Dana");
          },
        );

        await t.step("bulk change: a dispatcher cannot set 2, 3 or 5, even through the API", async () => {
          for (const status of [2, 3, 5]) {
            const r = await dispatcher.json("/api/updates-multiple-users/", {
              method: "POST",
              json: { id_list: [at1[1]], status },
            });
            assert.deepEqual([r.status, r.body.code], [403, DA.statusNotAllowed], String(status));
            assert.match(r.body.detail, /^Dispatchers may set only Active or Inactive/);
            assert.deepEqual(r.body.status, [r.body.detail]);
            const p = await dispatcher.json(`/api/driver-model/${at1[1]}/`, {
              method: "PATCH",
              json: { status },
            });
            assert.equal(p.status, 403);
          }
          assert.deepEqual(await statusOf(db, [at1[1]]), [1]);
          const ok = await manager.json("/api/updates-multiple-users/", {
            method: "POST",
            json: { id_list: [at1[1]], status: 3 },
          });
          assert.equal(ok.status, 200);
          // Nor may a dispatcher undo the manager's blacklisting by setting Active.
          const undo = await dispatcher.json("/api/updates-multiple-users/", {
            method: "POST",
            json: { id_list: [at1[2], at1[1]], status: 1 },
          });
          assert.deepEqual([undo.status, undo.body.code], [403, DA.statusLocked]);
          assert.match(undo.body.detail, /Blacklisted/);
          assert.deepEqual(undo.body.id_list, [at1[1]]);
          assert.deepEqual(await statusOf(db, [at1[1]]), [3]);
        });

        await t.step(
          "bulk change: a batch with a DA of another station is refused whole, naming it",
          async () => {
            const r = await dispatcher.json("/api/updates-multiple-users/", {
              method: "POST",
              json: { id_list: [at1[2], at3[0], at3[1]], status: 6 },
            });
            assert.deepEqual([r.status, r.body.code], [404, COMMON.notFound]);
            assert.equal(
              r.body.detail,
              `Not found: no DA with id ${at3[0]}, ${at3[1]} in your stations. Nothing was changed.`,
            );
            assert.deepEqual(r.body.id_list, [at3[0], at3[1]]);
            assert.deepEqual(await statusOf(db, [at1[2], at3[0], at3[1]]), [1, 1, 1]);
            const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(statusChanges)
              .where(inArray(statusChanges.entityId, [at1[2], at3[0]]));
            assert.equal(n, 0);
            assert.equal(
              (await dispatcher.json("/api/updates-multiple-users/", {
                method: "POST",
                json: { id_list: [], status: 6 },
              })).status,
              400,
            );
            assert.equal(
              (await dispatcher.json("/api/updates-multiple-users/", {
                method: "POST",
                json: { id_list: [at1[2]], status: 4 },
              })).status,
              400,
            );
          },
        );

        await t.step(
          "transporter id: 403 for the dispatcher; validated, upper-cased and unique for the others",
          async () => {
            const id = at1[3];
            const d = await dispatcher.json(`/api/driver-model/${id}/`, {
              method: "PATCH",
              json: { transporter_id: "A1234567890QQ" },
            });
            assert.deepEqual([d.status, d.body.code], [403, DA.transporterIdNotAllowed]);
            assert.equal(d.body.detail, "Dispatchers cannot edit transporter IDs.");
            const bad = await supervisor.json(`/api/driver-model/${id}/`, {
              method: "PATCH",
              json: { transporter_id: "B123" },
            });
            assert.equal(bad.status, 400);
            assert.match(bad.body.transporter_id[0], /^Not valid/);
            const ok = await supervisor.json(`/api/driver-model/${id}/`, {
              method: "PATCH",
              json: { transporter_id: "a1234567890qq" },
            });
            assert.equal(ok.status, 200);
            assert.equal(ok.body.transporter_id, "A1234567890QQ");
            const [holder] = await db.select().from(users).where(eq(users.id, at1[4]));
            const dup = await manager.json(`/api/driver-model/${id}/`, {
              method: "PATCH",
              json: { transporter_id: holder.transporterId },
            });
            assert.deepEqual([dup.status, dup.body.code], [400, DA.transporterIdTaken]);
            assert.equal(
              dup.body.detail,
              `Transporter ID ${holder.transporterId} already belongs to ${holder.firstName} ${holder.lastName} (id ${holder.id}).`,
            );
            assert.equal(
              (await supervisor.json(`/api/driver-model/${at3[2]}/`, {
                method: "PATCH",
                json: { transporter_id: "A1234567890QR" },
              })).status,
              404,
            );
            assert.equal(
              (await owner.json(`/api/driver-model/${id}/`, { method: "PATCH", json: { email: "x@y.z" } }))
                .status,
              400,
            );
          },
        );

        await t.step(
          "station spots: the dispatcher cannot create or edit them, even through the API",
          async () => {
            const mine = await dispatcher.json(`/api/driver-model/${at1[5]}/`);
            const spot = mine.body.station_spots[0];
            const c = await dispatcher.json("/api/station-spots/", {
              method: "POST",
              json: { user: at1[5], station: 2, agency: spot.agency.id, fleet_groups: [] },
            });
            assert.equal(c.status, 403);
            const e = await dispatcher.json("/api/station-spots/edit/", {
              method: "POST",
              json: { user: at1[5], stationSpots: [], spotsToDelete: [spot.id] },
            });
            assert.equal(e.status, 403);
            const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stationSpots)
              .where(eq(stationSpots.userId, at1[5]));
            assert.equal(n, 1);
          },
        );

        await t.step(
          "station spots: create (data.data), duplicate station refused, edit and delete in one save",
          async () => {
            const agencies = (await owner.json("/api/agencies/")).body.results;
            const groups = (await owner.json("/api/fleet-groups/")).body.results;
            assert.ok(agencies.length >= 2 && groups.length >= 2);
            const id = at1[6];
            const created = await supervisor.json("/api/station-spots/", {
              method: "POST",
              json: { user: id, station: 2, agency: agencies[1].id, fleet_groups: [groups[0].id] },
            });
            assert.equal(created.status, 201, JSON.stringify(created.body));
            assert.equal(created.body.data.station.id, 2);
            assert.deepEqual(created.body.data.fleet_groups.map((g: { id: number }) => g.id), [groups[0].id]);
            const again = await supervisor.json("/api/station-spots/", {
              method: "POST",
              json: { user: id, station: 2, agency: agencies[1].id },
            });
            assert.equal(again.status, 400);
            assert.match(again.body.detail, /already has a spot at HYZ1\.$/);
            const foreign = await supervisor.json("/api/station-spots/", {
              method: "POST",
              json: { user: id, station: 3, agency: agencies[1].id },
            });
            assert.equal(foreign.status, 403);
            const before = (await supervisor.json(`/api/driver-model/${id}/`)).body.station_spots;
            const s1 = before.find((s: SpotDto) => s.station.id === 1);
            const edited = await supervisor.json("/api/station-spots/edit/", {
              method: "POST",
              json: {
                user: id,
                stationSpots: [{
                  id: s1.id,
                  station: 1,
                  agency: agencies[0].id,
                  fleet_groups: [groups[0].id, groups[1].id],
                }],
                spotsToDelete: [created.body.data.id],
              },
            });
            assert.equal(edited.status, 200, JSON.stringify(edited.body));
            assert.deepEqual(edited.body.map((s: SpotDto) => s.station.id), [1]);
            assert.equal(edited.body[0].fleet_groups.length, 2);
            const none = await supervisor.json("/api/station-spots/edit/", {
              method: "POST",
              json: { user: id, spotsToDelete: [s1.id] },
            });
            assert.equal(none.status, 400);
            assert.equal(none.body.detail, "A DA needs at least one station spot.");
            const outside = await supervisor.json("/api/station-spots/edit/", {
              method: "POST",
              json: { user: at3[3], spotsToDelete: [] },
            });
            assert.equal(outside.status, 404);
          },
        );
      } finally {
        await app.close();
      }
    },
  });
}
