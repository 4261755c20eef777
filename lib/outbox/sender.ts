import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { outbox } from "./schema.ts";
import { rowsOf } from "../db/rows.ts";
import { log } from "../log/logger.ts";

export interface Transport {
  send(message: { recipient: string; subject: string; body: string }): Promise<void>;
}
export interface Transports {
  email?: Transport;
  sms?: Transport;
}

export const MAX_ATTEMPTS = 5;
/** A row left "sending" this long was interrupted mid-send: whether it went out is unknown. */
export const STALE_SENDING_MINUTES = 5;

type Row = typeof outbox.$inferSelect;

/**
 * Delivers pending messages. A row is claimed ("sending") before it is sent and marked after, so a
 * crash loses nothing; an interrupted claim is never re-sent automatically (that could send twice)
 * but marked failed for a person to look at. Without a transport the message stays readable in the
 * outbox ("kept"), which is the embedded default.
 */
export async function deliverPending(
  db: Db,
  transports: Transports,
  batch = 20,
): Promise<{ sent: number; kept: number; failed: number }> {
  await db.update(outbox).set({
    status: "failed",
    lastError: "Interrupted while sending; not retried automatically to avoid a duplicate.",
  }).where(
    sql`${outbox.status} = 'sending' and ${outbox.claimedAt} < now() - make_interval(mins => ${STALE_SENDING_MINUTES})`,
  );
  const claimed = await db.execute(sql`
    update outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id in (select id from outbox where status = 'pending' order by id limit ${batch} for update skip locked)
    returning id, channel, recipient, subject, body`);
  // RETURNING keeps no order: send oldest first, as claimed, so one person's messages arrive in order.
  const rows = rowsOf<Row>(claimed)
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
    try {
      await transport.send({ recipient: row.recipient, subject: row.subject, body: row.body });
      await db.update(outbox).set({ status: "sent", sentAt: sql`now()`, lastError: null }).where(
        eq(outbox.id, row.id),
      );
      tally.sent++;
      log.info("outbox send", { ...figures(), ok: true });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await db.update(outbox).set({
        status: sql`case when ${outbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
        lastError: message.slice(0, 500),
      }).where(eq(outbox.id, row.id));
      tally.failed++;
      log.warn("outbox send", { ...figures(), ok: false, error: message });
    }
  }
  return tally;
}
