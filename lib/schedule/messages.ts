// The schedule's two sends (02 section 2 "Schedule", section 7): an availability request to chosen people
// for a future week, and the publish of a week's confirmed shifts. Both write SMS into the outbox inside the
// transaction of the change (publish marks the entries published), and a row per person messaged into
// schedule_requests (what the availability tracker counts). People without a usable mobile number, or who
// blocked messages, get nothing and are counted in the answer; a blocked person's days are still marked
// published (they chose not to be told), a person without a number stays 'Not Published' (nobody told them).
import { and, asc, between, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { userInStations } from "../stations/queries.ts";
import { enqueue, type OutgoingMessage } from "../outbox/mutations.ts";
import { normalisePhone } from "../inputs/phone.ts";
import { addDays } from "../dates/calendar.ts";
import { formatDate, weekdayAbbrev } from "../dates/format.ts";
import { sundayOf, weekOf } from "../dates/weeks.ts";
import { scheduleReports, scheduleRequests } from "./schema.ts";
import { personAtStationOnly, scheduleToday, type ScheduleViewer, viewerStation } from "./queries.ts";
import { publishRefusal, requestRefusal } from "./policy.ts";
import { MESSAGE_SENT, SCHEDULE, scheduleError } from "./errors.ts";
import { scheduleRoleName } from "./roles.ts";
import type { SendResultDto } from "./dto.ts";

export interface SmsPerson {
  id: number;
  firstName: string;
  mobileNumber: string | null;
  ignoreSms: boolean;
}

/** Why a person gets no SMS, or null with the number to send to. */
export function smsTarget(p: SmsPerson): { skip: "blocked" | "no_mobile" } | { to: string } {
  if (p.ignoreSms) return { skip: "blocked" };
  const to = normalisePhone(p.mobileNumber?.trim() || null);
  return to ? { to } : { skip: "no_mobile" };
}

const hi = (p: SmsPerson) => (p.firstName ? `Hi ${p.firstName}, ` : "Hi, ");
const weekLabel = (start: string) =>
  `week ${weekOf(start).week} (${formatDate(start)} to ${formatDate(addDays(start, 6))})`;

export function availabilityBody(p: SmsPerson, weekStart: string, station: string | null): string {
  const at = station ? ` at ${station}` : "";
  return `${hi(p)}please send us your availability${at} for ${weekLabel(weekStart)}: the days you can work.`;
}

export interface ShiftLine {
  date: string;
  role: number | null;
  shiftStartTime: string | null;
}

export function publishBody(
  p: SmsPerson,
  weekStart: string,
  station: string,
  shifts: readonly ShiftLine[],
): string {
  const lines = [...shifts].sort((a, b) => a.date.localeCompare(b.date)).map((s) =>
    `${weekdayAbbrev(s.date)} ${formatDate(s.date)} ${s.shiftStartTime?.slice(0, 5) ?? ""} ${
      scheduleRoleName(s.role)
    }`
      .replace(/\s+/g, " ")
  );
  return `${hi(p)}your confirmed shifts at ${station} for ${weekLabel(weekStart)}: ${lines.join("; ")}.`;
}

const person = {
  id: users.id,
  firstName: users.firstName,
  mobileNumber: users.mobileNumber,
  ignoreSms: users.ignoreSms,
};

type Tally = Pick<SendResultDto, "sent" | "skipped_no_mobile" | "skipped_blocked">;

/** GET api/send-request-schedule-message/ */
export async function sendAvailabilityRequests(
  db: Db,
  v: ScheduleViewer,
  q: { user_id_list: number[]; week_date: string; station_id?: number },
): Promise<SendResultDto> {
  const weekStart = sundayOf(q.week_date);
  const refusal = requestRefusal(weekStart, await scheduleToday(db), q.user_id_list.length);
  if (refusal) throw scheduleError(refusal);
  const station = q.station_id === undefined ? null : await viewerStation(db, v, q.station_id);
  return await db.transaction(async (tx) => {
    const scope = station ? personAtStationOnly(station.id) : userInStations(v.stationIds);
    const people = await tx.select(person).from(users)
      .where(and(inArray(users.id, q.user_id_list), scope)).orderBy(asc(users.id));
    if (people.length !== q.user_id_list.length) throw scheduleError(SCHEDULE.personNotFound);
    const tally: Tally = { sent: 0, skipped_no_mobile: 0, skipped_blocked: 0 };
    const messages: OutgoingMessage[] = [];
    for (const p of people) {
      const t = smsTarget(p);
      if ("skip" in t) {
        tally[t.skip === "blocked" ? "skipped_blocked" : "skipped_no_mobile"]++;
        continue;
      }
      messages.push({
        channel: "sms",
        recipient: t.to,
        body: availabilityBody(p, weekStart, station?.title ?? null),
        kind: "schedule_availability",
        meta: { driver_id: p.id, week_start: weekStart, station_id: station?.id ?? null },
      });
    }
    await enqueue(tx, messages);
    await logRequests(tx, messages, weekStart, station?.id ?? null, "availability", v.id);
    return { detail: MESSAGE_SENT, ...tally, sent: messages.length };
  });
}

async function logRequests(
  tx: Queryable,
  messages: OutgoingMessage[],
  weekStart: string,
  stationId: number | null,
  kind: "availability" | "published",
  by: number,
) {
  if (!messages.length) return;
  await tx.insert(scheduleRequests).values(messages.map((m) => ({
    userId: m.meta!.driver_id as number,
    stationId,
    weekStart,
    kind,
    sentById: by,
  })));
}

/** GET api/send-confirmed-schedule-message/: publish the week's days with a role, and tell each person. */
export async function publishWeek(
  db: Db,
  v: ScheduleViewer,
  q: { user_id_list: number[]; week_date: string; station_id: number },
): Promise<SendResultDto> {
  const station = await viewerStation(db, v, q.station_id);
  const weekStart = sundayOf(q.week_date);
  const today = await scheduleToday(db);
  return await db.transaction(async (tx) => {
    const rows = await tx.select({
      id: scheduleReports.id,
      date: scheduleReports.scheduleDate,
      role: scheduleReports.role,
      shiftStartTime: scheduleReports.shiftStartTime,
      isPublished: scheduleReports.isPublished,
      person,
    }).from(scheduleReports).innerJoin(users, eq(users.id, scheduleReports.userId))
      .where(and(
        eq(scheduleReports.stationId, station.id),
        between(scheduleReports.scheduleDate, weekStart, addDays(weekStart, 6)),
        eq(scheduleReports.isAvailable, true),
        isNotNull(scheduleReports.role),
        q.user_id_list.length ? inArray(scheduleReports.userId, q.user_id_list) : undefined,
      )).orderBy(asc(users.id), asc(scheduleReports.scheduleDate)).for("update", { of: scheduleReports });
    const refusal = publishRefusal(addDays(weekStart, 6), today, rows.map((r) => r.date));
    if (refusal) throw scheduleError(refusal);
    const byPerson = new Map<number, typeof rows>();
    for (const r of rows) byPerson.set(r.person.id, [...(byPerson.get(r.person.id) ?? []), r]);
    const tally: Tally = { sent: 0, skipped_no_mobile: 0, skipped_blocked: 0 };
    const messages: OutgoingMessage[] = [];
    const publish: number[] = [];
    for (const days of byPerson.values()) {
      // Only people with something new hear from us again: a re-publish does not repeat an unchanged week.
      if (days.every((d) => d.isPublished)) continue;
      const p = days[0].person;
      const t = smsTarget(p);
      if ("skip" in t && t.skip === "no_mobile") {
        tally.skipped_no_mobile++;
        continue;
      }
      publish.push(...days.filter((d) => !d.isPublished).map((d) => d.id));
      if ("skip" in t) {
        tally.skipped_blocked++;
        continue;
      }
      messages.push({
        channel: "sms",
        recipient: t.to,
        body: publishBody(p, weekStart, station.title, days),
        kind: "schedule_published",
        meta: { driver_id: p.id, week_start: weekStart, station_id: station.id },
      });
    }
    if (publish.length) {
      await tx.update(scheduleReports).set({ isPublished: true }).where(inArray(scheduleReports.id, publish));
    }
    await enqueue(tx, messages);
    await logRequests(tx, messages, weekStart, station.id, "published", v.id);
    return { detail: MESSAGE_SENT, ...tally, sent: messages.length, published: publish.length };
  });
}
