// Two people on one report (issue 4 item 4): field-level PATCHes never lose each other's changes, a stale
// change to the same field is refused with the row refreshed, races for the last van, a DA or a scanner
// have one winner, and the change feed shows other tracker pages what changed.
import assert from "node:assert/strict";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { activeDas, day, makeReport, scannersOf, vansOf } from "../integration/tracker-fixture.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import type { ShiftRecordDto } from "../../lib/shifts/dto.ts";

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: concurrent editing of one report`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const alice = await signedIn(app, "dispatcher@example.com");
        const bob = await signedIn(app, "supervisor@example.com");
        const das = await activeDas(db, 1);
        const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 8 });
        const ids = rep.recordIds;
        const load = async (c: Client) => (await c.json(`/api/da-daily-report/${rep.id}/`)).body;
        const patch = (c: Client, id: number, version: number, body: Record<string, unknown>) =>
          c.json(`/api/da-daily-report-record/${id}/`, { method: "PATCH", json: { version, ...body } });

        await t.step("different fields of one row: both changes are kept", async () => {
          const seenA = (await load(alice)).records[0];
          const seenB = (await load(bob)).records[0];
          assert.equal(seenA.version, seenB.version);
          const a = await patch(alice, ids[0], seenA.version, { route: "CX1" });
          assert.equal(a.status, 200);
          const b = await patch(bob, ids[0], seenB.version, { number_of_packages: 210 });
          assert.equal(b.status, 200, JSON.stringify(b.body));
          assert.deepEqual(
            [b.body.route, b.body.number_of_packages],
            ["CX1", 210],
            "Bob's answer carries Alice's change",
          );
          const fresh = (await load(alice)).records[0];
          assert.deepEqual([fresh.route, fresh.number_of_packages, fresh.version], [
            "CX1",
            210,
            seenA.version + 2,
          ]);
        });

        await t.step(
          "the same field from a stale view: 409 naming it, with the row as it is now",
          async () => {
            const stale = (await load(bob)).records[1];
            assert.equal((await patch(alice, ids[1], stale.version, { route: "A-7" })).status, 200);
            const b = await patch(bob, ids[1], stale.version, { route: "B-9" });
            assert.equal(b.status, 409);
            assert.equal(b.body.code, TRACKER.conflict);
            assert.equal(b.body.field, "route");
            assert.equal(
              b.body.detail,
              "Someone else changed route on this row. The row now shows their change.",
            );
            assert.equal(b.body.record.route, "A-7");
            const same = await patch(bob, ids[1], stale.version, { route: "A-7" });
            assert.equal(same.status, 200, "sending the value already there is no conflict");
            const retry = await patch(bob, ids[1], b.body.record.version, { route: "B-9" });
            assert.equal(retry.status, 200);
            assert.equal(retry.body.route, "B-9");
          },
        );

        await t.step(
          "side effects conflict too: a new driver reset the status Bob was confirming",
          async () => {
            const v0 =
              (await patch(alice, ids[2], (await load(alice)).records[2].version, { driver: das[0] })).body
                .version;
            assert.equal((await patch(alice, ids[2], v0, { da_status: 1 })).status, 200);
            const bobSaw = (await load(bob)).records[2];
            assert.equal(
              (await patch(alice, ids[2], bobSaw.version, { driver: das[1] })).status,
              200,
              "status back to 0",
            );
            const b = await patch(bob, ids[2], bobSaw.version, { da_status: 2 });
            assert.deepEqual([b.status, b.body.code, b.body.field], [409, TRACKER.conflict, "da_status"]);
            assert.match(b.body.detail, /^Someone else changed the DA status on this row/);
            assert.deepEqual([b.body.record.driver.id, b.body.record.da_status], [das[1], 0]);
          },
        );

        await t.step("simultaneous edits of many rows all land", async () => {
          const rows = (await load(alice)).records;
          const results = await Promise.all(
            rows.map((r: ShiftRecordDto, i: number) =>
              patch(i % 2 ? bob : alice, r.id, r.version, { number_of_stops: 100 + i })
            ),
          );
          assert.ok(results.every((r) => r.status === 200), JSON.stringify(results.map((r) => r.status)));
          assert.deepEqual(
            (await load(bob)).records.map((r: ShiftRecordDto) => r.number_of_stops),
            rows.map((_: ShiftRecordDto, i: number) => 100 + i),
          );
        });

        await t.step(
          "one DA chosen for two rows at once: one wins, the other is told where the DA is",
          async () => {
            const rows = (await load(alice)).records;
            const [a, b] = await Promise.all([
              patch(alice, rows[3].id, rows[3].version, { driver: das[2] }),
              patch(bob, rows[4].id, rows[4].version, { driver: das[2] }),
            ]);
            assert.deepEqual([a.status, b.status].sort(), [200, 400]);
            assert.match((a.status === 400 ? a : b).body.detail, /is already on row [45] of this report/);
            assert.equal((a.status === 400 ? a : b).body.code, TRACKER.driverTaken);
          },
        );

        await t.step("one scanner picked for two rows at once: one wins", async () => {
          const [rabbit] = await scannersOf(db, 1, "rabbit");
          const rows = (await load(alice)).records;
          const post = (c: Client, r: ShiftRecordDto) =>
            c.json("/api/serial-number-assignment/", {
              method: "POST",
              json: { record_id: r.id, version: r.version, rabbit_number: rabbit.id },
            });
          const [a, b] = await Promise.all([post(alice, rows[5]), post(bob, rows[6])]);
          assert.deepEqual([a.status, b.status].sort(), [200, 400]);
          assert.equal((a.status === 400 ? a : b).body.code, TRACKER.scannerTaken);
        });

        await t.step(
          "racing for the last vans of a size: every van once, the rest 'No free vans!'",
          async () => {
            const free = (await vansOf(db, 1, 2)).filter((v) => v.status === 1);
            const race = await makeReport(db, {
              stationId: 1,
              reportDate: await day(db, 2),
              rows: free.length + 2,
            });
            const rows = (await alice.json(`/api/da-daily-report/${race.id}/`)).body.records;
            const withDrivers = await Promise.all(
              rows.map((r: ShiftRecordDto, i: number) =>
                patch(alice, r.id, r.version, { driver: das[10 + i] })
              ),
            );
            const results = await Promise.all(
              withDrivers.map((r, i) =>
                patch(i % 2 ? bob : alice, r.body.id, r.body.version, { fleet_size: 2 })
              ),
            );
            const won = results.filter((r) => r.status === 200);
            assert.equal(won.length, free.length);
            assert.equal(new Set(won.map((r) => r.body.van.id)).size, free.length, "no van twice");
            assert.ok(
              results.filter((r) => r.status !== 200).every((r) =>
                r.status === 404 && r.body.code === TRACKER.noFreeVans && r.body.detail === "No free vans!"
              ),
            );
          },
        );

        await t.step("the change feed shows another page's edits, new rows and deletions", async () => {
          const first = await alice.json(`/api/da-daily-report/${rep.id}/changes/`);
          assert.equal(first.status, 200);
          assert.equal(first.body.records.length, ids.length, "no cursor: everything");
          const cursor = first.body.cursor;
          const quiet = await alice.json(
            `/api/da-daily-report/${rep.id}/changes/?since=${encodeURIComponent(cursor)}`,
          );
          assert.deepEqual(quiet.body.ids, ids);
          const row = (await load(bob)).records[7];
          await patch(bob, row.id, row.version, { route: "FEED-1" });
          const added = await bob.json("/api/da-daily-report-record/", {
            method: "POST",
            json: { report: rep.id },
          });
          await bob.fetch(`/api/da-daily-report-record/${ids[0]}/`, { method: "DELETE" });
          const feed = await alice.json(
            `/api/da-daily-report/${rep.id}/changes/?since=${encodeURIComponent(cursor)}`,
          );
          const changed = feed.body.records.map((r: ShiftRecordDto) => r.id);
          assert.ok(changed.includes(row.id) && changed.includes(added.body.id));
          assert.equal(feed.body.records.find((r: ShiftRecordDto) => r.id === row.id).route, "FEED-1");
          assert.ok(!feed.body.ids.includes(ids[0]), "deleted elsewhere");
          assert.ok(feed.body.ids.includes(added.body.id));
          assert.equal(feed.body.report.edited_by.first_name, "Sam");
          assert.ok(Date.parse(feed.body.cursor) >= Date.parse(cursor));
          assert.equal((await alice.json(`/api/da-daily-report/${rep.id}/changes/?since=junk`)).status, 200);
        });
      } finally {
        await app.close();
      }
    },
  });
}
