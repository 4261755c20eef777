// Password reset links on both engines: single use, expiring, queued through the outbox with the token.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import {
  completePasswordReset,
  issueSetPasswordLink,
  requestPasswordReset,
  RESET_TTL_MINUTES,
} from "../../lib/auth/password-reset.ts";
import { AUTH } from "../../lib/auth/errors.ts";
import { RESETS_PER_HOUR } from "../../lib/auth/throttle.ts";
import { openSession, viewerFromAccessToken } from "../../lib/auth/sessions.ts";
import { passwordResetTokens } from "../../lib/auth/schema.ts";
import { outbox } from "../../lib/outbox/schema.ts";
import { users } from "../../lib/org/schema.ts";
import { verifyPassword } from "../../lib/auth/password.ts";
import { sha256 } from "../../lib/auth/tokens.ts";
import { DomainError } from "../../lib/errors.ts";
import { makeDriver, makeUser } from "../../lib/demo/factories.ts";
import type { Db } from "../../lib/db/client.ts";

const BASE = "https://backoffice.example.com/";

/** The code of the refusal `fn` ends with (all of them are 400s: kind "invalid"). */
async function refusal(fn: () => Promise<unknown>): Promise<DomainError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof DomainError) {
      assert.equal(e.kind, "invalid");
      return e;
    }
    throw e;
  }
  throw new Error("expected a DomainError");
}

async function lastMail(db: Db, email: string, kind = "password_reset") {
  const [row] = await db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id)).limit(1);
  return row;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

for (const engine of ENGINES) {
  Deno.test(`password reset tokens [${engine.name}]`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      await t.step(
        "a request queues one e-mail holding a link; only the token's hash is stored",
        async () => {
          const u = await makeUser(db, { role: 3, password: "old-password" });
          const started = Date.now();
          await requestPasswordReset(db, u.email.toUpperCase(), BASE);
          const mail = await lastMail(db, u.email);
          assert.ok(mail);
          assert.equal(mail.channel, "email");
          assert.equal(mail.status, "pending");
          assert.match(mail.subject, /Reset your/);
          const link = String(mail.meta.link);
          assert.ok(link.startsWith("https://backoffice.example.com/reset-password?token="), link);
          assert.ok(mail.body.includes(link));
          assert.ok(mail.body.includes(`${RESET_TTL_MINUTES} minutes`));
          const token = tokenOf(link);
          const [row] = await db.select().from(passwordResetTokens).where(
            eq(passwordResetTokens.userId, u.id),
          );
          assert.equal(row.tokenHash, await sha256(token));
          assert.equal(row.usedAt, null);
          const ttl = row.expiresAt.getTime() - started;
          assert.ok(Math.abs(ttl - RESET_TTL_MINUTES * 60_000) < 60_000, `expires in ${ttl} ms`);
        },
      );

      await t.step("the token sets the password once and ends every open session", async () => {
        const u = await makeUser(db, { role: 2, password: "old-password" });
        const s1 = await openSession(db, u.id);
        const s2 = await openSession(db, u.id);
        await requestPasswordReset(db, u.email, BASE);
        const token = tokenOf(String((await lastMail(db, u.email)).meta.link));

        await completePasswordReset(db, token, "new-password-1");
        const [after] = await db.select().from(users).where(eq(users.id, u.id));
        assert.equal(await verifyPassword("new-password-1", after.passwordHash), true);
        assert.equal(await verifyPassword("old-password", after.passwordHash), false);
        assert.equal(await viewerFromAccessToken(db, s1.access), null);
        assert.equal(await viewerFromAccessToken(db, s2.access), null);

        const again = await refusal(() => completePasswordReset(db, token, "new-password-2"));
        assert.equal(again.code, AUTH.invalidLink);
        assert.ok(again.fields.token);
        const [still] = await db.select().from(users).where(eq(users.id, u.id));
        assert.equal(
          await verifyPassword("new-password-1", still.passwordHash),
          true,
          "the second use changed nothing",
        );
      });

      await t.step("an expired token is refused and changes nothing", async () => {
        const u = await makeUser(db, { role: 1, password: "old-password" });
        await requestPasswordReset(db, u.email, BASE);
        const token = tokenOf(String((await lastMail(db, u.email)).meta.link));
        await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(passwordResetTokens.userId, u.id));
        const e = await refusal(() => completePasswordReset(db, token, "too-late-123"));
        assert.equal(e.code, AUTH.invalidLink);
        const [row] = await db.select().from(users).where(eq(users.id, u.id));
        assert.equal(await verifyPassword("old-password", row.passwordHash), true);
        const [tok] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
        assert.equal(tok.usedAt, null, "a refused token is not marked used");
      });

      await t.step("a successful reset voids the user's other outstanding links", async () => {
        const u = await makeUser(db, { role: 4 });
        await requestPasswordReset(db, u.email, BASE);
        const first = tokenOf(String((await lastMail(db, u.email)).meta.link));
        await requestPasswordReset(db, u.email, BASE);
        const second = tokenOf(String((await lastMail(db, u.email)).meta.link));
        assert.notEqual(first, second);
        await completePasswordReset(db, second, "via-second-1");
        assert.equal(
          (await refusal(() => completePasswordReset(db, first, "via-first-12"))).code,
          AUTH.invalidLink,
        );
      });

      await t.step("unknown, inactive and driver addresses get no e-mail and no refusal", async () => {
        const before = await db.$count(outbox);
        await requestPasswordReset(db, "nobody@nowhere.example", BASE);
        const inactive = await makeUser(db, { isActive: false });
        await requestPasswordReset(db, inactive.email, BASE);
        const driver = await makeDriver(db);
        await requestPasswordReset(db, driver.email, BASE);
        assert.equal(await db.$count(outbox), before);
        assert.equal(
          (await refusal(() => completePasswordReset(db, "never-issued", "whatever-123"))).code,
          AUTH.invalidLink,
        );
      });

      await t.step("a target address gets 3 requests an hour, known or not", async () => {
        for (const email of [(await makeUser(db, { role: 4 })).email, "ghost@nowhere.example"]) {
          for (let i = 0; i < RESETS_PER_HOUR; i++) await requestPasswordReset(db, email, BASE);
          try {
            await requestPasswordReset(db, email.toUpperCase(), BASE);
            assert.fail("the 4th request is throttled");
          } catch (e) {
            assert.ok(e instanceof DomainError);
            assert.deepEqual([e.code, e.kind], [AUTH.resetThrottled, "throttled"]);
          }
        }
      });

      await t.step("a welcome (set_password) link lasts seven days", async () => {
        const u = await makeUser(db, { role: 1 });
        await issueSetPasswordLink(db, u, BASE, "set_password");
        const mail = await lastMail(db, u.email, "set_password");
        assert.match(mail.subject, /Set your/);
        const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
        const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
        assert.ok(days > 6.9 && days <= 7, String(days));
        await completePasswordReset(db, tokenOf(String(mail.meta.link)), "first-password");
      });
    } finally {
      await h.close();
    }
  });
}
