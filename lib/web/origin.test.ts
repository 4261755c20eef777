import assert from "node:assert/strict";
import { isCrossSiteRefused } from "./origin.ts";

const url = new URL("http://127.0.0.1:8000/api/x/");
const req = (method: string, headers: Record<string, string> = {}) => new Request(url, { method, headers });
const EVIL = "https://evil.example";

Deno.test("bearer requests are never refused; safe methods never", () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    assert.equal(isCrossSiteRefused(req(method, { authorization: "Bearer t" }), url, false), false);
    assert.equal(
      isCrossSiteRefused(req(method, { authorization: "bearer t", origin: EVIL }), url, true),
      false,
    );
  }
  assert.equal(isCrossSiteRefused(req("GET", { origin: EVIL }), url, true), false);
});

Deno.test("a foreign Origin is refused with or without a cookie; the own origin passes", () => {
  assert.equal(isCrossSiteRefused(req("POST", { origin: EVIL }), url, true), true);
  assert.equal(isCrossSiteRefused(req("POST", { origin: EVIL }), url, false), true);
  assert.equal(isCrossSiteRefused(req("DELETE", { origin: "null" }), url, true), true);
  assert.equal(isCrossSiteRefused(req("POST", { origin: url.origin }), url, true), false);
});

Deno.test("no Origin: a cookie with cross-site fetch metadata is refused; no cookie (a webhook) passes", () => {
  assert.equal(isCrossSiteRefused(req("POST", { "sec-fetch-site": "cross-site" }), url, true), true);
  assert.equal(isCrossSiteRefused(req("POST", { "sec-fetch-site": "same-site" }), url, true), true);
  assert.equal(isCrossSiteRefused(req("POST", { "sec-fetch-site": "same-origin" }), url, true), false);
  assert.equal(isCrossSiteRefused(req("POST"), url, true), false);
  assert.equal(isCrossSiteRefused(req("POST", { "sec-fetch-site": "cross-site" }), url, false), false);
});
