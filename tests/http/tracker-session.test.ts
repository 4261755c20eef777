// A tracker cell edit checks its session inside its own write (issue 15: lib/web/identify.ts
// CHECKED_IN_STATEMENT, lib/auth/session-cache.ts PendingSession). Whatever the server remembers of the
// session, an edit made after a logout, a revocation or a deactivation is refused with 401 and writes
// nothing; one made after the viewer changed (their user row, their stations) is answered as the viewer is
// now, and written once. Cookie and bearer clients alike, on both databases.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { day, makeReport, record, userId } from "../integration/tracker-fixture.ts";
import { sessions, stationSpots, users } from "../../lib/db/schema.ts";

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: a tracker edit's session is checked by its write`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 1), rows: 6 });
        const ids = rep.recordIds;
        const dispatcherId = await userId(db, "dispatcher@example.com");
        const signedIn = async () => {
          const c = new Client(app.url);
          await c.login("dispatcher@example.com");
          // A first request: the server now remembers the session's viewer.
          assert.equal((await c.fetch("/api/current-user/")).status, 200);
          return c;
        };
        const patch = (c: Client, id: number, body: Record<string, unknown>) =>
          c.json(`/api/da-daily-report-record/${id}/`, { method: "PATCH", json: body });

        await t.step("a remembered session edits, once per change", async () => {
          const c = await signedIn();
          for (const route of ["S1", "S2", "S3"]) {
            const r = await patch(c, ids[0], { route });
            assert.equal(r.status, 200, JSON.stringify(r.body));
          }
          const row = await record(db, ids[0]);
          assert.deepEqual([row.route, row.version], ["S3", 4]);
        });

        await t.step("revoked, or the user deactivated: 401 and nothing written", async () => {
          const c = await signedIn();
          assert.equal((await patch(c, ids[1], { route: "R1" })).status, 200);
          await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, dispatcherId));
          // A plain change (the guarded write), the same value again (no write at all), a rule-bearing one.
          for (const body of [{ route: "R2" }, { route: "R1" }, { da_status: 1 }]) {
            const r = await patch(c, ids[1], body);
            assert.equal(r.status, 401, JSON.stringify(body));
          }
          const row = await record(db, ids[1]);
          assert.deepEqual([row.route, row.daStatus, row.version], ["R1", 0, 2]);

          const d = await signedIn();
          assert.equal((await patch(d, ids[1], { route: "R3" })).status, 200);
          await db.update(users).set({ isActive: false }).where(eq(users.id, dispatcherId));
          try {
            assert.equal((await patch(d, ids[1], { route: "R4" })).status, 401);
          } finally {
            await db.update(users).set({ isActive: true }).where(eq(users.id, dispatcherId));
          }
          assert.equal((await record(db, ids[1])).route, "R3");
        });

        await t.step("the viewer changed meanwhile: answered as they are now, written once", async () => {
          const c = await signedIn();
          assert.equal((await patch(c, ids[2], { route: "V1" })).status, 200);
          // Their own user row changes (a new xmin): the remembered viewer is out of date.
          await db.update(users).set({ firstName: "Dana" }).where(eq(users.id, dispatcherId));
          const r = await patch(c, ids[2], { route: "V2", number_of_packages: 7 });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const row = await record(db, ids[2]);
          assert.deepEqual([row.route, row.numberOfPackages, row.version], ["V2", 7, 3]);

          // Their spot at the report's station removed: the report is no longer theirs to see.
          const spots = await db.select().from(stationSpots).where(eq(stationSpots.userId, dispatcherId));
          await db.delete(stationSpots).where(
            sql`${stationSpots.userId} = ${dispatcherId} and ${stationSpots.stationId} = 1`,
          );
          try {
            const gone = await patch(c, ids[2], { route: "V3" });
            assert.equal(gone.status, 404, JSON.stringify(gone.body));
            assert.equal((await record(db, ids[2])).route, "V2");
          } finally {
            await db.insert(stationSpots).values(spots.filter((s) => s.stationId === 1))
              .onConflictDoNothing();
          }
        });

        await t.step("a bearer client: the same check, no cookies", async () => {
          const token = await (await fetch(`${app.url}/api/auth/token/`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "dispatcher@example.com", password: "demo1234" }),
          })).json();
          const call = (body: Record<string, unknown>) =>
            fetch(`${app.url}/api/da-daily-report-record/${ids[3]}/`, {
              method: "PATCH",
              headers: { authorization: `Bearer ${token.access}`, "content-type": "application/json" },
              body: JSON.stringify(body),
            });
          for (const route of ["B1", "B2"]) {
            const r = await call({ route });
            assert.equal(r.status, 200);
            await r.body?.cancel();
          }
          await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, dispatcherId));
          const refused = await call({ route: "B3" });
          assert.equal(refused.status, 401);
          await refused.body?.cancel();
          assert.equal((await record(db, ids[3])).route, "B2");
        });
      } finally {
        await app.close();
      }
    },
  });
}
