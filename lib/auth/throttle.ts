import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { loginFailures } from "./schema.ts";
import { resetThrottled, throttled } from "./errors.ts";

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export const ADDRESS_DELAY_CAP_SECONDS = 5;
export const RESETS_PER_HOUR = 3;

/**
 * Counted in the database, not in memory, so that every app server sees the same failures. An account
 * over its limit is refused; an address over its limit is only slowed (a second more per failure, up to
 * the cap): behind a proxy one address is a whole company, whose correct passwords must still work.
 */
export async function assertNotThrottled(
  db: Queryable,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MINUTES * 60_000);
  const counts = await recentCounts(db, [accountKey(email), addressKey(ip)], since);
  const account = counts.get(accountKey(email));
  if (account && account.n >= MAX_FAILURES_PER_ACCOUNT) {
    throw throttled(retryAfter(account.first, THROTTLE_WINDOW_MINUTES, now));
  }
  const seconds = addressDelaySeconds(counts.get(addressKey(ip))?.n ?? 0);
  if (seconds > 0) await new Promise((ok) => setTimeout(ok, seconds * 1000));
}

/** The wait before a try from an address with `failures` recent failures. */
export const addressDelaySeconds = (failures: number) =>
  failures < MAX_FAILURES_PER_ADDRESS
    ? 0
    : Math.min(ADDRESS_DELAY_CAP_SECONDS, failures - MAX_FAILURES_PER_ADDRESS + 1);

/** Counts every reset request for the target address, known or not, so both answer alike. */
export async function countResetRequest(db: Queryable, email: string, now = new Date()): Promise<void> {
  const key = `reset:${email.trim().toLowerCase()}`;
  const counts = await recentCounts(db, [key], new Date(now.getTime() - 60 * 60_000));
  const recent = counts.get(key);
  if (recent && recent.n >= RESETS_PER_HOUR) throw resetThrottled(retryAfter(recent.first, 60, now));
  await db.insert(loginFailures).values({ key });
}

async function recentCounts(db: Queryable, keys: string[], since: Date) {
  const rows = await db.select({
    key: loginFailures.key,
    n: sql<number>`count(*)::int`,
    first: sql<string>`min(${loginFailures.at})`,
  })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  return new Map(rows.map((r) => [r.key, r]));
}

const retryAfter = (first: string, windowMinutes: number, now: Date) =>
  Math.max(1, Math.ceil((new Date(first).getTime() + windowMinutes * 60_000 - now.getTime()) / 1000));

export async function recordFailure(db: Queryable, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: accountKey(email) }, { key: addressKey(ip) }]);
  await db.delete(loginFailures).where(lt(loginFailures.at, sql`now() - interval '1 day'`));
}

export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
