import assert from "node:assert/strict";
import { etagOf, isCompressible, matchesEtag, negotiate } from "./compress.ts";

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
