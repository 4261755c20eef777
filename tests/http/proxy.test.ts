// Behind a reverse proxy: whose X-Forwarded-* headers count (TRUSTED_PROXIES), and https (Secure, HSTS).
import assert from "node:assert/strict";
import process from "node:process";
import { desc, like } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { loginFailures } from "../../lib/auth/schema.ts";
import { HSTS } from "../../lib/web/headers.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

/** Runs `fn` with the given environment variables, then puts the old values back. */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function login(password: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + "/api/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: "owner@example.com", password }),
  });
  await res.body?.cancel();
  return res;
}

async function lastAddressKey(): Promise<string> {
  const [row] = await db.select({ key: loginFailures.key }).from(loginFailures)
    .where(like(loginFailures.key, "address:%")).orderBy(desc(loginFailures.id)).limit(1);
  return row.key;
}

const XFF = { "x-forwarded-for": "198.51.100.23, 203.0.113.9" };

Deno.test("X-Forwarded-For is ignored from an untrusted peer", async () => {
  await withEnv({ TRUSTED_PROXIES: "" }, () => login("wrong-password", XFF));
  assert.equal(await lastAddressKey(), "address:127.0.0.1");
});

Deno.test("from a trusted proxy, the right-most untrusted X-Forwarded-For address is the client", async () => {
  await withEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1, ::1" }, () => login("wrong-password", XFF));
  assert.equal(await lastAddressKey(), "address:203.0.113.9");
  // A proxy of ours listed in the chain is skipped.
  await withEnv(
    { TRUSTED_PROXIES: "10.0.0.0/8,127.0.0.1,::1" },
    () => login("wrong-password", { "x-forwarded-for": "198.51.100.23, 10.1.2.3" }),
  );
  assert.equal(await lastAddressKey(), "address:198.51.100.23");
});

Deno.test("plain http on loopback: cookies are not Secure and there is no HSTS", async () => {
  const res = await withEnv({ PUBLIC_URL: "", TRUSTED_PROXIES: "" }, () => login("demo1234"));
  assert.equal(res.status, 200);
  assert.ok(res.headers.getSetCookie().every((c) => !/;\s*secure/i.test(c)));
  assert.equal(res.headers.get("strict-transport-security"), null);
});

Deno.test("PUBLIC_URL on https: cookies are Secure and the response carries HSTS", async () => {
  const res = await withEnv({ PUBLIC_URL: "https://backoffice.example.com" }, () => login("demo1234"));
  assert.equal(res.status, 200);
  const cookies = res.headers.getSetCookie();
  assert.ok(cookies.length >= 2 && cookies.every((c) => /;\s*secure/i.test(c)), cookies.join(" | "));
  assert.equal(res.headers.get("strict-transport-security"), HSTS);
  assert.equal(HSTS, "max-age=31536000; includeSubDomains");
});

Deno.test("a trusted proxy's X-Forwarded-Proto: https counts; an untrusted peer's does not", async () => {
  const proto = { "x-forwarded-proto": "https" };
  const trusted = await withEnv(
    { PUBLIC_URL: "", TRUSTED_PROXIES: "127.0.0.1,::1" },
    () => login("demo1234", proto),
  );
  assert.equal(trusted.status, 200);
  assert.ok(trusted.headers.getSetCookie().every((c) => /;\s*secure/i.test(c)));
  assert.equal(trusted.headers.get("strict-transport-security"), HSTS);
  const untrusted = await withEnv({ PUBLIC_URL: "", TRUSTED_PROXIES: "" }, () => login("demo1234", proto));
  assert.equal(untrusted.status, 200);
  assert.ok(untrusted.headers.getSetCookie().every((c) => !/;\s*secure/i.test(c)));
  assert.equal(untrusted.headers.get("strict-transport-security"), null);
});
