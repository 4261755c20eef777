import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { refreshTokens, sessions } from "./schema.ts";
import { users } from "../org/schema.ts";
import { config } from "../config.ts";
import { signingKey } from "../settings/queries.ts";
import { randomToken, sha256, signAccessToken } from "./tokens.ts";
import type { Viewer } from "../users/current-user.ts";
import { sessionViewer, verifiedClaims } from "./session-cache.ts";

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Opens a session (a refresh-token family) for a user who has just proven who they are. */
export async function openSession(
  db: Db,
  userId: number,
  userAgent?: string | null,
): Promise<TokenPair & { sessionId: string; userId: number }> {
  const sessionId = crypto.randomUUID();
  const refresh = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      userId,
      userAgent: userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + config.sessionDays * 86_400_000),
    });
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: await sha256(refresh) });
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
  });
  const access = await signAccessToken(
    await signingKey(db),
    { userId, sessionId },
    config.accessTokenSeconds,
  );
  return { access, refresh, sessionId, userId };
}

export type RefreshOutcome =
  | { ok: true; pair: TokenPair; userId: number; sessionId: string }
  /** A concurrent request already rotated this token moments ago: grant access, keep the newer refresh. */
  | { ok: true; pair: { access: string; refresh: null }; userId: number; sessionId: string }
  | { ok: false; reason: "unknown" | "revoked" | "reused" };

/** Browsers fire parallel requests; a token rotated this recently by a sibling request is not theft. */
export const CONCURRENT_REFRESH_GRACE_MS = 10_000;

/**
 * Rotates a refresh token. Presenting a token that was already rotated (outside the grace a browser's
 * parallel requests need) means it was copied: the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  refresh: string,
  opts: { grace?: boolean } = {},
): Promise<RefreshOutcome> {
  const hash = await sha256(refresh);
  const [row] = await db.select({
    id: refreshTokens.id,
    usedAt: refreshTokens.usedAt,
    sessionId: sessions.id,
    userId: sessions.userId,
    revokedAt: sessions.revokedAt,
    expiresAt: sessions.expiresAt,
    isActive: users.isActive,
  }).from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hash));
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt || row.expiresAt < new Date() || !row.isActive) return { ok: false, reason: "revoked" };
  const key = await signingKey(db);
  const access = () =>
    signAccessToken(key, { userId: row.userId, sessionId: row.sessionId }, config.accessTokenSeconds);
  const claimed = await db.update(refreshTokens).set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    const [used] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(
      eq(refreshTokens.id, row.id),
    );
    const age = used?.usedAt ? Date.now() - used.usedAt.getTime() : Infinity;
    if (opts.grace && age < CONCURRENT_REFRESH_GRACE_MS) {
      return {
        ok: true,
        pair: { access: await access(), refresh: null },
        userId: row.userId,
        sessionId: row.sessionId,
      };
    }
    await revokeSession(db, row.sessionId, "refresh token reused");
    return { ok: false, reason: "reused" };
  }
  const next = randomToken();
  await db.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: await sha256(next) });
  return {
    ok: true,
    pair: { access: await access(), refresh: next },
    userId: row.userId,
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Queryable, userId: number, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The signed-in viewer behind an access token, or null. The session row is checked on every request,
 * so logging out (or revocation) ends access at once rather than when the token expires; the viewer
 * itself is remembered while its versions hold (lib/auth/session-cache.ts).
 */
export async function viewerFromAccessToken(db: Db, token: string): Promise<Viewer | null> {
  const claims = await verifiedClaims(await signingKey(db), token);
  if (!claims) return null;
  return await sessionViewer(db, claims);
}
