// Delivery (issue 15, point 3): static files precompressed at build time and cached for good when hashed,
// pages and JSON compressed on the way out with Vary: Accept-Encoding, JSON lists tagged (304 on
// If-None-Match), keep-alive, and what reaches the app when no file matches. Raw node:http requests, so the bytes on the wire are what is checked.
import assert from "node:assert/strict";
import http from "node:http";
import zlib from "node:zlib";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client, startTestApp } from "../helpers/app.ts";

const app = await startTestApp({ demo: true });
const owner = new Client(app.url);
await owner.login("owner@example.com");
const cookie = () => [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Uint8Array;
}

function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = http.get(app.url + path, { headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on("data", (c: Uint8Array) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
  });
}

const decoded = (r: Raw) =>
  r.headers["content-encoding"] === "br"
    ? zlib.brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
    ? zlib.gunzipSync(r.body)
    : r.body;

const dist = join(Deno.cwd(), Deno.env.get("DIST_DIR") || "dist", "client");
const script = readdirSync(join(dist, "_astro")).filter((f) => f.endsWith(".js"))
  .map((f) => ({ f, size: readFileSync(join(dist, "_astro", f)).byteLength }))
  .sort((a, b) => b.size - a.size)[0].f;

Deno.test({ name: "delivery", sanitizeResources: false, sanitizeOps: false }, async (t) => {
  try {
    await t.step(
      "a hashed script: precompressed per Accept-Encoding, immutable, Vary, 304 on its ETag",
      async () => {
        const original = readFileSync(join(dist, "_astro", script));
        const br = await raw(`/_astro/${script}`, { "accept-encoding": "gzip, br" });
        assert.equal(br.status, 200);
        assert.equal(br.headers["content-encoding"], "br");
        assert.match(String(br.headers.vary), /accept-encoding/i);
        assert.equal(br.headers["cache-control"], "public, max-age=31536000, immutable");
        assert.ok(
          br.body.byteLength < original.byteLength / 2,
          `${br.body.byteLength} of ${original.byteLength}`,
        );
        assert.deepEqual(decoded(br), original);
        const gz = await raw(`/_astro/${script}`, { "accept-encoding": "gzip" });
        assert.equal(gz.headers["content-encoding"], "gzip");
        assert.deepEqual(decoded(gz), original);
        const plain = await raw(`/_astro/${script}`);
        assert.equal(plain.headers["content-encoding"], undefined);
        assert.deepEqual(plain.body, original);
        const again = await raw(`/_astro/${script}`, { "if-none-match": String(br.headers.etag) });
        assert.equal(again.status, 304);
        assert.equal(again.body.byteLength, 0);
      },
    );

    await t.step(
      "a page: compressed as it streams, per Accept-Encoding, with Vary and its own headers",
      async () => {
        for (const enc of ["br", "gzip"]) {
          const page = await raw("/account", { "accept-encoding": enc, cookie: cookie() });
          assert.equal(page.status, 200);
          assert.equal(page.headers["content-encoding"], enc);
          assert.match(String(page.headers.vary), /accept-encoding/i);
          assert.match(String(page.headers["content-security-policy"]), /script-src/);
          assert.match(new TextDecoder().decode(decoded(page)), /<html[\s\S]*<\/html>/);
        }
        const plain = await raw("/account", { cookie: cookie() });
        assert.equal(plain.headers["content-encoding"], undefined);
        assert.match(new TextDecoder().decode(plain.body), /<\/html>/);
      },
    );

    await t.step("a JSON list: compressed, tagged, 304 with no body when the client has it", async () => {
      const first = await raw("/api/driver-model/?page_size=100", {
        "accept-encoding": "gzip",
        cookie: cookie(),
      });
      assert.equal(first.status, 200);
      assert.equal(first.headers["content-encoding"], "gzip");
      // Held whole and compressed in one call: its length is known.
      assert.equal(Number(first.headers["content-length"]), first.body.byteLength);
      const etag = String(first.headers.etag);
      assert.match(etag, /^W\/"/);
      const body = JSON.parse(new TextDecoder().decode(decoded(first)));
      assert.ok(body.count > 0);
      const same = await raw("/api/driver-model/?page_size=100", { "if-none-match": etag, cookie: cookie() });
      assert.equal(same.status, 304);
      assert.equal(same.body.byteLength, 0);
      assert.equal(same.headers.etag, etag);
      const other = await raw("/api/driver-model/?page_size=10", { "if-none-match": etag, cookie: cookie() });
      assert.equal(other.status, 200, "another answer, another tag");
    });

    await t.step("small answers go as they are; connections are kept alive", async () => {
      const health = await raw("/api/health", { "accept-encoding": "br, gzip" });
      assert.equal(health.headers["content-encoding"], undefined);
      assert.equal(health.headers.connection, "keep-alive");
      assert.match(String(health.headers["keep-alive"]), /timeout=65/);
    });

    await t.step(
      "a badly encoded address is a 400 saying so; an unknown one is the app's 404 page",
      async () => {
        const bad = await raw("/das-reports/%E0%A4%A", { cookie: cookie() });
        assert.equal(bad.status, 400);
        assert.match(new TextDecoder().decode(bad.body), /not valid URL encoding/);
        const unknown = await raw("/no-such-page", { cookie: cookie() });
        assert.equal(unknown.status, 404);
        assert.match(String(unknown.headers["content-type"]), /text\/html/);
        const missing = await raw("/_astro/no-such-chunk.js");
        assert.equal(missing.status, 404, "a file the build does not have is not served from disk either");
      },
    );
  } finally {
    await app.close();
  }
});
