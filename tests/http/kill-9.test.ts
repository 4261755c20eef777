// kill -9 of an app server in the middle of an import, a Notify and a bulk status change (issue 16, point 5),
// on PostgreSQL: the server is a child process (main.ts); the test holds a table lock so that the server's
// transaction is caught half way (its first rows written or locked, the next write waiting), kills the server
// there, and then finds nothing of it in the database: no import row, no upload, no data rows; no outbox
// message and no status marked published; no van changed, no history row. A new server then does the same
// work once. (The outbox's own crash, between handing an
// SMS to the provider and marking it sent, is tests/integration/notify-outbox.test.ts.)
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { TEST_PG_URL, testPostgres } from "../helpers/db.ts";
import { uploadForm } from "../helpers/imports.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import { outbox, shiftRecords } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport } from "../integration/tracker-fixture.ts";
import type { Db } from "../../lib/db/client.ts";
import { type ServerProcess, spawnServer } from "../helpers/server-process.ts";

/** Holds `lock table <table>` in a transaction until release(); resolves once the lock is held. */
async function holdLock(url: string, table: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  let held!: () => void;
  const holding = new Promise<void>((ok) => (held = ok));
  const done = client.begin(async (tx) => {
    await tx.unsafe(`lock table ${table} in access exclusive mode`);
    held();
    await released;
  });
  await holding;
  return {
    release: async () => {
      release();
      await done;
      await client.end();
    },
  };
}

/** The child server's connections: this database's, named by the app (`dsp <host> <pid>`), not this process's. */
let ownName = "";
const serverOf = (_db: Db) =>
  sql`where datname = current_database() and application_name like 'dsp %' and application_name <> ${ownName}`;

/** Waits until one of the server's connections waits on a lock: its transaction is half way. */
async function waitForBlocked(db: Db, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const rows = rowsOf(
      await db.execute(sql`select pid from pg_stat_activity ${serverOf(db)} and wait_event_type = 'Lock'`),
    );
    if (rows.length) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`${what} never reached the locked table`);
}

/** Waits until the killed server's connections are gone (their transactions rolled back). */
async function waitForNoServerConnections(db: Db): Promise<void> {
  // A backend notices its client died when it next talks to it: after the lock is released, at once.
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const rows = rowsOf(
      await db.execute(sql`select 1 from pg_stat_activity ${serverOf(db)}`),
    );
    if (!rows.length) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const left = rowsOf(
    await db.execute(sql`select application_name, state, wait_event_type, left(query, 80) as q
      from pg_stat_activity ${serverOf(db)}`),
  );
  throw new Error(`the killed server's connections never went: ${JSON.stringify(left)}`);
}

