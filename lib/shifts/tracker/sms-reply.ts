// A driver's SMS reply (issue 10 point 3): matched by the sender's number to a DA and to their next
// pending row (today or later, the nearest date), a yes sets Confirmed, a no Rejected, both marked
// `status_assigned_by_sms`. The write goes through the tracker's own path (row lock, transition rules,
// versions, the change feed's updated_at), and the reply is stored with what it did in the same
// transaction; anything not applied is stored too, for a person to read.
import { and, eq, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import { users } from "../../org/schema.ts";
import { outbox } from "../../outbox/schema.ts";
import { recordIncoming } from "../../outbox/mutations.ts";
import {
  classifyReply,
  phoneDigits,
  phoneTail,
  type ReplyOutcome,
  TAIL_DIGITS,
} from "../../outbox/replies.ts";
import { Role } from "../../auth/roles.ts";
import { CANCEL_ROLES, DaStatus } from "../roles.ts";
import type { RecordPatchInput } from "../inputs.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { normalisePhone } from "../../inputs/phone.ts";
import { isDomainError } from "../../errors.ts";
import { log } from "../../log/logger.ts";
import { todayInZone, type TrackerViewer } from "./queries.ts";
import { lockRecord } from "./context.ts";
import { writeRow } from "./patch.ts";
import { planChange, refuseLocked } from "./change.ts";

export interface InboundSms {
  from: string;
  to: string;
  body: string;
  /** Twilio's MessageSid: a retried delivery of the same message is stored and applied once. */
  messageSid?: string | null;
  /** The simulated phone of the outbox (demo): recorded so the log tells it from a real reply. */
  simulated?: boolean;
}

export interface SmsReplyResult {
  messageId: number | null;
  daId: number | null;
  outcome: ReplyOutcome;
}

/**
 * The DAs whose mobile number is the sender's. Both sides are normalised to E.164 (the org's default
 * country for numbers stored without one); numbers that cannot be read that way match on their last ten
 * digits. Candidates come from SQL by their last seven digits, so the scan stays on a handful of rows.
 */
async function dasByNumber(tx: Queryable, from: string): Promise<number[]> {
  const digits = phoneDigits(from);
  if (digits.length < 7) return [];
  const stored = sql`regexp_replace(${users.mobileNumber}, '\\D', '', 'g')`;
  const found = await tx.select({ id: users.id, mobile: users.mobileNumber }).from(users).where(and(
    eq(users.role, Role.Driver),
    sql`${users.mobileNumber} is not null`,
    sql`right(${stored}, 7) = ${digits.slice(-7)}`,
  )).orderBy(users.id);
  const want = normalisePhone(from) ?? (from.trim().startsWith("+") ? `+${digits}` : null);
  const exact = want ? found.filter((f) => normalisePhone(f.mobile) === want) : [];
  if (exact.length) return exact.map((f) => f.id);
  return found.filter((f) =>
    phoneDigits(f.mobile!).length >= TAIL_DIGITS && phoneTail(f.mobile!) === phoneTail(from)
  )
    .map((f) => f.id);
}

interface PendingRow {
  recordId: number;
  reportId: number;
  reportDate: string;
  stationId: number;
  slot: "first" | "second";
  /** The row's place in its report, as the tracker numbers it (creation order). */
  row: number;
}

/** The DA's nearest row from today on that still awaits their answer (pending, not a cancel role). */
async function nextPendingRow(tx: Queryable, daId: number, today: string): Promise<PendingRow | null> {
  const first = and(eq(shiftRecords.driverId, daId), eq(shiftRecords.daStatus, DaStatus.Pending));
  const second = and(
    eq(shiftRecords.secondDriverId, daId),
    eq(shiftRecords.secondDaStatus, DaStatus.Pending),
  );
  const [row] = await tx.select({
    recordId: shiftRecords.id,
    reportId: shiftRecords.reportId,
    reportDate: shiftRecords.reportDate,
    stationId: shiftReports.stationId,
    first: sql<boolean>`${shiftRecords.driverId} = ${daId}`,
    row: sql<number>`(select count(*)::int from ${shiftRecords} o where o.report_id = ${shiftRecords.reportId}
      and (o.created_at, o.id) <= (${shiftRecords.createdAt}, ${shiftRecords.id}))`,
  }).from(shiftRecords).innerJoin(shiftReports, eq(shiftReports.id, shiftRecords.reportId))
    .where(and(
      sql`${shiftRecords.reportDate} >= ${today}`,
      sql`${shiftRecords.role} not in (${sql.join(CANCEL_ROLES.map((r) => sql`${r}`), sql`, `)})`,
      or(first, second),
    )).orderBy(shiftRecords.reportDate, shiftRecords.createdAt, shiftRecords.id).limit(1);
  if (!row) return null;
  const { first: isFirst, ...rest } = row;
  return { ...rest, slot: isFirst ? "first" : "second" };
}

/**
 * Sets the slot's status through the tracker's write path, acting as the DA (updated_by is the driver).
 * A refusal of the rules (the row locked meanwhile, ...) is an outcome, not a failure of the webhook.
 */
async function applyAnswer(
  tx: Queryable,
  daId: number,
  pending: PendingRow,
  status: 1 | 2,
): Promise<ReplyOutcome> {
  const viewer: TrackerViewer = {
    id: daId,
    role: Role.Driver,
    stationIds: [pending.stationId],
    can_create_old_shifts: false,
  };
  try {
    const locked = await lockRecord(tx, viewer, pending.recordId);
    const still = pending.slot === "first"
      ? locked.row.driverId === daId && locked.row.daStatus === DaStatus.Pending
      : locked.row.secondDriverId === daId && locked.row.secondDaStatus === DaStatus.Pending;
    if (!still) return { outcome: "no_pending_row" };
    refuseLocked(locked);
    const change = (pending.slot === "first" ? { da_status: status } : { second_da_status: status }) as
      & RecordPatchInput
      & { version?: number };
    change.version = locked.row.version;
    const { set, van } = planChange(locked.row, change);
    if (van.kind === "clear") set.vanId = null;
    set.statusAssignedBySms = true;
    await writeRow(tx, locked, set, daId);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return { outcome: "refused", record_id: pending.recordId, reason: e.message };
  }
  return {
    outcome: "applied",
    status,
    record_id: pending.recordId,
    report_id: pending.reportId,
    report_date: pending.reportDate,
    row: pending.row,
  };
}

/** What a reply from this sender with this text does, without storing the reply. */
async function decide(
  tx: Queryable,
  sms: InboundSms,
): Promise<{ daId: number | null; outcome: ReplyOutcome }> {
  const das = await dasByNumber(tx, sms.from);
  if (das.length === 0) return { daId: null, outcome: { outcome: "unknown_sender" } };
  if (das.length > 1) return { daId: null, outcome: { outcome: "ambiguous_sender", da_ids: das } };
  const daId = das[0];
  const intent = classifyReply(sms.body);
  if (intent === "unknown") return { daId, outcome: { outcome: "not_understood" } };
  const pending = await nextPendingRow(tx, daId, todayInZone(await getTimeZone(tx)));
  if (!pending) return { daId, outcome: { outcome: "no_pending_row" } };
  // A savepoint: a refused write leaves the reply's own row to be stored in the outer transaction.
  const outcome = await (tx as Db).transaction((sp) =>
    applyAnswer(sp, daId, pending, intent === "yes" ? 1 : 2)
  );
  return { daId, outcome };
}

/** Stores an inbound SMS and applies it when it is a yes or a no to the sender's next pending row. */
export async function handleSmsReply(db: Db, sms: InboundSms): Promise<SmsReplyResult> {
  const result = await db.transaction(async (tx) => {
    if (sms.messageSid) {
      // Twilio retries a webhook it got no answer to: the same message is applied once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-in:${sms.messageSid}`}))`);
      const [seen] = await tx.select({ id: outbox.id, daId: outbox.daId }).from(outbox).where(and(
        eq(outbox.direction, "in"),
        sql`${outbox.meta}->>'message_sid' = ${sms.messageSid}`,
      )).limit(1);
      if (seen) {
        return { messageId: seen.id, daId: seen.daId, outcome: { outcome: "duplicate" } as ReplyOutcome };
      }
    }
    const { daId, outcome } = await decide(tx, sms);
    const messageId = await recordIncoming(tx, {
      from: sms.from,
      to: sms.to,
      body: sms.body,
      daId,
      meta: {
        ...outcome,
        message_sid: sms.messageSid ?? null,
        ...(sms.simulated ? { simulated: true } : {}),
      },
    });
    return { messageId, daId, outcome };
  });
  log.info("sms reply", {
    message_id: result.messageId,
    da_id: result.daId,
    outcome: result.outcome.outcome,
  });
  return result;
}
