// Readiness against real databases: a prepared one (ready), one with a migration missing or an outbox
// backlog (unavailable, saying which), and PostgreSQL clients whose server refuses or never answers (a
// prompt 'unavailable', not a hang).
import assert from "node:assert/strict";
import net from "node:net";
import process from "node:process";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { ENGINES } from "../../tests/helpers/db.ts";
import { CHECK_TIMEOUT_MS, databaseGauges, readiness } from "./figures.ts";
import { outbox } from "../outbox/schema.ts";

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: ready when migrated, unavailable with a migration missing or an outbox backlog`, async () => {
    const h = await engine.open();
    try {
      const ok = await readiness(h);
      assert.equal(ok.status, "ready", JSON.stringify(ok));
      assert.equal(ok.checks.database.ok && ok.checks.migrations.ok && ok.checks.outbox.ok, true);

      const gauges = await databaseGauges(h);
      const names = gauges.map((g) => g.name);
      for (const n of ["dsp_database_up", "dsp_outbox_backlog", "dsp_outbox_failed", "dsp_db_pool_size"]) {
        assert.ok(names.includes(n), n);
      }
      if (engine.name === "postgres") {
        const conns = gauges.find((g) => g.name === "dsp_db_pool_connections")!;
        assert.ok(conns.values.reduce((n, v) => n + v.value, 0) >= 1, JSON.stringify(conns));
      }

      process.env.READY_OUTBOX_BACKLOG = "3";
      try {
        await h.db.insert(outbox).values(
          [1, 2, 3].map((i) => ({
            channel: "sms" as const,
            recipient: `+1555000000${i}`,
            body: "x",
            kind: "test",
          })),
        );
        const busy = await readiness(h);
        assert.equal(busy.status, "unavailable");
        assert.equal(busy.checks.outbox.ok, false);
        assert.match(busy.checks.outbox.detail, /3 messages wait to be sent \(READY_OUTBOX_BACKLOG is 3\)/);
      } finally {
        delete process.env.READY_OUTBOX_BACKLOG;
      }

      await h.db.execute(sql`delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const behind = await readiness(h);
      assert.equal(behind.status, "unavailable");
      assert.equal(behind.checks.migrations.ok, false);
      assert.match(behind.checks.migrations.detail, /1 migration\(s\) not applied: run `dsp migrate`/);
    } finally {
      await h.close();
    }
  });
}

Deno.test("postgres: a server that refuses connections is 'unavailable' at once, saying why", async () => {
  const h = await openDatabase({ url: "postgres://127.0.0.1:1/none", migrate: false });
  try {
    const r = await readiness(h);
    assert.equal(r.status, "unavailable");
    assert.equal(r.checks.database.ok, false);
    assert.match(r.checks.database.detail, /^the database is not answering \(.*(ECONNREFUSED|connect)/i);
    assert.deepEqual((await databaseGauges(h)).map((g) => [g.name, g.values[0].value]), [[
      "dsp_database_up",
      0,
    ]]);
  } finally {
    await h.close();
  }
});

Deno.test("postgres: a server that accepts and never answers is 'unavailable' within the check's bound", async () => {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((s) => sockets.push(s));
  await new Promise<void>((ok) => silent.listen(0, "127.0.0.1", ok));
  const port = (silent.address() as net.AddressInfo).port;
  const h = await openDatabase({ url: `postgres://127.0.0.1:${port}/none`, migrate: false });
  try {
    const started = Date.now();
    const r = await readiness(h);
    assert.equal(r.status, "unavailable");
    assert.match(r.checks.database.detail, new RegExp(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    assert.ok(Date.now() - started < CHECK_TIMEOUT_MS * 3, "answered, not hung");
  } finally {
    sockets.forEach((s) => s.destroy());
    silent.close();
    await h.close().catch(() => {});
  }
});
