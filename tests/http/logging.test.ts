// Structured logs through the real app: every request gets an X-Request-Id and one log line naming the Astro
// route pattern (never the path's ids), its status, time and user; a 500 body carries the same id.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { setLogSink } from "../../lib/log/logger.ts";
import { newRequestRecord, withRequest } from "../../lib/log/request-context.ts";
import { errorResponse } from "../../lib/web/endpoint.ts";
import { DEMO_ACCOUNTS } from "../../lib/demo/seed.ts";

const app = await startTestApp({ engine: "postgres" });
const lines: Record<string, unknown>[] = [];
const restoreSink = setLogSink((line) => lines.push(JSON.parse(line)), { level: "debug" });
globalThis.addEventListener("unload", () => {
  restoreSink();
  void app.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request's log line: written when the response has gone out, so it may trail the client a little. */
async function requestLine(requestId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const found = lines.filter((l) => l.msg === "request" && l.request_id === requestId);
    if (found.length) {
      assert.equal(found.length, 1, "one line per request");
      return found[0];
    }
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error(`no log line for request ${requestId}: ${JSON.stringify(lines.slice(-5))}`);
}

Deno.test("logging: a visitor's request gets an X-Request-Id and one info line with the route pattern", async () => {
  const res = await fetch(app.url + "/api/health");
  await res.body?.cancel();
  const id = res.headers.get("x-request-id")!;
  assert.match(id, UUID);
  const line = await requestLine(id);
  assert.equal(line.level, "info");
  assert.equal(line.method, "GET");
  assert.equal(line.route, "/api/health");
  assert.equal(line.status, 200);
  assert.equal(typeof line.ms, "number");
  assert.equal(line.user_id, null);
  assert.ok(!Number.isNaN(Date.parse(String(line.time))));
  // An id per request, never one sent by the client.
  const again = await fetch(app.url + "/api/health", { headers: { "x-request-id": "mine" } });
  await again.body?.cancel();
  assert.match(again.headers.get("x-request-id")!, UUID);
  assert.notEqual(again.headers.get("x-request-id"), id);
});

Deno.test("logging: a signed-in request logs the pattern (not the id in the path) and the user", async () => {
  const client = new Client(app.url);
  const manager = DEMO_ACCOUNTS.find((a) => a.role === 3)!;
  await client.login(manager.email);
  const me = await client.json<{ id: number }>("/api/current-user");
  const res = await client.fetch("/api/van/1");
  await res.body?.cancel();
  assert.equal(res.status, 200);
  const line = await requestLine(res.headers.get("x-request-id")!);
  assert.equal(line.route, "/api/van/[id]");
  assert.equal(line.user_id, me.body.id);
  assert.equal(JSON.stringify(line).includes("/api/van/1"), false);
});

Deno.test("logging: static files are logged at debug level, by path", async () => {
  const res = await fetch(app.url + "/favicon.svg");
  await res.body?.cancel();
  assert.equal(res.status, 200);
  const line = await requestLine(res.headers.get("x-request-id")!);
  assert.equal(line.level, "debug");
  assert.equal(line.route, null);
  assert.equal(line.path, "/favicon.svg");
});

Deno.test("logging: an unexpected error is logged with its stack and its 500 body names the request", async () => {
  const record = newRequestRecord("POST");
  const res = withRequest(record, () => errorResponse(new Error("disk on fire")));
  assert.equal(res.status, 500);
  assert.deepEqual(await res.json(), {
    detail: "Internal server error!",
    code: "common.internal",
    request_id: record.id,
  });
  const line = lines.find((l) => l.msg === "unhandled error" && l.request_id === record.id)!;
  assert.equal(line.level, "error");
  const error = line.error as { message: string; stack: string };
  assert.equal(error.message, "disk on fire");
  assert.match(error.stack, /logging\.test\.ts/);
});
