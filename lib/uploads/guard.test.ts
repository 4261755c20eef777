import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { DomainError } from "../errors.ts";
import { cleanFileName, keepUpload, readMultipartFile, sha256Hex } from "./guard.ts";
import { UPLOAD, uploadTooLarge } from "./errors.ts";
import { uploads } from "./schema.ts";
import { testPglite } from "../../tests/helpers/db.ts";
import { rosterPostgres } from "../../tests/integration/roster-db.ts";

const ENGINES = [{ name: "pglite", open: () => testPglite() }, {
  name: "postgres",
  open: () => rosterPostgres(),
}];

function multipart(parts: Record<string, string | File>): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) fd.set(k, v);
  return new Request("http://x/upload", { method: "POST", body: fd });
}

async function failure(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    return e;
  }
  throw new Error("expected a DomainError");
}

Deno.test("reads the file and the other fields; the folder part of the name is dropped", async () => {
  const req = multipart({
    kind: "das",
    file: new File(["a,b\n1,2\n"], "C:\\fakepath\\roster.csv", { type: "text/csv" }),
  });
  const { file, fields } = await readMultipartFile(req, "file", 1000);
  assert.equal(file.fileName, "roster.csv");
  assert.equal(file.contentType, "text/csv");
  assert.equal(new TextDecoder().decode(file.bytes), "a,b\n1,2\n");
  assert.equal(file.size, 8);
  assert.deepEqual(fields, { kind: "das" });
});

Deno.test("a declared Content-Length far over the limit is refused with 413 before the body is read", async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled += 1;
      c.enqueue(new Uint8Array(1024));
    },
  });
  const req = new Request("http://x/upload", {
    method: "POST",
    body,
    headers: {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(10 * 1024 * 1024),
    },
  });
  const e = await failure(readMultipartFile(req, "file", 1024 * 1024));
  assert.equal(e.code, UPLOAD.tooLarge);
  assert.equal(e.kind, "too_large");
  assert.equal(e.message, "File so large for upload");
  assert.ok(pulled <= 1, "the body was not read");
});

Deno.test("a declared Content-Length a little over the limit: the body is drained (not kept) for a clean 413", async () => {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      sent += 64 * 1024;
      c.enqueue(new Uint8Array(64 * 1024));
      if (sent >= 2 * 1024 * 1024) c.close();
    },
  });
  const req = new Request("http://x/upload", {
    method: "POST",
    body,
    headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 * 1024) },
  });
  const e = await failure(readMultipartFile(req, "file", 1024 * 1024));
  assert.equal(e.code, UPLOAD.tooLarge);
  assert.equal(e.kind, "too_large");
  assert.equal(sent, 2 * 1024 * 1024, "read to the end");
  assert.equal(req.bodyUsed, true);
});

Deno.test("a body that runs past the limit without (or despite) its length is cut off with 413", async () => {
  const chunk = new Uint8Array(64 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      sent += chunk.length;
      c.enqueue(chunk);
      if (sent > 50 * 1024 * 1024) c.close();
    },
  });
  // A false, small length: the actual bytes count.
  const req = new Request("http://x/upload", {
    method: "POST",
    body,
    headers: { "content-type": "multipart/form-data; boundary=x", "content-length": "100" },
  });
  const e = await failure(readMultipartFile(req, "file", 256 * 1024));
  assert.equal(e.code, UPLOAD.tooLarge);
  assert.equal(e.kind, "too_large");
  assert.ok(sent < 2 * 1024 * 1024, `stopped early (read ${sent} bytes)`);
});

Deno.test("a file just over the limit (the multipart framing aside) is 413 too", async () => {
  const req = multipart({ file: new File([new Uint8Array(1500)], "big.csv") });
  const e = await failure(readMultipartFile(req, "file", 1000));
  assert.equal(e.code, UPLOAD.tooLarge);
  assert.equal(e.kind, "too_large");
  assert.deepEqual(uploadTooLarge(1000).data, {
    limit_bytes: 1000,
    limit: "The largest file accepted is 0 MB.",
  });
});

Deno.test("not multipart, no file, an empty file: 400 saying which", async () => {
  const json = new Request("http://x/upload", {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  const notForm = await failure(readMultipartFile(json, "file"));
  assert.equal(notForm.code, UPLOAD.notMultipart);
  assert.match(notForm.message, /multipart\/form-data in the field 'file'/);
  const none = await failure(readMultipartFile(multipart({ kind: "das" }), "file"));
  assert.deepEqual([none.code, none.kind], [UPLOAD.noFile, "invalid"]);
  assert.deepEqual(none.fields.file, ["No file was submitted."]);
  const text = await failure(readMultipartFile(multipart({ file: "just text" }), "file"));
  assert.equal(text.message, "No file was submitted.");
  const empty = await failure(readMultipartFile(multipart({ file: new File([], "roster.csv") }), "file"));
  assert.deepEqual([empty.code, empty.message], [UPLOAD.empty, "roster.csv is empty."]);
  assert.deepEqual(empty.fields.file, ["roster.csv is empty."]);
  const broken = new Request("http://x/upload", {
    method: "POST",
    body: "--zz\r\nnot a part",
    headers: { "content-type": "multipart/form-data; boundary=zz" },
  });
  const bad = await failure(readMultipartFile(broken, "file"));
  assert.equal(bad.kind, "invalid");
  assert.match(bad.message, /malformed|No file was submitted/);
});

Deno.test("file names lose folders and control characters", () => {
  assert.equal(cleanFileName("/etc/passwd"), "passwd");
  assert.equal(cleanFileName("a\u0000b\n.csv"), "ab.csv");
  assert.equal(cleanFileName(""), "upload");
  assert.equal(cleanFileName("x".repeat(300)).length, 200);
});

for (const engine of ENGINES) {
  Deno.test(`keepUpload stores the bytes with their sha256, who and when (${engine.name})`, async () => {
    const h = await engine.open();
    try {
      const bytes = new TextEncoder().encode("Transporter ID\nA1234567890123\n");
      const kept = await h.db.transaction((tx) =>
        keepUpload(tx, {
          kind: "roster-das",
          fileName: "dir/roster.csv",
          contentType: "text/csv",
          bytes,
          uploadedById: null,
          meta: { rows: 1 },
        })
      );
      assert.equal(kept.sha256, await sha256Hex(bytes));
      assert.equal(kept.sha256.length, 64);
      const [row] = await h.db.select().from(uploads).where(eq(uploads.id, kept.id));
      assert.equal(row.kind, "roster-das");
      assert.equal(row.fileName, "roster.csv");
      assert.equal(row.size, bytes.length);
      assert.deepEqual(new Uint8Array(row.data), bytes);
      assert.deepEqual(row.meta, { rows: 1 });
      assert.ok(Math.abs(row.uploadedAt.getTime() - Date.now()) < 60_000);
    } finally {
      await h.close();
    }
  });
}
