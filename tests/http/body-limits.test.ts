// Request bodies are capped while they stream, in the node:http server before the app reads them: 64 KB
// under /api/auth/, UPLOAD_LIMIT_MB for multipart uploads, 1 MB for any other body. An oversized body is
// answered 413 with the spec's text whether or not it declares its length; an upload under the limit passes.
import assert from "node:assert/strict";
import { Client, startTestApp } from "../helpers/app.ts";
import { uploadForm } from "../helpers/imports.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());

const MB = 1024 * 1024;
/** A JSON string 2 MB long: over every JSON cap. */
const bigJson = () => JSON.stringify({ email: "owner@example.com", password: "x".repeat(2 * MB) });

/** The same text sent chunked: no Content-Length, so only counting while it streams can stop it. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at += 64 * 1024));
    },
  });
}

async function assertTooLarge(res: Response, code = "request.too_large"): Promise<void> {
  const body = await res.json();
  assert.equal(res.status, 413);
  assert.equal(body.detail, "File so large for upload");
  assert.equal(body.code, code);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
}

const jsonInit = (body: BodyInit): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: app.url },
  body,
});

Deno.test("a 2 MB sign-in body is refused with 413 before it is parsed, declared or chunked", async () => {
  await assertTooLarge(await fetch(`${app.url}/api/auth/login/`, jsonInit(bigJson())));
  await assertTooLarge(await fetch(`${app.url}/api/auth/login/`, jsonInit(chunked(bigJson()))));
  // 64 KB under /api/auth/: a 100 KB body is already too much there.
  const medium = JSON.stringify({ email: "a@example.com", password: "x".repeat(100 * 1024) });
  await assertTooLarge(await fetch(`${app.url}/api/auth/login/`, jsonInit(medium)));
  // The server still answers normally afterwards.
  const health = await fetch(`${app.url}/api/health`);
  await health.body?.cancel();
  assert.equal(health.status, 200);
});

Deno.test("a signed-in 2 MB JSON body is refused with 413, declared or chunked", async () => {
  const c = new Client(app.url);
  await c.login("owner@example.com");
  const headers = { "content-type": "application/json" };
  await assertTooLarge(await c.fetch("/api/budget/", { method: "POST", headers, body: bigJson() }));
  await assertTooLarge(await c.fetch("/api/budget/", { method: "POST", headers, body: chunked(bigJson()) }));
});

Deno.test("an upload just under UPLOAD_LIMIT_MB still imports; just over it is the upload guard's 413", async () => {
  const c = new Client(app.url);
  await c.login("manager@example.com");
  const f = makeDnr({ station: "DON9", week: 20, year: 2024, das: makeDas(6, 51), seed: 3 });
  const padded = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(f.bytes);
    bytes.fill(0x20, f.bytes.length);
    return { fileName: f.fileName, bytes };
  };
  Deno.env.set("UPLOAD_LIMIT_MB", "1");
  try {
    const under = await c.json("/api/upload-amazon-dnr/", {
      method: "POST",
      body: uploadForm("csv_file", padded(MB - 1024)),
    });
    assert.equal(under.status, 201, JSON.stringify(under.body));
    const over = await c.fetch("/api/upload-amazon-dnr/", {
      method: "POST",
      body: uploadForm("csv_file", padded(MB + 128 * 1024)),
    });
    await assertTooLarge(over, "upload.too_large");
  } finally {
    Deno.env.delete("UPLOAD_LIMIT_MB");
  }
});

Deno.test("keep-alive outlasts common proxy idle timeouts (60 s)", async () => {
  const { hostname, port } = new URL(app.url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    await conn.write(new TextEncoder().encode(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf) ?? 0;
    const head = new TextDecoder().decode(buf.subarray(0, n));
    const timeout = Number(head.match(/^keep-alive:\s*timeout=(\d+)/im)?.[1]);
    assert.ok(timeout > 60, `Keep-Alive timeout ${timeout} s`);
  } finally {
    conn.close();
  }
});
