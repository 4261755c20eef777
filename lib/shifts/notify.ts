// Notify (02 section 4): every unpublished DA status of a report becomes an SMS in the outbox, written in
// the same transaction that marks it published. Status 0 asks the DA to come (shift_attendance); any other
// status tells them the outcome (shift_status). Second drivers alike. A DA who blocked messages gets none
// but is marked published; a DA without a mobile number stays unpublished and is counted.
import { and, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { shiftRecords, shiftReports } from "./schema.ts";
import { stations, users, vans } from "../org/schema.ts";
import { enqueue, type OutgoingMessage } from "../outbox/mutations.ts";
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
}
export interface NotifyReport {
  id: number;
  stationTitle: string;
  reportDate: string;
}
export interface NotifyPlan {
  messages: OutgoingMessage[];
  /** Slots to mark published: those messaged and those whose DA blocked messages. */
  publish: { recordId: number; slot: "first" | "second" }[];
  skippedBlocked: number;
  skippedNoMobile: number;
}

export const kindFor = (status: number): NotifyKind => (status === 0 ? "shift_attendance" : "shift_status");

const STATUS_WORDS: Record<number, string> = { 1: "confirmed", 2: "rejected", 3: "cancelled" };

export function messageBody(report: NotifyReport, s: NotifySlot): string {
  const name = s.driver?.firstName ? `Hi ${s.driver.firstName}, ` : "Hi, ";
  const where = `at ${report.stationTitle} on ${formatDate(report.reportDate)}`;
  const details = `Route ${s.route || "TBA"}, ${s.waveTime || "wave TBA"}, van ${s.van || "TBA"}.`;
  if (kindFor(s.status) === "shift_attendance") {
    return `${name}you have a shift ${where}. ${details} Please confirm your attendance.`;
  }
  const word = STATUS_WORDS[s.status] ?? `updated (status ${s.status})`;
  return `${name}your shift ${where} is ${word}. ${details}`;
}

/** Which slots get which message; pure, so every branch is tested without a database. */
export function planNotifications(report: NotifyReport, slots: NotifySlot[], only?: NotifyKind): NotifyPlan {
  const plan: NotifyPlan = { messages: [], publish: [], skippedBlocked: 0, skippedNoMobile: 0 };
  for (const s of slots) {
    if (!s.driver || s.published) continue;
    const kind = kindFor(s.status);
    if (only && kind !== only) continue;
    if (s.driver.ignoreSms) {
      plan.skippedBlocked++;
      plan.publish.push({ recordId: s.recordId, slot: s.slot });
      continue;
    }
    const mobile = s.driver.mobileNumber?.trim();
    if (!mobile) {
      plan.skippedNoMobile++;
      continue;
    }
    plan.messages.push({
      channel: "sms",
      recipient: mobile,
      body: messageBody(report, s),
      kind,
      meta: { record_id: s.recordId, report_id: report.id, driver_id: s.driver.id, slot: s.slot },
    });
    plan.publish.push({ recordId: s.recordId, slot: s.slot });
  }
  return plan;
}

export interface NotifyResult {
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
  detail: string;
}

const d1 = alias(users, "d1");
const d2 = alias(users, "d2");
// deno-lint-ignore no-explicit-any
const person = (t: any) => ({
  id: t.id,
  firstName: t.firstName,
  mobileNumber: t.mobileNumber,
  ignoreSms: t.ignoreSms,
});

/** POST api/send-message-for-drivers/: plan, enqueue and publish in one transaction. */
export async function notifyDrivers(
  db: Db,
  viewer: TrackerViewer,
  reportId: number,
  only?: NotifyKind,
): Promise<NotifyResult> {
  return await db.transaction(async (tx) => {
    const { report } = await openReport(tx, viewer, reportId);
    const [{ title }] = await tx.select({ title: stations.title }).from(shiftReports)
      .innerJoin(stations, eq(stations.id, shiftReports.stationId)).where(eq(shiftReports.id, reportId));
    const rows = await tx.select({
      id: shiftRecords.id,
      version: shiftRecords.version,
      fieldVersions: shiftRecords.fieldVersions,
      daStatus: shiftRecords.daStatus,
      secondDaStatus: shiftRecords.secondDaStatus,
      published: shiftRecords.isStatusPublished,
      secondPublished: shiftRecords.isSecondStatusPublished,
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
    const slots: NotifySlot[] = rows.flatMap((r) => {
      const common = { recordId: r.id, route: r.route, waveTime: r.waveTime, van: r.van ?? r.fleetNumber };
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
    const plan = planNotifications(
      { id: reportId, stationTitle: title, reportDate: report.reportDate },
      slots,
      only,
    );
    await enqueue(tx, plan.messages);
    await publishRows(tx, rows, plan.publish, viewer.id);
    if (plan.publish.length) await touchReport(tx, reportId, viewer.id);
    return {
      sent: plan.messages.length,
      skipped_blocked: plan.skippedBlocked,
      skipped_no_mobile: plan.skippedNoMobile,
      detail: NOTIFY_SUCCESS,
    };
  });
}
