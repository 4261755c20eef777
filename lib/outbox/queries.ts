import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { outbox } from "./schema.ts";
import { users } from "../org/schema.ts";
import { outcomeText } from "./replies.ts";

export interface OutboxRowDto {
  id: number;
  /** "out": a message we send; "in": an SMS a DA sent us (a reply). */
  direction: "out" | "in";
  channel: string;
  recipient: string;
  /** The sender's number of an inbound SMS; null for ours. */
  sender: string | null;
  subject: string;
  body: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created: string;
  sent: string | null;
  da: { id: number; name: string } | null;
  /** For an inbound reply: what it did ("set Confirmed for 24-11-2026 row #3", "no pending row"). */
  outcome: string | null;
  /** Notify's batch tag (the tracker links to one Notify's messages). */
  batch: string | null;
  /** The provider's id for a sent message (Twilio's SID, the SMTP message id): what its support asks for. */
  provider_ref: string | null;
}

/** The log's filters: one DA's messages both ways, one Notify's batch, one direction. */
export interface OutboxFilter {
  da?: number;
  batch?: string;
  direction?: "out" | "in";
}

function whereOf(f: OutboxFilter): SQL | undefined {
  return and(
    f.da ? eq(outbox.daId, f.da) : undefined,
    f.batch ? sql`${outbox.meta}->>'batch' = ${f.batch}` : undefined,
    f.direction ? eq(outbox.direction, f.direction) : undefined,
  );
}

export async function listOutbox(
  db: Queryable,
  page: number,
  pageSize: number,
  filter: OutboxFilter = {},
): Promise<{ results: OutboxRowDto[]; count: number }> {
  const where = whereOf(filter);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(outbox).where(where);
  const rows = await db.select({ m: outbox, firstName: users.firstName, lastName: users.lastName }).from(
    outbox,
  )
    .leftJoin(users, eq(users.id, outbox.daId)).where(where).orderBy(desc(outbox.id)).limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count,
    results: rows.map(({ m: r, firstName, lastName }) => ({
      id: r.id,
      direction: r.direction,
      channel: r.channel,
      recipient: r.recipient,
      sender: r.direction === "in" ? String(r.meta.from ?? "") : null,
      subject: r.subject,
      body: r.body,
      kind: r.kind,
      status: r.status,
      attempts: r.attempts,
      last_error: r.lastError,
      created: r.createdAt.toISOString(),
      sent: r.sentAt?.toISOString() ?? null,
      da: r.daId ? { id: r.daId, name: `${firstName ?? ""} ${lastName ?? ""}`.trim() } : null,
      outcome: r.direction === "in" ? outcomeText(r.meta) : null,
      batch: typeof r.meta.batch === "string" ? r.meta.batch : null,
      provider_ref: r.providerRef,
    })),
  };
}

/** The DAs the log has messages for: the choices of its "filter by DA". */
export async function outboxDas(db: Queryable): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(outbox).innerJoin(users, eq(users.id, outbox.daId)).orderBy(
      users.firstName,
      users.lastName,
      users.id,
    );
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || `#${r.id}`,
  }));
}

/** An outbound SMS, for the simulated reply: the number it went to and its DA. */
export async function outboundSms(
  db: Queryable,
  id: number,
): Promise<{ recipient: string; daId: number | null } | null> {
  const [row] = await db.select({ recipient: outbox.recipient, daId: outbox.daId }).from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.direction, "out"), eq(outbox.channel, "sms")));
  return row ?? null;
}
