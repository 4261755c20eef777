import { desc, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { outbox } from "./schema.ts";

export interface OutboxRowDto {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created: string;
  sent: string | null;
}

export async function listOutbox(
  db: Queryable,
  page: number,
  pageSize: number,
): Promise<{ results: OutboxRowDto[]; count: number }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(outbox);
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(pageSize).offset(
    (page - 1) * pageSize,
  );
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      kind: r.kind,
      status: r.status,
      attempts: r.attempts,
      last_error: r.lastError,
      created: r.createdAt.toISOString(),
      sent: r.sentAt?.toISOString() ?? null,
    })),
  };
}
