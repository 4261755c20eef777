import assert from "node:assert/strict";
import {
  AUTH_BODY_LIMIT,
  bodyLimitFor,
  bodyTooLarge,
  cappedBody,
  declaredOver,
  JSON_BODY_LIMIT,
} from "./body-limit.ts";

const MB = 1024 * 1024;

Deno.test("body limit: 64 KB under /api/auth/, the upload limit for multipart, 1 MB for the rest", () => {
  assert.equal(bodyLimitFor("/api/auth/login/", "application/json", 20 * MB).bytes, AUTH_BODY_LIMIT);
  const upload = bodyLimitFor("/api/upload-roster/", "multipart/form-data; boundary=x", 20 * MB);
  assert.ok(upload.bytes > 20 * MB && upload.bytes < 21 * MB);
  assert.equal(upload.upload?.fileLimitBytes, 20 * MB);
  assert.equal(bodyLimitFor("/api/van/1/", "application/json", 20 * MB).bytes, JSON_BODY_LIMIT);
  assert.equal(bodyLimitFor("/api/van/1/", undefined, 20 * MB).bytes, JSON_BODY_LIMIT);
});

Deno.test("body limit: the refusal names the spec's text; an upload's is the upload guard's", () => {
  const json = bodyTooLarge({ bytes: JSON_BODY_LIMIT });
  assert.equal(json.code, "request.too_large");
  assert.equal(json.kind, "too_large");
  assert.equal(json.message, "File so large for upload");
  assert.equal(
    bodyTooLarge(bodyLimitFor("/x", "multipart/form-data; boundary=x", MB)).code,
    "upload.too_large",
  );
});

Deno.test("body limit: a declared length over the cap is refused up front", () => {
  assert.equal(declaredOver(String(JSON_BODY_LIMIT + 1), { bytes: JSON_BODY_LIMIT }), true);
  assert.equal(declaredOver(String(JSON_BODY_LIMIT), { bytes: JSON_BODY_LIMIT }), false);
  assert.equal(declaredOver(undefined, { bytes: JSON_BODY_LIMIT }), false);
});

async function* chunks(n: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < n; i++) yield new Uint8Array(size);
}

Deno.test("body limit: a body within the cap streams through untouched", async () => {
  let over: boolean | undefined;
  let total = 0;
  for await (const c of cappedBody(chunks(4, 100), { bytes: 400 }, (cut) => over = cut)) {
    total += c.byteLength;
  }
  assert.equal(total, 400);
  assert.equal(over, undefined);
});

Deno.test("body limit: past the cap nothing more is passed on; the rest is drained, then refused", async () => {
  let over: boolean | undefined;
  const passed: number[] = [];
  const body = cappedBody(chunks(10, 100), { bytes: 250 }, (cut) => over = cut);
  const reading = (async () => {
    for await (const c of body) passed.push(c.byteLength);
  })();
  await new Promise((ok) => setTimeout(ok, 20));
  assert.deepEqual(passed, [100, 100]);
  assert.equal(over, false, "drained to the end, not cut off");
  void reading; // never settles: the server has answered 413 and closes the socket
});

Deno.test("body limit: a body far past the cap is cut off without reading it all", async () => {
  let over: boolean | undefined;
  let read = 0;
  async function* endless(): AsyncGenerator<Uint8Array> {
    while (true) {
      read += MB;
      yield new Uint8Array(MB);
    }
  }
  const body = cappedBody(endless(), { bytes: MB }, (cut) => over = cut);
  void (async () => {
    for await (const _ of body) { /* the app's read */ }
  })();
  await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(over, true);
  assert.ok(read <= 9 * MB, `read ${read} bytes`);
});
