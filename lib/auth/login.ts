import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { assertNotThrottled, clearAccountFailures, recordFailure } from "./throttle.ts";
import { openSession } from "./sessions.ts";
import type { LoginInput } from "./inputs.ts";
import { deactivated, driverAccount, invalidCredentials } from "./errors.ts";
import { Role } from "./roles.ts";

export async function findUserByEmail(db: Db, email: string) {
  const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return u;
}

/** Checks the credentials and opens a session; throttled per account and per address. */
export async function login(db: Db, input: LoginInput, meta: { ip: string; userAgent?: string | null }) {
  await assertNotThrottled(db, input.email, meta.ip);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? await decoyHash());
  if (!user || !ok) {
    await recordFailure(db, input.email, meta.ip);
    throw invalidCredentials();
  }
  if (user.role === Role.Driver) throw driverAccount();
  if (!user.isActive) throw deactivated();
  await clearAccountFailures(db, input.email);
  return await openSession(db, user.id, meta.userAgent);
}
