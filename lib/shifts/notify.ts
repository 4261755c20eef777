// Notify (02 section 4): every unpublished DA status of a report becomes an SMS in the outbox, written in
// the same transaction that marks it published. Status 0 asks the DA to come (shift_attendance); any other
// status tells them the outcome (shift_status). Second drivers alike. A DA who blocked messages gets none
// but is marked published; a DA without a mobile number, or with one no SMS can reach, stays unpublished
// and is listed apart. The same plan answers the dry run the tracker's dialog shows before sending.
import { and, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../db/client.ts";
import { shiftRecords, shiftReports } from "./schema.ts";
import { stations, users, vans } from "../org/schema.ts";
import { enqueue, type OutgoingMessage } from "../outbox/mutations.ts";
import { CANCEL_ROLES, DaStatus } from "./roles.ts";
import { normalisePhone } from "../inputs/phone.ts";
import { formatDate } from "../dates/format.ts";
import { publishRows } from "./tracker/publish.ts";
import { openReport, touchReport } from "./tracker/context.ts";
import type { TrackerViewer } from "./tracker/queries.ts";

export type NotifyKind = "shift_attendance" | "shift_status";
export const NOTIFY_KINDS: readonly NotifyKind[] = ["shift_attendance", "shift_status"];
export const NOTIFY_SUCCESS = "Message to drivers has been send!";

export interface NotifyPerson {
  id: number;
  firstName: string;
  lastName?: string;
  mobileNumber: string | null;
  ignoreSms: boolean;
}
/** One DA slot of a row (the first or the second driver) that may need a message. */
export interface NotifySlot {
  recordId: number;
  slot: "first" | "second";
  status: number;
  published: boolean;
  driver: NotifyPerson | null;
  route: string | null;
  waveTime: string | null;
  van: string | null;
  /** The row's role: a cancel role (7, 9, 10) makes the message a cancellation like status 2 or 3. */
  role?: number | null;
}
export interface NotifyReport {
  id: number;
  stationTitle: string;
  reportDate: string;
}
export type SkipReason = "blocked" | "no_mobile" | "invalid_mobile";
export const SKIP_WHY: Record<SkipReason, string> = {
  blocked: "Blocked messages: gets nothing, and the status is marked published.",
  no_mobile: "No mobile number: gets nothing, and the status stays not published.",
  invalid_mobile:
    "The mobile number cannot receive an SMS: gets nothing, and the status stays not published.",
};
/** One DA slot left without a message, and why (the dialog lists them apart). */
export interface NotifySkip {
  recordId: number;
  slot: "first" | "second";
  driver: NotifyPerson;
  reason: SkipReason;
}
export interface NotifyPlan {
  messages: OutgoingMessage[];
  /** Slots to mark published: those messaged and those whose DA blocked messages. */
  publish: { recordId: number; slot: "first" | "second" }[];
  skipped: NotifySkip[];
  skippedBlocked: number;
  skippedNoMobile: number;
  skippedInvalid: number;
}

export const kindFor = (status: number): NotifyKind => (status === 0 ? "shift_attendance" : "shift_status");

const STATUS_WORDS: Record<number, string> = { 1: "confirmed", 2: "rejected", 3: "cancelled" };

/** Rejected or cancelled, by status or by a cancel role: the row's van is freed for the day. */
export const isCancellation = (s: Pick<NotifySlot, "status" | "role">): boolean =>
  s.status === DaStatus.Rejected || s.status === DaStatus.Cancelled ||
  (s.role != null && CANCEL_ROLES.includes(s.role));

export function messageBody(report: NotifyReport, s: NotifySlot): string {
  const name = s.driver?.firstName ? `Hi ${s.driver.firstName}, ` : "Hi, ";
  const where = `at ${report.stationTitle} on ${formatDate(report.reportDate)}`;
  // A cancelled row gave its van back: naming it would send the DA to a van someone else now drives.
  const van = isCancellation(s) ? "" : `, van ${s.van || "TBA"}`;
  const details = `Route ${s.route || "TBA"}, ${s.waveTime || "wave TBA"}${van}.`;
  if (kindFor(s.status) === "shift_attendance") {
    return `${name}you have a shift ${where}. ${details} Please confirm your attendance.`;
  }
  const word = STATUS_WORDS[s.status] ?? (isCancellation(s) ? "cancelled" : `updated (status ${s.status})`);
  return `${name}your shift ${where} is ${word}. ${details}`;
}

// Entry forms store E.164; numbers saved before that are read the same way (the org's country) or skipped.
const skipReason = (driver: NotifyPerson): SkipReason | null => {
  if (driver.ignoreSms) return "blocked";
  const mobile = driver.mobileNumber?.trim();
  if (!mobile) return "no_mobile";
  return normalisePhone(mobile) ? null : "invalid_mobile";
};

/**
 * Which slots get which message; pure, so every branch is tested without a database. `batch` tags the
 * messages of one Notify so the outbox can show them together.
 */
export function planNotifications(
  report: NotifyReport,
  slots: NotifySlot[],
  only?: NotifyKind,
  batch?: string,
): NotifyPlan {
  const plan: NotifyPlan = {
    messages: [],
    publish: [],
    skipped: [],
    skippedBlocked: 0,
    skippedNoMobile: 0,
    skippedInvalid: 0,
  };
  for (const s of slots) {
    if (!s.driver || s.published) continue;
    const kind = kindFor(s.status);
    if (only && kind !== only) continue;
    const reason = skipReason(s.driver);
    if (reason) {
      plan.skipped.push({ recordId: s.recordId, slot: s.slot, driver: s.driver, reason });
      if (reason === "blocked") plan.skippedBlocked++;
      else if (reason === "no_mobile") plan.skippedNoMobile++;
      else plan.skippedInvalid++;
      if (reason === "blocked") plan.publish.push({ recordId: s.recordId, slot: s.slot });
      continue;
    }
    const meta = { record_id: s.recordId, report_id: report.id, driver_id: s.driver.id, slot: s.slot };
    plan.messages.push({
      channel: "sms",
      recipient: normalisePhone(s.driver.mobileNumber)!,
      body: messageBody(report, s),
      kind,
      meta: batch ? { ...meta, batch } : meta,
    });
    plan.publish.push({ recordId: s.recordId, slot: s.slot });
  }
  return plan;
}

export interface NotifyResult {
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
  skipped_invalid_mobile: number;
  detail: string;
  /** Tags this Notify's messages in the outbox (meta.batch); the page filters on it. */
  batch: string | null;
  outbox_url: string | null;
}
interface PersonDto {
  record_id: number;
  slot: "first" | "second";
  driver_id: number;
  name: string;
  number: string | null;
}
/** The dry run: who gets what, who gets nothing and why, and the texts, exactly as a send would write. */
export interface NotifyPreview {
  dry_run: true;
  count: number;
  recipients: (PersonDto & { kind: NotifyKind; body: string })[];
  skipped: (PersonDto & { reason: SkipReason; why: string })[];
}

const fullName = (p: NotifyPerson) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ").trim() || `DA ${p.id}`;

/** The plan as the dialog shows it; `slots` are the ones planned, for the recipients' names. */
export function previewOf(plan: NotifyPlan, slots: NotifySlot[]): NotifyPreview {
  return {
    dry_run: true,
    count: plan.messages.length,
    recipients: plan.messages.map((m) => {
      const meta = m.meta as { record_id: number; slot: "first" | "second"; driver_id: number };
      const s = slots.find((x) => x.recordId === meta.record_id && x.slot === meta.slot);
      return {
        record_id: meta.record_id,
        slot: meta.slot,
        driver_id: meta.driver_id,
        name: s?.driver ? fullName(s.driver) : "",
        number: m.recipient,
        kind: m.kind as NotifyKind,
        body: m.body,
      };
    }),
    skipped: plan.skipped.map((k) => ({
      record_id: k.recordId,
      slot: k.slot,
      driver_id: k.driver.id,
      name: fullName(k.driver),
      number: k.driver.mobileNumber?.trim() || null,
      reason: k.reason,
      why: SKIP_WHY[k.reason],
    })),
  };
}

const d1 = alias(users, "d1");
const d2 = alias(users, "d2");
// deno-lint-ignore no-explicit-any
const person = (t: any) => ({
  id: t.id,
  firstName: t.firstName,
  lastName: t.lastName,
  mobileNumber: t.mobileNumber,
  ignoreSms: t.ignoreSms,
});

/** The report's rows with an unpublished DA status, locked for the publish that follows. */
async function unpublishedRows(tx: Queryable, reportId: number) {
  return await tx.select({
    id: shiftRecords.id,
    version: shiftRecords.version,
    fieldVersions: shiftRecords.fieldVersions,
    daStatus: shiftRecords.daStatus,
    secondDaStatus: shiftRecords.secondDaStatus,
    published: shiftRecords.isStatusPublished,
    secondPublished: shiftRecords.isSecondStatusPublished,
    role: shiftRecords.role,
    route: shiftRecords.route,
    waveTime: shiftRecords.waveTime,
    fleetNumber: shiftRecords.fleetNumber,
    van: vans.number,
    driver: person(d1),
    secondDriver: person(d2),
  }).from(shiftRecords)
    .leftJoin(vans, eq(vans.id, shiftRecords.vanId))
    .leftJoin(d1, eq(d1.id, shiftRecords.driverId))
    .leftJoin(d2, eq(d2.id, shiftRecords.secondDriverId))
    .where(and(
      eq(shiftRecords.reportId, reportId),
      or(
        sql`${shiftRecords.driverId} is not null and not ${shiftRecords.isStatusPublished}`,
        sql`${shiftRecords.secondDriverId} is not null and not ${shiftRecords.isSecondStatusPublished}`,
      ),
    ))
    .orderBy(shiftRecords.createdAt, shiftRecords.id)
    .for("update", { of: shiftRecords });
}

type Row = Awaited<ReturnType<typeof unpublishedRows>>[number];
const slotsOf = (rows: Row[]): NotifySlot[] =>
  rows.flatMap((r) => {
    const common = {
      recordId: r.id,
      route: r.route,
      waveTime: r.waveTime,
      van: r.van ?? r.fleetNumber,
      role: r.role,
    };
    return [
      { ...common, slot: "first" as const, status: r.daStatus, published: r.published, driver: r.driver },
      {
        ...common,
        slot: "second" as const,
        status: r.secondDaStatus,
        published: r.secondPublished,
        driver: r.secondDriver,
      },
    ];
  });

/**
 * POST api/send-message-for-drivers/: plan, enqueue and publish in one transaction. With `dryRun` the
 * same plan comes back as a preview and nothing is written.
 */
export async function notifyDrivers(
  db: Db,
  viewer: TrackerViewer,
  reportId: number,
  only?: NotifyKind,
): Promise<NotifyResult>;
export async function notifyDrivers(
  db: Db,
  viewer: TrackerViewer,
  reportId: number,
  only: NotifyKind | undefined,
  opts: { dryRun: true },
): Promise<NotifyPreview>;
export async function notifyDrivers(
  db: Db,
  viewer: TrackerViewer,
  reportId: number,
  only?: NotifyKind,
  opts: { dryRun?: boolean } = {},
): Promise<NotifyResult | NotifyPreview> {
  return await db.transaction(async (tx) => {
    const { report } = await openReport(tx, viewer, reportId);
    const [{ title }] = await tx.select({ title: stations.title }).from(shiftReports)
      .innerJoin(stations, eq(stations.id, shiftReports.stationId)).where(eq(shiftReports.id, reportId));
    const rows = await unpublishedRows(tx, reportId);
    const slots = slotsOf(rows);
    const header = { id: reportId, stationTitle: title, reportDate: report.reportDate };
    if (opts.dryRun) return previewOf(planNotifications(header, slots, only), slots);
    const batch = crypto.randomUUID().slice(0, 8);
    const plan = planNotifications(header, slots, only, batch);
    await enqueue(tx, plan.messages);
    await publishRows(tx, rows, plan.publish, viewer.id);
    if (plan.publish.length) await touchReport(tx, reportId, viewer.id);
    const sent = plan.messages.length;
    return {
      sent,
      skipped_blocked: plan.skippedBlocked,
      skipped_no_mobile: plan.skippedNoMobile,
      skipped_invalid_mobile: plan.skippedInvalid,
      detail: NOTIFY_SUCCESS,
      batch: sent ? batch : null,
      outbox_url: sent ? `/outbox?batch=${batch}` : null,
    };
  });
}
