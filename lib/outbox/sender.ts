import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { outbox } from "./schema.ts";
import { rowsOf } from "../db/rows.ts";
import { log } from "../log/logger.ts";
import { countOutboxFailure } from "../ops/metrics.ts";

export interface OutgoingMail {
  recipient: string;
  subject: string;
  body: string;
  /** The message's own key, the same on every attempt: providers that honour it deliver it once. */
  idempotencyKey: string;
}

export interface Transport {
  /** Delivers; answers the provider's id for the message when it gives one. */
  send(message: OutgoingMail): Promise<{ providerRef?: string } | void>;
  /**
   * Whether an earlier, interrupted attempt went out after all (its provider id), asked before a message
   * whose send was interrupted is tried again. A transport without it relies on the key alone.
   */
  lookup?(message: OutgoingMail, since: Date): Promise<string | null>;
}
export interface Transports {
  email?: Transport;
  sms?: Transport;
}

export const MAX_ATTEMPTS = 5;
/** A row left "sending" this long was interrupted mid-send: it is tried again, with the same key. */
export const STALE_SENDING_MINUTES = 5;

interface ClaimedRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  idempotency_key: string;
  attempts: number;
  created_at: string | Date;
  last_error: string | null;
}

const wasInterrupted = (row: ClaimedRow) => /^Interrupted while sending/.test(row.last_error ?? "");

/**
 * Delivers pending messages, at least once. A row is claimed ("sending") before it is sent and marked
 * after, so a crash loses nothing: a claim left past STALE_SENDING_MINUTES is tried again (until
 * MAX_ATTEMPTS) with the message's idempotency key, after asking the transport whether the interrupted
 * attempt went out after all, so it is not delivered twice. Without a transport the message stays
 * readable in the outbox ("kept"), which is the embedded default.
 */
export async function deliverPending(
  db: Db,
  transports: Transports,
  batch = 20,
): Promise<{ sent: number; kept: number; failed: number }> {
  // Interrupted claims: again (same key), or given up once they have had their attempts.
  await db.update(outbox).set({
    status: sql`case when ${outbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
    lastError: "Interrupted while sending; tried again with the same idempotency key.",
  }).where(
    sql`${outbox.status} = 'sending' and ${outbox.claimedAt} < now() - make_interval(mins => ${STALE_SENDING_MINUTES})`,
  );
  const claimed = await db.execute(sql`
    update outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id in (select id from outbox where status = 'pending' order by id limit ${batch} for update skip locked)
    returning id, channel, recipient, subject, body, idempotency_key, attempts, created_at, last_error`);
  // RETURNING keeps no order: send oldest first, as claimed, so one person's messages arrive in order.
  const rows = rowsOf<ClaimedRow>(claimed)
    .sort((a, b) => a.id - b.id);
  const tally = { sent: 0, kept: 0, failed: 0 };
  for (const row of rows) {
    const transport = transports[row.channel as "email" | "sms"];
    if (!transport) {
      await db.update(outbox).set({ status: "kept" }).where(eq(outbox.id, row.id));
      tally.kept++;
      continue;
    }
    const started = performance.now();
    const figures = () => ({
      channel: row.channel,
      message_id: row.id,
      ms: Math.round(performance.now() - started),
    });
    const message = {
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      idempotencyKey: row.idempotency_key,
    };
    try {
      // An interrupted attempt may have gone out: the provider may know it (then it is not sent again).
      const earlier = wasInterrupted(row) && transport.lookup
        ? await transport.lookup(message, new Date(row.created_at))
        : null;
      const providerRef = earlier ?? (await transport.send(message))?.providerRef ?? null;
      await db.update(outbox).set({ status: "sent", sentAt: sql`now()`, lastError: null, providerRef })
        .where(eq(outbox.id, row.id));
      tally.sent++;
      log.info("outbox send", { ...figures(), ok: true });
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      await db.update(outbox).set({
        status: sql`case when ${outbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
        lastError: reason.slice(0, 500),
      }).where(eq(outbox.id, row.id));
      tally.failed++;
      countOutboxFailure(row.channel);
      log.warn("outbox send", { ...figures(), ok: false, error: reason });
    }
  }
  return tally;
}
