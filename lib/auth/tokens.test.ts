import assert from "node:assert/strict";
import { randomToken, sha256, signAccessToken, verifyAccessToken } from "./tokens.ts";

const key = new TextEncoder().encode("k".repeat(32));

Deno.test("an access token round-trips its claims", async () => {
  const before = Math.floor(Date.now() / 1000);
  const t = await signAccessToken(key, { userId: 7, sessionId: "s-1" }, 60);
  const claims = await verifyAccessToken(key, t);
  assert.deepEqual({ ...claims, expiresAt: undefined }, {
    userId: 7,
    sessionId: "s-1",
    expiresAt: undefined,
  });
  // The expiry (seconds since the epoch) is what the session cache keeps the viewer for.
  const after = Math.floor(Date.now() / 1000);
  assert.ok(claims!.expiresAt! >= before + 60 && claims!.expiresAt! <= after + 60, String(claims!.expiresAt));
});

Deno.test("an expired, tampered or foreign-key token is refused", async () => {
  const expired = await signAccessToken(key, { userId: 7, sessionId: "s" }, -10);
  assert.equal(await verifyAccessToken(key, expired), null);
  const t = await signAccessToken(key, { userId: 7, sessionId: "s" }, 60);
  assert.equal(await verifyAccessToken(key, t.slice(0, -2) + "xx"), null);
  assert.equal(await verifyAccessToken(new TextEncoder().encode("o".repeat(32)), t), null);
  assert.equal(await verifyAccessToken(key, "garbage"), null);
});

Deno.test("random tokens are url-safe and distinct; sha256 is hex", async () => {
  const a = randomToken();
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, randomToken());
  assert.equal(await sha256("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});
