import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { loginFailures } from "./schema.ts";
import { throttled } from "./errors.ts";

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** Counted in the database, not in memory, so that every app server sees the same failures. */
export async function assertNotThrottled(
  db: Queryable,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MINUTES * 60_000);
  const rows = await db.select({
    key: loginFailures.key,
    n: sql<number>`count(*)::int`,
    first: sql<string>`min(${loginFailures.at})`,
  })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [accountKey(email), addressKey(ip)]), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  for (const r of rows) {
    const limit = r.key.startsWith("account:") ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_ADDRESS;
    if (r.n >= limit) {
      const retry = Math.max(
        1,
        Math.ceil((new Date(r.first).getTime() + THROTTLE_WINDOW_MINUTES * 60_000 - now.getTime()) / 1000),
      );
      throw throttled(retry);
    }
  }
}

export async function recordFailure(db: Queryable, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: accountKey(email) }, { key: addressKey(ip) }]);
  await db.delete(loginFailures).where(lt(loginFailures.at, sql`now() - interval '1 day'`));
}

export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
