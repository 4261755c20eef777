import assert from "node:assert/strict";
import http from "node:http";
import zlib from "node:zlib";
import { Buffer } from "node:buffer";
import {
  compressResponses,
  etagOf,
  HOLD_WHOLE_BYTES,
  isCompressible,
  matchesEtag,
  negotiate,
} from "./compress.ts";

const assertEquals = (a: unknown, b: unknown) => assert.deepEqual(a, b);

Deno.test("negotiate: brotli before gzip, q=0 refuses, * counts, nothing means identity", () => {
  assert.equal(negotiate("gzip, deflate, br"), "br");
  assert.equal(negotiate("gzip;q=1.0, br;q=0"), "gzip");
  assert.equal(negotiate("br;q=0, gzip;q=0"), null);
  assert.equal(negotiate("*"), "br");
  assert.equal(negotiate("identity"), null);
  assert.equal(negotiate(undefined), null);
  assert.equal(negotiate("gzip, br", ["gzip"]), "gzip", "only what the file comes in");
});

Deno.test("compressible types: text, JSON, JavaScript, SVG; not images or archives", () => {
  for (const t of ["text/html; charset=utf-8", "application/json", "text/javascript", "image/svg+xml"]) {
    assert.ok(isCompressible(t), t);
  }
  for (const t of ["image/png", "application/zip", "application/pdf", undefined]) {
    assert.ok(!isCompressible(t));
  }
});

Deno.test("ETags: weak, equal bytes equal tags, If-None-Match lists and W/ prefixes match", () => {
  const a = etagOf(new TextEncoder().encode('{"a":1}'));
  assert.equal(a, etagOf(new TextEncoder().encode('{"a":1}')));
  assert.notEqual(a, etagOf(new TextEncoder().encode('{"a":2}')));
  assert.match(a, /^W\/"/);
  assert.ok(matchesEtag(`"x", ${a}`, a));
  assert.ok(matchesEtag(a.slice(2), a), "the strong form of the same tag");
  assert.ok(matchesEtag("*", a));
  assert.ok(!matchesEtag('"other"', a));
  assert.ok(!matchesEtag(undefined, a));
});

/** A node:http server whose handler writes `body` in `chunk`-byte pieces through compressResponses. */
async function served(body: Uint8Array, chunk: number, type: string) {
  const server = http.createServer((req, res) => {
    compressResponses(req, res);
    res.setHeader("Content-Type", type);
    for (let at = 0; at < body.byteLength; at += chunk) res.write(body.subarray(at, at + chunk));
    res.end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as { port: number };
  try {
    return await new Promise<{ headers: http.IncomingHttpHeaders; raw: Buffer }>((ok, fail) => {
      http.get({ port, host: "127.0.0.1", headers: { "accept-encoding": "br" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c) => parts.push(c));
        res.on("end", () => ok({ headers: res.headers, raw: Buffer.concat(parts) }));
      }).on("error", fail);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
}

const pageOf = (bytes: number) =>
  new TextEncoder().encode(
    Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `<tr><td>row ${i}</td><td>${i * 7}</td></tr>`)
      .join("").slice(0, bytes),
  );

Deno.test("a page written in small chunks is held whole: one brotli body with its length", async () => {
  const body = pageOf(300 * 1024);
  const { headers, raw } = await served(body, 700, "text/html; charset=utf-8");
  assertEquals(headers["content-encoding"], "br");
  assertEquals(Number(headers["content-length"]), raw.byteLength);
  assertEquals(new Uint8Array(zlib.brotliDecompressSync(raw)), body);
});

Deno.test("a page beyond the hold limit is streamed compressed, whole and in order", async () => {
  const body = pageOf(HOLD_WHOLE_BYTES + 200 * 1024);
  const { headers, raw } = await served(body, 1500, "text/html");
  assertEquals(headers["content-encoding"], "br");
  assertEquals(headers["content-length"], undefined);
  assertEquals(headers["transfer-encoding"], "chunked");
  assertEquals(new Uint8Array(zlib.brotliDecompressSync(raw)), body);
});

Deno.test("a body of a type not worth compressing goes as written once its first kilobyte is in", async () => {
  const body = pageOf(5000);
  const { headers, raw } = await served(body, 300, "image/png");
  assertEquals(headers["content-encoding"], undefined);
  assertEquals(new Uint8Array(raw), body);
});
