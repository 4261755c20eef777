import type { Queryable } from "../db/client.ts";
import { outbox } from "./schema.ts";

export interface OutgoingMessage {
  channel: "email" | "sms";
  recipient: string;
  subject?: string;
  body: string;
  /** What caused it (password_reset, shift_attendance, ...), for the outbox page and tests. */
  kind: string;
  meta?: Record<string, unknown>;
  /** The DA it is to (the outbox's filter); defaults to meta.driver_id, which Notify's messages carry. */
  daId?: number | null;
}

const daOf = (m: OutgoingMessage): number | null => {
  if (m.daId !== undefined) return m.daId;
  const id = m.meta?.driver_id;
  return typeof id === "number" && Number.isInteger(id) ? id : null;
};

/** Call inside the transaction of the change that causes the message: both happen or neither. */
export async function enqueue(
  tx: Queryable,
  messages: OutgoingMessage | OutgoingMessage[],
): Promise<number[]> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return [];
  const rows = await tx.insert(outbox).values(list.map((m) => ({
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject ?? "",
    body: m.body,
    kind: m.kind,
    meta: m.meta ?? {},
    daId: daOf(m),
  }))).returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** A message a DA sent us (an SMS reply), stored as it came with what it did; never delivered. */
export interface IncomingMessage {
  from: string;
  to: string;
  body: string;
  daId: number | null;
  /** What the reply did, for the log (lib/outbox/replies.ts `ReplyOutcome`). */
  meta: Record<string, unknown>;
}

export async function recordIncoming(tx: Queryable, m: IncomingMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values({
    direction: "in",
    channel: "sms",
    recipient: m.to,
    body: m.body,
    kind: "sms_reply",
    status: "received",
    daId: m.daId,
    meta: { ...m.meta, from: m.from },
  }).returning({ id: outbox.id });
  return row.id;
}
