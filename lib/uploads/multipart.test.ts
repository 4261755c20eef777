import assert from "node:assert/strict";
import { boundaryOf, find, splitMultipart } from "./multipart.ts";

const enc = new TextEncoder();

Deno.test("find: Horspool search agrees with a plain search", () => {
  const hay = enc.encode("xx\r\n--b\r\n--bound\r\n--boundary!");
  for (const needle of ["\r\n--boundary", "--b", "!", "zz", "xx"]) {
    assert.equal(find(hay, enc.encode(needle)), new TextDecoder().decode(hay).indexOf(needle), needle);
  }
  assert.equal(find(hay, enc.encode("--b"), 5), new TextDecoder().decode(hay).indexOf("--b", 5));
});

Deno.test("splitMultipart reads what the runtime's FormData writes: fields, files, odd names and contents", async () => {
  const fd = new FormData();
  fd.set("kind", "das");
  // Content that looks almost like a delimiter, and a name with a quote and a Windows path.
  const content = "a,b\r\n--not-the-boundary\r\n1,2\r\n";
  fd.set("file", new File([content], 'C:\\fake\\ro"ster.csv', { type: "text/csv" }));
  fd.set("empty", new File([], "e.bin"));
  const req = new Request("http://x/", { method: "POST", body: fd });
  const boundary = boundaryOf(req.headers.get("content-type")!)!;
  const parts = splitMultipart(new Uint8Array(await req.arrayBuffer()), boundary)!;
  assert.deepEqual(parts.map((p) => [p.name, p.fileName, p.contentType]), [
    ["kind", undefined, undefined],
    ["file", 'C:\\fake\\ro"ster.csv', "text/csv"],
    ["empty", "e.bin", "application/octet-stream"],
  ]);
  assert.equal(new TextDecoder().decode(parts[0].data), "das");
  assert.equal(new TextDecoder().decode(parts[1].data), content);
  assert.equal(parts[2].data.byteLength, 0);
  assert.equal(splitMultipart(enc.encode("no delimiter here"), boundary), null);
  assert.equal(splitMultipart(enc.encode(`--${boundary}\r\nContent-Disposition: form-data`), boundary), null);
});
