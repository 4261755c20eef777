// Failed sign-ins are throttled per account and per address, counted in the database.
import assert from "node:assert/strict";
import { like, sql } from "drizzle-orm";
import { Client, startTestApp } from "../helpers/app.ts";
import { loginFailures } from "../../lib/auth/schema.ts";
import {
  accountKey,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  THROTTLE_WINDOW_MINUTES,
} from "../../lib/auth/throttle.ts";
import { makeSpot, makeUser } from "../../lib/demo/factories.ts";
import { AUTH } from "../../lib/auth/errors.ts";

const app = await startTestApp({ engine: "postgres" });
globalThis.addEventListener("unload", () => void app.close());
const db = app.db.db;

async function attempt(path: string, email: string, password: string) {
  const res = await fetch(app.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  return {
    status: res.status,
    body,
    retryAfter: res.headers.get("retry-after"),
    cookies: res.headers.getSetCookie(),
  };
}

function assertThrottled(r: Awaited<ReturnType<typeof attempt>>) {
  assert.equal(r.status, 429);
  assert.equal(r.body.code, AUTH.throttled);
  assert.match(r.body.detail, /Too many failed sign-in attempts/);
  assert.match(r.body.detail, /\d+ minutes?/, "the message names the minutes to wait");
  assert.ok(r.retryAfter, "Retry-After header");
  const seconds = Number(r.retryAfter);
  assert.ok(
    Number.isInteger(seconds) && seconds > 0 && seconds <= THROTTLE_WINDOW_MINUTES * 60,
    `Retry-After ${r.retryAfter}`,
  );
  const minutes = Number(r.body.detail.match(/(\d+) minutes?/)[1]);
  assert.equal(minutes, Math.ceil(seconds / 60), "the message and the header agree");
  assert.equal(r.cookies.length, 0);
}

Deno.test("five failures on one account: 429 naming the minutes, the right password refused too, until the window passes", async () => {
  const user = await makeUser(db, { password: "right-password", role: 3 });
  await makeSpot(db, user.id, 1);
  for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
    const r = await attempt("/api/auth/login/", user.email, `wrong-${i}`);
    assert.equal(r.status, 400, `failure ${i + 1} is an ordinary 400`);
    assert.equal(r.body.code, AUTH.invalidCredentials);
  }
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures)
    .where(sql`${loginFailures.key} = ${accountKey(user.email)}`);
  assert.equal(n, MAX_FAILURES_PER_ACCOUNT, "the failures are rows in the database");

  assertThrottled(await attempt("/api/auth/login/", user.email, "right-password"));
  // The same counter guards the bearer token endpoint and is case-blind on the address.
  assertThrottled(await attempt("/api/auth/token/", user.email.toUpperCase(), "right-password"));

  // Another account from the same address is not affected by this account's lock.
  const other = new Client(app.url);
  await other.login("dispatcher@example.com");

  // The window passes (the rows age): the right password works and clears the account's counter.
  await db.execute(
    sql`update login_failures set at = at - make_interval(mins => ${THROTTLE_WINDOW_MINUTES + 1})
    where key = ${accountKey(user.email)}`,
  );
  const ok = await attempt("/api/auth/login/", user.email, "right-password");
  assert.equal(ok.status, 200);
  const [{ left }] = await db.select({ left: sql<number>`count(*)::int` }).from(loginFailures)
    .where(sql`${loginFailures.key} = ${accountKey(user.email)}`);
  assert.equal(left, 0);
});

Deno.test("a success clears the account's counter: four failures, a success, four more are still below the limit", async () => {
  const user = await makeUser(db, { password: "right-password", role: 2 });
  await makeSpot(db, user.id, 1);
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      assert.equal((await attempt("/api/auth/login/", user.email, "nope")).status, 400);
    }
    assert.equal(
      (await attempt("/api/auth/login/", user.email, "right-password")).status,
      200,
      `round ${round}`,
    );
  }
});

Deno.test("after 30 failures from one address a correct password still signs in, slowed", async () => {
  // One real failure tells which address key the server saw for this client.
  await attempt("/api/auth/login/", "someone-unknown@example.com", "x");
  const [seen] = await db.select({ key: loginFailures.key }).from(loginFailures)
    .where(like(loginFailures.key, "address:%")).orderBy(sql`${loginFailures.id} desc`).limit(1);
  assert.ok(seen, "the address was counted");
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures)
    .where(
      sql`${loginFailures.key} = ${seen.key} and ${loginFailures.at} > now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`,
    );
  // Fill the address up to its limit as failures on many different accounts would.
  const missing = MAX_FAILURES_PER_ADDRESS - n;
  if (missing > 0) {
    await db.insert(loginFailures).values(Array.from({ length: missing }, () => ({ key: seen.key })));
  }

  // Behind a proxy this address is everybody: a good password is slowed, never refused.
  const started = performance.now();
  const ok = await attempt("/api/auth/login/", "owner@example.com", "demo1234");
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.ok(performance.now() - started >= 900, "the try waited about a second");
  await db.delete(loginFailures).where(sql`${loginFailures.key} = ${seen.key}`);
});
