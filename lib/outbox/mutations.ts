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
}

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
  }))).returning({ id: outbox.id });
  return rows.map((r) => r.id);
}
