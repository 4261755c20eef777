// The PostgreSQL client when its server goes away at the worst moment: a new connection ended by the server
// while the driver reads the array types, and the server then refusing connections (a fast stop under load).
// The waiting query fails (a 503 at the edge), the process lives on (Deno ends it on an unhandled rejection,
// which the driver leaves here), and the same client answers once the server is back. A proxy in front of
// the test server plays the server's part: it passes everything through, except that it answers the type
// read with PostgreSQL's own "terminating connection" error and stops listening.
import assert from "node:assert/strict";
import net from "node:net";
import { Buffer } from "node:buffer";
import { sql } from "drizzle-orm";
import { isDriverTypeFetchFailure, openDatabase, reconnectDelaySeconds } from "./client.ts";
import { TEST_PG_URL } from "../../tests/helpers/db.ts";

/** PostgreSQL's ErrorResponse for a terminated backend (57P01, FATAL). */
function terminating(): Buffer {
  const fields = Buffer.from(
    "SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0",
  );
  const head = Buffer.alloc(5);
  head[0] = 0x45; // 'E'
  head.writeUInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

Deno.test("postgres: a connection ended during the driver's type read, then refused, fails the query and not the process", async () => {
  const target = new URL(TEST_PG_URL);
  let killTypeRead = true;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.on("data", (d) => {
      if (killTypeRead && d.toString("latin1").includes("typarray")) {
        killTypeRead = false;
        proxy.close(); // refused from now on
        server.destroy();
        client.end(terminating());
        return;
      }
      server.write(d);
    });
    server.pipe(client);
  });
  await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", ok));
  const port = (proxy.address() as net.AddressInfo).port;
  const url = new URL(TEST_PG_URL);
  url.port = String(port);
  const h = await openDatabase({ url: url.toString(), migrate: false });
  const unhandled: unknown[] = [];
  const watch = (e: PromiseRejectionEvent) => unhandled.push(e.reason);
  globalThis.addEventListener("unhandledrejection", watch);
  try {
    await assert.rejects(
      h.db.execute(sql`select 1`),
      (e: Error) => /ECONNREFUSED/.test(String(e.cause ?? e)),
    );
    // The driver's own rejection comes a few turns later: it must be marked handled, not end the process.
    await new Promise((ok) => setTimeout(ok, 200));
    assert.equal(unhandled.length, 1, "the driver left its type read's rejection to nobody");
    assert.ok(isDriverTypeFetchFailure(unhandled[0]), String(unhandled[0]));

    await new Promise<void>((ok) => proxy.listen(port, "127.0.0.1", ok));
    // Back: within a few tries (the first may still carry the old connection's error, upstream #1223).
    let answer: unknown;
    for (let i = 0; i < 5 && answer === undefined; i++) {
      answer = await h.db.execute(sql`select 1 as one`).catch(() => undefined);
      if (answer === undefined) await new Promise((ok) => setTimeout(ok, reconnectDelaySeconds(5) * 1000));
    }
    assert.ok(answer, "the same client answers again");
  } finally {
    globalThis.removeEventListener("unhandledrejection", watch);
    await h.close().catch(() => {});
    sockets.forEach((s) => s.destroy());
    proxy.close();
  }
});

/** PostgreSQL's answer to a connection during crash recovery (57P03, FATAL). */
function startingUp(): Buffer {
  const fields = Buffer.from("SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0");
  const head = Buffer.alloc(5);
  head[0] = 0x45;
  head.writeUInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

Deno.test("postgres: a refusal at start-up fails the waiting query at once, also on a connection whose last query failed", async () => {
  const target = new URL(TEST_PG_URL);
  let mode: "pass" | "starting up" = "pass";
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "starting up") {
      client.once("data", () => client.end(startingUp()));
      return;
    }
    const server = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(server);
    server.on("close", () => sockets.delete(server));
    server.on("error", () => client.destroy());
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", ok));
  const url = new URL(TEST_PG_URL);
  url.port = String((proxy.address() as net.AddressInfo).port);
  // One connection, so that the next query is the one whose last query failed.
  const pool = Deno.env.get("DB_POOL");
  Deno.env.set("DB_POOL", "1");
  const h = await openDatabase({ url: url.toString(), migrate: false });
  if (pool === undefined) Deno.env.delete("DB_POOL");
  else Deno.env.set("DB_POOL", pool);
  const within = <T>(ms: number, p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, no) => setTimeout(() => no(new Error(`no answer within ${ms} ms`)), ms)),
    ]);
  try {
    await h.db.execute(sql`select 1`);
    // The server goes away under a running query, and comes back still recovering.
    const running = h.db.execute(sql`select pg_sleep(2)`);
    await new Promise((ok) => setTimeout(ok, 200));
    mode = "starting up";
    sockets.forEach((s) => s.destroy());
    await assert.rejects(running);
    const started = Date.now();
    await assert.rejects(
      within(3000, h.db.execute(sql`select 1`)),
      (e: Error) => (e.cause as { code?: string } | undefined)?.code === "57P03",
    );
    assert.ok(Date.now() - started < 3000);
    mode = "pass";
    // The first query after it may still carry the refusal (the driver replays it, upstream #1223): a 503.
    let answer: unknown;
    for (let i = 0; i < 3 && answer === undefined; i++) {
      answer = await within(5000, h.db.execute(sql`select 1`)).catch(() => undefined);
    }
    assert.ok(answer, "answered once the server accepts");
  } finally {
    await h.close().catch(() => {});
    sockets.forEach((s) => s.destroy());
    proxy.close();
  }
});

Deno.test("only the driver's type read on a database that went away counts as its failure", () => {
  const typeRead = "select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b";
  const err = (code: string, query: string) => Object.assign(new Error("x"), { code, query });
  assert.equal(isDriverTypeFetchFailure(err("ECONNREFUSED", typeRead)), true);
  assert.equal(isDriverTypeFetchFailure(err("57P01", typeRead)), true);
  assert.equal(isDriverTypeFetchFailure(err("42P01", typeRead)), false, "a refusal, not an outage");
  assert.equal(isDriverTypeFetchFailure(err("ECONNREFUSED", "select 1")), false, "an app query");
  assert.equal(isDriverTypeFetchFailure(new Error("ECONNREFUSED")), false);
  assert.equal(isDriverTypeFetchFailure(null), false);
});

Deno.test("reconnects wait at most half a second, however many tries failed", () => {
  assert.ok(reconnectDelaySeconds(0) <= 0.01);
  assert.equal(reconnectDelaySeconds(50), 0.5);
  for (let n = 0; n < 60; n++) assert.ok(reconnectDelaySeconds(n) <= 0.5);
});
