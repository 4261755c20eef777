// Sign-in throttling counted in the database, on both engines.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import {
  accountKey,
  ADDRESS_DELAY_CAP_SECONDS,
  addressDelaySeconds,
  addressKey,
  assertNotThrottled,
  clearAccountFailures,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  recordFailure,
  THROTTLE_WINDOW_MINUTES,
} from "../../lib/auth/throttle.ts";
import { loginFailures } from "../../lib/auth/schema.ts";
import { DomainError } from "../../lib/errors.ts";
import { AUTH } from "../../lib/auth/errors.ts";

/** The `auth.throttled` refusal `fn` ends with, or null when it passes. */
async function throttled(fn: () => Promise<void>): Promise<DomainError | null> {
  try {
    await fn();
    return null;
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    assert.equal(e.code, AUTH.throttled);
    assert.equal(e.kind, "throttled");
    return e;
  }
}

let n = 0;
/** A fresh e-mail and address per case, so the cases never count each other's failures. */
const fresh = () => {
  n++;
  return {
    email: `throttle.${n}.${crypto.randomUUID().slice(0, 8)}@example.com`,
    ip: `10.0.${n}.${Math.floor(Math.random() * 250)}`,
  };
};

for (const engine of ENGINES) {
  Deno.test(`sign-in throttling [${engine.name}]`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      await t.step("the account is refused at its limit, with minutes and Retry-After", async () => {
        const { email, ip } = fresh();
        for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) await recordFailure(db, email, ip);
        assert.equal(await throttled(() => assertNotThrottled(db, email, ip)), null, "below the limit");
        await recordFailure(db, email, ip);
        const e = await throttled(() => assertNotThrottled(db, email, ip));
        assert.ok(e);
        assert.match(e.message, /Try again in 15 minutes\./);
        const retry = Number(e.retryAfterSeconds);
        assert.ok(
          retry > THROTTLE_WINDOW_MINUTES * 60 - 30 && retry <= THROTTLE_WINDOW_MINUTES * 60,
          String(retry),
        );
        // The same account from another address is refused too (the lock is per account), case-blind.
        assert.ok(await throttled(() => assertNotThrottled(db, email.toUpperCase(), "192.0.2.1")));
      });

      await t.step("the wait shrinks as the window runs, and ends with it", async () => {
        const { email, ip } = fresh();
        for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await recordFailure(db, email, ip);
        const later = new Date(Date.now() + 10 * 60_000);
        const e = await throttled(() => assertNotThrottled(db, email, ip, later));
        assert.ok(e);
        assert.match(e.message, /in 5 minutes\./);
        const lastMinute = new Date(Date.now() + (THROTTLE_WINDOW_MINUTES * 60 - 30) * 1000);
        const e2 = await throttled(() => assertNotThrottled(db, email, ip, lastMinute));
        assert.match(String(e2?.message), /in 1 minute\./, "singular");
        const after = new Date(Date.now() + (THROTTLE_WINDOW_MINUTES + 1) * 60_000);
        assert.equal(await throttled(() => assertNotThrottled(db, email, ip, after)), null);
      });

      await t.step(
        "an address over its limit is slowed, not refused (a proxy is a whole company)",
        async () => {
          const { ip } = fresh();
          for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
            await recordFailure(db, `spray.${i}.${ip}@example.com`, ip);
          }
          const started = performance.now();
          assert.equal(await throttled(() => assertNotThrottled(db, "innocent@example.com", ip)), null);
          assert.ok(performance.now() - started >= 900, "one second's delay after the limit");
          assert.deepEqual(
            [29, 30, 31, 34, 500].map(addressDelaySeconds),
            [0, 1, 2, ADDRESS_DELAY_CAP_SECONDS, ADDRESS_DELAY_CAP_SECONDS],
          );
        },
      );

      await t.step("a success clears the account's failures, not the address's", async () => {
        const { email, ip } = fresh();
        for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await recordFailure(db, email, ip);
        await clearAccountFailures(db, email.toUpperCase());
        assert.equal(await throttled(() => assertNotThrottled(db, email, ip)), null);
        const count = async (key: string) =>
          (await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures).where(
            eq(loginFailures.key, key),
          ))[0].n;
        assert.equal(await count(accountKey(email)), 0);
        assert.equal(await count(addressKey(ip)), MAX_FAILURES_PER_ACCOUNT);
      });

      await t.step("counters live in the database: a second connection sees them", async () => {
        // Another handle on the same database stands in for a second app server.
        const { email, ip } = fresh();
        for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await recordFailure(db, email, ip);
        const rows = await db.select().from(loginFailures).where(eq(loginFailures.key, accountKey(email)));
        assert.equal(rows.length, MAX_FAILURES_PER_ACCOUNT);
        if (h.kind === "postgres") {
          const { openDatabase } = await import("../../lib/db/client.ts");
          const [{ name }] = (await db.execute(sql`select current_database() as name`)) as unknown as {
            name: string;
          }[];
          const { TEST_PG_URL } = await import("../helpers/db.ts");
          const url = new URL(TEST_PG_URL);
          url.pathname = `/${name}`;
          const second = await openDatabase({ url: url.toString(), migrate: false });
          try {
            assert.equal(
              (await throttled(() => assertNotThrottled(second.db, email, "203.0.113.9")))?.kind,
              "throttled",
            );
          } finally {
            await second.close();
          }
        }
      });

      await t.step("rows older than a day are pruned on the next failure", async () => {
        const { email, ip } = fresh();
        await db.insert(loginFailures).values({
          key: accountKey(email),
          at: new Date(Date.now() - 2 * 86_400_000),
        });
        await recordFailure(db, `other.${email}`, ip);
        const left = await db.select().from(loginFailures).where(eq(loginFailures.key, accountKey(email)));
        assert.equal(left.length, 0);
      });
    } finally {
      await h.close();
    }
  });
}
