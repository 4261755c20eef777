import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { passwordResetTokens } from "./schema.ts";
import { users } from "../org/schema.ts";
import { hashPassword } from "./password.ts";
import { randomToken, sha256 } from "./tokens.ts";
import { enqueue } from "../outbox/mutations.ts";
import { revokeUserSessions } from "./sessions.ts";
import { findUserByEmail } from "./login.ts";
import { invalidLink } from "./errors.ts";
import { countResetRequest } from "./throttle.ts";
import { isStaff } from "./roles.ts";

export const RESET_TTL_MINUTES = 60;

/**
 * Links are single-use and expire; only a hash of the token is stored. An address no active staff account
 * has gets no e-mail but the same answer (and the same throttle), so the form does not list accounts.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  baseUrl: string,
  kind = "password_reset",
): Promise<void> {
  await countResetRequest(db, email);
  const user = await findUserByEmail(db, email);
  if (!user || !user.isActive || !isStaff(user.role)) return;
  await issueSetPasswordLink(db, user, baseUrl, kind);
}

export async function issueSetPasswordLink(
  db: Db,
  user: { id: number; email: string; firstName: string },
  baseUrl: string,
  kind = "password_reset",
): Promise<void> {
  const token = randomToken();
  const link = `${baseUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
  const welcome = kind === "set_password";
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: await sha256(token),
      expiresAt: new Date(Date.now() + (welcome ? 7 * 24 * 60 : RESET_TTL_MINUTES) * 60_000),
    });
    await enqueue(tx, {
      channel: "email",
      recipient: user.email,
      kind,
      subject: welcome ? "Set your DSP Back Office password" : "Reset your DSP Back Office password",
      body: [
        `Hello ${user.firstName || user.email},`,
        "",
        welcome
          ? "An account was created for you. Choose your password with this link (valid for 7 days):"
          : `Someone asked to reset your password. Use this link within ${RESET_TTL_MINUTES} minutes:`,
        link,
        "",
        welcome ? "" : "If it was not you, ignore this message: your password stays as it is.",
      ].join("\n"),
      meta: { userId: user.id, link },
    });
  });
}

export async function completePasswordReset(db: Db, token: string, newPassword: string): Promise<void> {
  const hash = await sha256(token);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx.update(passwordResetTokens).set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) throw invalidLink();
    // The other links sent before this reset are void: one of them may sit in a mailbox someone else reads.
    await tx.update(passwordResetTokens).set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
    await revokeUserSessions(tx, row.userId, "password reset");
  });
}
