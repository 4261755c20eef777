import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { orgSettings } from "./schema.ts";
import { config } from "../config.ts";
import { orgCached } from "../cache/epochs.ts";

export const DEFAULT_TIME_ZONE = "Etc/GMT+5"; // UTC-5, as the spec shows created/modified times

/** An org setting; in a signed-in GET, remembered while the org epoch holds (lib/cache/epochs.ts). */
export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  return await orgCached(`setting:${key}`, async () => {
    const [row] = await db.select({ value: orgSettings.value }).from(orgSettings).where(
      eq(orgSettings.key, key),
    );
    return row?.value as T | undefined;
  });
}

export async function setSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.insert(orgSettings).values({ key, value }).onConflictDoUpdate({
    target: orgSettings.key,
    set: { value: sql`excluded.value`, updatedAt: sql`now()` },
  });
}

export async function getTimeZone(db: Queryable): Promise<string> {
  return (await getSetting<string>(db, "time_zone")) ?? DEFAULT_TIME_ZONE;
}

/**
 * The token-signing secret: SECRET_KEY when set, else one generated on first start and kept in the
 * database, so every app server on that database signs and verifies alike.
 */
export async function ensureSigningSecret(db: Queryable): Promise<void> {
  if (config.secretKey) return;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  await db.insert(orgSettings).values({ key: "signing_secret", value: btoa(String.fromCharCode(...bytes)) })
    .onConflictDoNothing();
}

let cached: Uint8Array | undefined;
export async function signingKey(db: Queryable): Promise<Uint8Array> {
  if (cached) return cached;
  const secret = config.secretKey ?? await getSetting<string>(db, "signing_secret");
  if (!secret) throw new Error("No signing secret: the database was not prepared");
  cached = new TextEncoder().encode(secret);
  return cached;
}
