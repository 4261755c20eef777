// /api/health, /api/ready and /api/metrics through the real app (issue 16, point 2).
import assert from "node:assert/strict";
import process from "node:process";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { uploadForm } from "../helpers/imports.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { outbox } from "../../lib/outbox/schema.ts";

const app = await startTestApp();
globalThis.addEventListener("unload", () => void app.close());

async function token(email: string): Promise<string> {
  const res = await fetch(app.url + "/api/auth/token/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo1234" }),
  });
  return (await res.json()).access;
}

Deno.test("GET /api/health is liveness; /api/ready reports its three checks", async () => {
  const health = await fetch(app.url + "/api/health");
  assert.equal(health.status, 200);
  assert.equal((await health.json()).status, "ok");
  const ready = await fetch(app.url + "/api/ready");
  const body = await ready.json();
  assert.equal(ready.status, 200, JSON.stringify(body));
  assert.equal(body.status, "ready");
  assert.deepEqual(Object.keys(body.checks).sort(), ["database", "migrations", "outbox"]);
  assert.equal(body.checks.database.kind, "pglite");
  assert.equal(body.checks.migrations.applied, body.checks.migrations.expected);
});

Deno.test("GET /api/ready: 503 with a clear body once the outbox backlog reaches READY_OUTBOX_BACKLOG", async () => {
  const [row] = await app.db.db.insert(outbox).values({
    channel: "sms",
    recipient: "+15550000001",
    body: "x",
    kind: "test",
  }).returning();
  process.env.READY_OUTBOX_BACKLOG = "1";
  try {
    const res = await fetch(app.url + "/api/ready");
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.equal(body.status, "unavailable");
    assert.equal(body.checks.database.ok, true);
    assert.equal(body.checks.outbox.ok, false);
    assert.match(
      body.checks.outbox.detail,
      /wait to be sent \(READY_OUTBOX_BACKLOG is 1\): is the sender running\?/,
    );
  } finally {
    delete process.env.READY_OUTBOX_BACKLOG;
    await app.db.db.update(outbox).set({ status: "kept" }).where(eq(outbox.id, row.id));
  }
});

Deno.test("GET /api/metrics: off without METRICS_TOKEN, 401 without it, Prometheus text with it", async () => {
  const off = await fetch(app.url + "/api/metrics");
  assert.equal(off.status, 404);
  assert.equal((await off.json()).code, "metrics.off");
  process.env.METRICS_TOKEN = "scrape-me";
  try {
    const refused = await fetch(app.url + "/api/metrics", { headers: { authorization: "Bearer wrong" } });
    assert.equal(refused.status, 401);
    await refused.body?.cancel();
    // A user's session token is not the metrics token.
    const user = await fetch(app.url + "/api/metrics", {
      headers: { authorization: `Bearer ${await token("owner@example.com")}` },
    });
    assert.equal(user.status, 401);
    await user.body?.cancel();

    // One import, so that its duration is measured.
    const manager = await token("manager@example.com");
    const f = makeDnr({ station: "DON9", week: 30, year: 2022, das: makeDas(3, 61), seed: 4 });
    const up = await fetch(app.url + "/api/upload-amazon-dnr/", {
      method: "POST",
      headers: { authorization: `Bearer ${manager}` },
      body: uploadForm("csv_file", f),
    });
    assert.ok(up.status < 300, `${up.status} ${await up.text()}`);
    await (await fetch(app.url + "/api/van/1/", { headers: { authorization: `Bearer ${manager}` } })).text();

    const res = await fetch(app.url + "/api/metrics", { headers: { authorization: "Bearer scrape-me" } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.match(
      text,
      /dsp_http_request_duration_seconds_bucket\{route="\/api\/van\/\[id\]",method="GET",status="2xx",le="0\.005"\} \d+/,
    );
    assert.match(
      text,
      /dsp_http_request_duration_seconds_count\{route="\/api\/ready",method="GET",status="[25]xx"\} \d+/,
    );
    assert.match(text, /dsp_import_duration_seconds_count\{kind="[\w-]+",outcome="\w+"\} 1/);
    assert.match(text, /dsp_database_up\{kind="pglite"\} 1/);
    assert.match(text, /dsp_outbox_backlog \d+/);
    assert.match(text, /dsp_outbox_failed \d+/);
    assert.match(text, /dsp_db_pool_size 1/);
  } finally {
    delete process.env.METRICS_TOKEN;
  }
});