async function token(base: string, email: string): Promise<string> {
  const res = await fetch(base + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo1234" }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).access;
}

const count = async (db: Db, table: string) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

Deno.test({
  name:
    "kill -9 mid-import, mid-notify and mid-bulk-change leaves nothing half-written; a new server does each once",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const handle = await testPostgres({ demo: true });
    const db = handle.db;
    ownName = handle.applicationName ?? "";
    const [{ name }] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    let server: ServerProcess | undefined;
    try {
      // ---- an import, caught after its upload and import rows, before its data rows
      server = await spawnServer(url.toString());
      const file = makeDnr({ station: "DON9", week: 41, year: 2022, das: makeDas(30, 71), seed: 41 });
      const tables = ["amazon_imports", "uploads", "da_weekly_dsb", "delivery_concessions"];
      const before = await Promise.all(tables.map((t) => count(db, t)));
      const lock = await holdLock(url.toString(), "da_weekly_dsb");
      const manager = await token(server.url, "manager@example.com");
      const upload = fetch(server.url + "/api/upload-amazon-dnr/", {
        method: "POST",
        headers: { authorization: `Bearer ${manager}` },
        body: uploadForm("csv_file", file),
      }).then((r) => r.status, () => "connection lost");
      await waitForBlocked(db, "the import");
      await server.kill9();
      assert.equal(await upload, "connection lost");
      await lock.release();
      await waitForNoServerConnections(db);
      assert.deepEqual(await Promise.all(tables.map((t) => count(db, t))), before, "nothing of the import");

      server = await spawnServer(url.toString());
      const again = await fetch(server.url + "/api/upload-amazon-dnr/", {
        method: "POST",
        headers: { authorization: `Bearer ${await token(server.url, "manager@example.com")}` },
        body: uploadForm("csv_file", file),
      });
      const body = await again.json();
      assert.equal(again.status, 201, JSON.stringify(body));
      assert.equal(body.status, "imported", "stored now, once: the killed attempt left no trace");

      // ---- a Notify, caught after marking statuses published, before its outbox rows
      const das = await activeDas(db, 1);
      const rep = await makeReport(db, { stationId: 1, reportDate: await day(db, 4), rows: 3 });
      for (const [i, id] of rep.recordIds.entries()) {
        await db.update(shiftRecords).set({ driverId: das[i], route: `CX${i}`, waveTime: "Wave 1" })
          .where(eq(shiftRecords.id, id));
      }
      const messagesBefore = await count(db, "outbox");
      const outboxLock = await holdLock(url.toString(), "outbox");
      const dispatcher = await token(server.url, "dispatcher@example.com");
      const notify = fetch(server.url + "/api/send-message-for-drivers/", {
        method: "POST",
        headers: { authorization: `Bearer ${dispatcher}`, "content-type": "application/json" },
        body: JSON.stringify({ da_tracker_id: rep.id }),
      }).then((r) => r.status, () => "connection lost");
      await waitForBlocked(db, "Notify");
      await server.kill9();
      assert.equal(await notify, "connection lost");
      await outboxLock.release();
      await waitForNoServerConnections(db);
      assert.equal(await count(db, "outbox"), messagesBefore, "no message written");
      const rows = await db.select().from(shiftRecords).where(inArray(shiftRecords.id, rep.recordIds));
      assert.ok(rows.every((r) => !r.isStatusPublished), "no status marked published");

      server = await spawnServer(url.toString());
      const sent = await fetch(server.url + "/api/send-message-for-drivers/", {
        method: "POST",
        headers: {
          authorization: `Bearer ${await token(server.url, "dispatcher@example.com")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ da_tracker_id: rep.id }),
      });
      const result = await sent.json();
      assert.equal(sent.status, 200, JSON.stringify(result));
      assert.equal(result.sent, 3);
      const msgs = (await db.select().from(outbox)).filter((m) =>
        (m.meta as { report_id?: number }).report_id === rep.id
      );
      assert.equal(msgs.length, 3, "each driver's message once");

      // ---- a bulk status change, caught after locking its vans, before its one writing statement
      const vanIds = rowsOf<{ id: number }>(
        await db.execute(sql`select id from vans where station_id = 1 and status = 1 order by id limit 5`),
      ).map((r) => Number(r.id));
      assert.equal(vanIds.length, 5);
      const vanStates = async () =>
        rowsOf(
          await db.execute(sql`select id, status, status_change_reason from vans
          where id = any(${sql.param(vanIds)}::int[]) order by id`),
        );
      const [statesBefore, historyBefore] = [await vanStates(), await count(db, "status_changes")];
      const changesLock = await holdLock(url.toString(), "status_changes");
      const owner = await token(server.url, "owner@example.com");
      const change = { id_list: vanIds, status: 2, status_change_reason: 1 };
      const bulk = fetch(server.url + "/api/van/bulk-status/", {
        method: "POST",
        headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
        body: JSON.stringify(change),
      }).then((r) => r.status, () => "connection lost");
      await waitForBlocked(db, "the bulk change");
      await server.kill9();
      assert.equal(await bulk, "connection lost");
      await changesLock.release();
      await waitForNoServerConnections(db);
      assert.deepEqual(await vanStates(), statesBefore, "no van changed");
      assert.equal(await count(db, "status_changes"), historyBefore, "no history written");

      server = await spawnServer(url.toString());
      const redo = await fetch(server.url + "/api/van/bulk-status/", {
        method: "POST",
        headers: {
          authorization: `Bearer ${await token(server.url, "owner@example.com")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(change),
      });
      assert.equal(redo.status, 200, await redo.clone().text());
      assert.equal((await redo.json()).changed, 5);
      assert.equal(await count(db, "status_changes"), historyBefore + 5, "each van's change once");
    } finally {
      await server?.stop();
      await handle.close();
    }
  },
});
