// Sessions on both engines: open, rotate, reuse revokes the family, the grace for concurrent rotation.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import {
  CONCURRENT_REFRESH_GRACE_MS,
  openSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  viewerFromAccessToken,
} from "../../lib/auth/sessions.ts";
import { refreshTokens, sessions } from "../../lib/auth/schema.ts";
import { users } from "../../lib/org/schema.ts";
import { sha256 } from "../../lib/auth/tokens.ts";
import { makeSpot, makeStation, makeUser } from "../../lib/demo/factories.ts";

for (const engine of ENGINES) {
  Deno.test(`sessions [${engine.name}]`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const station = await makeStation(db);
      const newUser = async () => {
        const u = await makeUser(db, { role: 2 });
        await makeSpot(db, u.id, station.id);
        return u;
      };

      await t.step("openSession issues a pair, records the session and the last login", async () => {
        const u = await newUser();
        assert.equal(u.lastLogin, null);
        const s = await openSession(db, u.id, "test-agent/1.0");
        assert.equal(typeof s.access, "string");
        assert.equal(typeof s.refresh, "string");
        assert.equal(s.userId, u.id);
        const [row] = await db.select().from(sessions).where(eq(sessions.id, s.sessionId));
        assert.equal(row.userId, u.id);
        assert.equal(row.userAgent, "test-agent/1.0");
        assert.equal(row.revokedAt, null);
        assert.ok(row.expiresAt.getTime() > Date.now() + 86_400_000);
        const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, s.sessionId));
        assert.equal(tokens.length, 1);
        assert.equal(
          tokens[0].tokenHash,
          await sha256(s.refresh),
          "only a hash of the refresh token is stored",
        );
        const [after] = await db.select().from(users).where(eq(users.id, u.id));
        assert.ok(after.lastLogin);
        const viewer = await viewerFromAccessToken(db, s.access);
        assert.equal(viewer?.id, u.id);
        assert.equal(viewer?.sessionId, s.sessionId);
      });

      await t.step(
        "rotation hands out a new pair in the same session; the old refresh is spent",
        async () => {
          const u = await newUser();
          const s = await openSession(db, u.id);
          const r = await rotateRefreshToken(db, s.refresh);
          assert.ok(r.ok);
          assert.ok(r.pair.refresh);
          assert.notEqual(r.pair.refresh, s.refresh);
          assert.equal(r.sessionId, s.sessionId);
          assert.equal(r.userId, u.id);
          assert.equal((await viewerFromAccessToken(db, r.pair.access))?.id, u.id);
          const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, s.sessionId));
          assert.equal(rows.length, 2);
          assert.equal(rows.filter((x) => x.usedAt !== null).length, 1);
          // A chain of rotations keeps working.
          const r2 = await rotateRefreshToken(db, r.pair.refresh!);
          assert.ok(r2.ok && r2.pair.refresh);
        },
      );

      await t.step("reusing a rotated refresh token revokes the whole family", async () => {
        const u = await newUser();
        const s = await openSession(db, u.id);
        const r1 = await rotateRefreshToken(db, s.refresh);
        assert.ok(r1.ok && r1.pair.refresh);
        const r2 = await rotateRefreshToken(db, r1.pair.refresh!);
        assert.ok(r2.ok && r2.pair.refresh);

        const reuse = await rotateRefreshToken(db, s.refresh);
        assert.deepEqual(reuse, { ok: false, reason: "reused" });
        const [row] = await db.select().from(sessions).where(eq(sessions.id, s.sessionId));
        assert.ok(row.revokedAt);
        assert.equal(row.revokedReason, "refresh token reused");
        assert.equal(
          await viewerFromAccessToken(db, r2.pair.access),
          null,
          "the newest access token is dead",
        );
        assert.equal(await viewerFromAccessToken(db, s.access), null);
        assert.deepEqual(await rotateRefreshToken(db, r2.pair.refresh!), { ok: false, reason: "revoked" });

        // Another session of the same user is not touched.
        const other = await openSession(db, u.id);
        assert.equal((await viewerFromAccessToken(db, other.access))?.id, u.id);
      });

      await t.step(
        "grace: a sibling request rotating the same token moments later keeps the session",
        async () => {
          const u = await newUser();
          const s = await openSession(db, u.id);
          const first = await rotateRefreshToken(db, s.refresh, { grace: true });
          assert.ok(first.ok && first.pair.refresh);
          const sibling = await rotateRefreshToken(db, s.refresh, { grace: true });
          assert.ok(sibling.ok, "within the grace the late sibling gets access");
          assert.equal(
            sibling.pair.refresh,
            null,
            "but no new refresh token: the browser keeps the newer one",
          );
          assert.equal((await viewerFromAccessToken(db, sibling.pair.access))?.id, u.id);
          const [row] = await db.select().from(sessions).where(eq(sessions.id, s.sessionId));
          assert.equal(row.revokedAt, null);
          const next = await rotateRefreshToken(db, first.pair.refresh!, { grace: true });
          assert.ok(next.ok && next.pair.refresh, "the newer refresh token still rotates");

          // Without the grace option (bearer clients), the same replay is theft.
          const strict = await rotateRefreshToken(db, s.refresh);
          assert.deepEqual(strict, { ok: false, reason: "reused" });
        },
      );

      await t.step("grace ends: a replay older than the grace window revokes even with grace", async () => {
        const u = await newUser();
        const s = await openSession(db, u.id);
        const first = await rotateRefreshToken(db, s.refresh, { grace: true });
        assert.ok(first.ok);
        await db.update(refreshTokens)
          .set({ usedAt: sql`now() - make_interval(secs => ${CONCURRENT_REFRESH_GRACE_MS / 1000 + 1})` })
          .where(eq(refreshTokens.tokenHash, await sha256(s.refresh)));
        assert.deepEqual(await rotateRefreshToken(db, s.refresh, { grace: true }), {
          ok: false,
          reason: "reused",
        });
        assert.equal(await viewerFromAccessToken(db, first.pair.access), null);
      });

      await t.step(
        "concurrent rotation of one token: exactly one new refresh token, session kept",
        async () => {
          const u = await newUser();
          const s = await openSession(db, u.id);
          const results = await Promise.all(
            [1, 2, 3].map(() => rotateRefreshToken(db, s.refresh, { grace: true })),
          );
          assert.ok(results.every((r) => r.ok), JSON.stringify(results));
          const fresh = results.filter((r) => r.ok && r.pair.refresh);
          assert.equal(fresh.length, 1);
          const [row] = await db.select().from(sessions).where(eq(sessions.id, s.sessionId));
          assert.equal(row.revokedAt, null);
        },
      );

      await t.step("unknown tokens, expired sessions and deactivated users", async () => {
        assert.deepEqual(await rotateRefreshToken(db, "never-issued"), { ok: false, reason: "unknown" });
        assert.equal(await viewerFromAccessToken(db, "not.a.jwt"), null);

        const u = await newUser();
        const expired = await openSession(db, u.id);
        await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(
          eq(sessions.id, expired.sessionId),
        );
        assert.deepEqual(await rotateRefreshToken(db, expired.refresh), { ok: false, reason: "revoked" });
        assert.equal(await viewerFromAccessToken(db, expired.access), null);

        const v = await newUser();
        const live = await openSession(db, v.id);
        await db.update(users).set({ isActive: false }).where(eq(users.id, v.id));
        assert.equal(await viewerFromAccessToken(db, live.access), null);
        assert.deepEqual(await rotateRefreshToken(db, live.refresh), { ok: false, reason: "revoked" });
      });

      await t.step("revokeSession and revokeUserSessions end access at once", async () => {
        const u = await newUser();
        const other = await newUser();
        const a = await openSession(db, u.id);
        const b = await openSession(db, u.id);
        const c = await openSession(db, other.id);
        await revokeSession(db, a.sessionId, "logout");
        assert.equal(await viewerFromAccessToken(db, a.access), null);
        assert.deepEqual(await rotateRefreshToken(db, a.refresh), { ok: false, reason: "revoked" });
        assert.equal((await viewerFromAccessToken(db, b.access))?.id, u.id);
        // Revoking again keeps the first reason.
        await revokeSession(db, a.sessionId, "second");
        const [row] = await db.select().from(sessions).where(eq(sessions.id, a.sessionId));
        assert.equal(row.revokedReason, "logout");

        await revokeUserSessions(db, u.id, "password reset");
        assert.equal(await viewerFromAccessToken(db, b.access), null);
        assert.equal(
          (await viewerFromAccessToken(db, c.access))?.id,
          other.id,
          "other users keep their sessions",
        );
      });
    } finally {
      await h.close();
    }
  });
}
