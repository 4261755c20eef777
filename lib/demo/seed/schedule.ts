// The demo's week planning (issue 11 item 6): a schedule for every day of the shift history's eight weeks,
// this week and the next, at every demo station, and the availability requests and publish sends behind it.
// Past weeks are published; this week up to tomorrow is, the rest of it is planned but not sent yet; next
// week holds availability answers only, but for tomorrow when today is Saturday: the board already has
// tomorrow's routes, so that day is planned from them and published like any other day up to tomorrow.
// Runs after the shift history, whose records it reads, so the schedule, the board and the availability
// tracker agree. Deterministic; bulk inserts.
import { and, asc, between, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import {
  scheduleReports,
  scheduleRequests,
  shiftRecords,
  shiftReports,
  stationSpots,
  users,
} from "../../db/schema.ts";
import { addDays, dayOfWeek, type IsoDate } from "../../dates/calendar.ts";
import { dayjs } from "../../dates/dayjs.ts";
import { todayIn } from "../../dates/periods.ts";
import { sundayOf } from "../../dates/weeks.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { ScheduleRole } from "../../schedule/roles.ts";
import { HISTORY_WEEKS } from "../shift-history.ts";
import { DEMO_STATIONS } from "./accounts.ts";
import { insertJsonRows } from "./bulk.ts";
import { DEMO_SEED, DemoRng } from "./random.ts";
import {
  availabilityDay,
  dayFromRecords,
  type HistoryRecord,
  type PlanEntry,
  plannedDay,
  staffDay,
  type StaffPlan,
} from "./schedule-days.ts";
import type { DemoStaff } from "./staff.ts";

export interface ScheduleResult {
  entries: number;
  requests: number;
  /** The first and last scheduled days. */
  from: IsoDate;
  to: IsoDate;
}

/** Who sends each station's requests and publishes its week (DTO3 is the manager's, as on the board). */
function senderOf(stationId: number, staff: DemoStaff): number {
  return stationId === 3 ? staff.managerId : staff.dispatcherId;
}

function staffPlans(staff: DemoStaff): StaffPlan[] {
  return [
    {
      userId: staff.dispatcherId,
      stationId: 1,
      role: ScheduleRole.Dispatcher,
      hours: "12.00",
      start: "07:00",
      days: [0, 1, 2, 3, 4],
    },
    {
      userId: staff.supervisorId,
      stationId: 2,
      role: ScheduleRole.Supervisor,
      hours: "8.00",
      start: "08:00",
      days: [1, 2, 3, 4, 5],
    },
    {
      userId: staff.managerId,
      stationId: 3,
      role: ScheduleRole.Supervisor,
      hours: "9.00",
      start: "07:30",
      days: [2, 3, 4, 5, 6],
    },
  ];
}

async function activeDasByStation(tx: Queryable): Promise<Map<number, number[]>> {
  const rows = await tx.select({ id: users.id, stationId: stationSpots.stationId }).from(users)
    .innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(eq(users.role, 5), eq(users.status, 1)))
    .orderBy(asc(stationSpots.stationId), asc(users.id));
  const out = new Map<number, number[]>(DEMO_STATIONS.map((s) => [s.id, []]));
  for (const r of rows) out.get(r.stationId)?.push(r.id);
  return out;
}

async function historyRecords(
  tx: Queryable,
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, HistoryRecord[]>> {
  const rows = await tx.select({
    stationId: shiftReports.stationId,
    date: shiftReports.reportDate,
    driverId: shiftRecords.driverId,
    secondDriverId: shiftRecords.secondDriverId,
    role: shiftRecords.role,
    roleHours: shiftRecords.roleHours,
    waveTime: shiftRecords.waveTime,
  }).from(shiftRecords).innerJoin(shiftReports, eq(shiftReports.id, shiftRecords.reportId))
    .where(between(shiftReports.reportDate, from, to))
    .orderBy(asc(shiftReports.reportDate), asc(shiftReports.stationId), asc(shiftRecords.id));
  const out = new Map<string, HistoryRecord[]>();
  for (const r of rows) {
    const key = `${r.date}|${r.stationId}`;
    if (!out.has(key)) out.set(key, []);
    out.get(key)!.push({ ...r, role: r.role ?? 0, roleHours: String(r.roleHours ?? "0") });
  }
  return out;
}

/** Loads the schedule and its sends (inside the demo seed's transaction). */
export async function seedSchedules(
  tx: Queryable,
  staff: DemoStaff,
  now = new Date(),
): Promise<ScheduleResult> {
  const tz = await getTimeZone(tx);
  const today = todayIn(tz, now);
  const tomorrow = addDays(today, 1);
  const thisWeek = sundayOf(today);
  const nextWeek = addDays(thisWeek, 7);
  const from = sundayOf(addDays(today, -HISTORY_WEEKS * 7));
  const to = addDays(nextWeek, 6);
  const r = new DemoRng(DEMO_SEED ^ 0x5c4ed);
  const das = await activeDasByStation(tx);
  const history = await historyRecords(tx, from, tomorrow);
  const plans = staffPlans(staff);

  const entries: PlanEntry[] = [];
  // Days with a role so far this week, per person: made-up days spread the work over the week.
  const worked = new Map<number, number>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const answersOnly = date >= nextWeek && date > tomorrow;
    if (dayOfWeek(date) === 0) worked.clear();
    for (const { id: stationId } of DEMO_STATIONS) {
      const at = { date, stationId };
      const list = das.get(stationId)!;
      const records = history.get(`${date}|${stationId}`);
      const day = answersOnly
        ? availabilityDay(r, list, at)
        : records
        ? dayFromRecords(r, list, records, at)
        : plannedDay(r, list, at, worked);
      for (const e of day) if (e.role !== null) worked.set(e.userId, (worked.get(e.userId) ?? 0) + 1);
      entries.push(...day);
    }
    for (const plan of plans) entries.push(staffDay(plan, date, answersOnly));
  }

  // Sent times: requests go out on the Wednesday before the week, the publish on the Saturday before;
  // nothing is dated after the moment the demo is loaded.
  const at = (date: IsoDate, hhmm: string) =>
    new Date(Math.min(dayjs.tz(`${date} ${hhmm}`, tz).toDate().getTime(), now.getTime() - 3_600_000));
  const senders = new Map<number, number>(DEMO_STATIONS.map((s) => [s.id, senderOf(s.id, staff)]));
  const rows: (typeof scheduleReports.$inferInsert)[] = entries.map((e) => {
    const week = sundayOf(e.date);
    const made = at(addDays(week, -2), "11:00");
    return {
      scheduleDate: e.date,
      userId: e.userId,
      stationId: e.stationId,
      role: e.role,
      roleHours: e.hours,
      isAvailable: e.available,
      isPublished: e.role !== null && e.available && e.date <= tomorrow,
      shiftStartTime: e.start,
      helperOfId: e.helperOf,
      createdById: senders.get(e.stationId)!,
      editedById: senders.get(e.stationId)!,
      createdAt: made,
      modifiedAt: made,
    };
  });
  await insertJsonRows(tx, scheduleReports, rows);

  const requests = sends(entries, sundayOf(tomorrow), senders, at);
  await insertJsonRows(tx, scheduleRequests, requests);
  return { entries: rows.length, requests: requests.length, from, to };
}

/**
 * The sends behind the grid: an availability request for every week to everyone scheduled at the station
 * that week, and a publish (kind 'published') of every week up to tomorrow's to the people it gave a role.
 */
function sends(
  entries: PlanEntry[],
  lastPublished: IsoDate,
  senders: Map<number, number>,
  at: (date: IsoDate, hhmm: string) => Date,
): (typeof scheduleRequests.$inferInsert)[] {
  const asked = new Map<string, { userId: number; stationId: number; week: IsoDate; role: boolean }>();
  for (const e of entries) {
    const week = sundayOf(e.date);
    const key = `${week}|${e.userId}`;
    const seen = asked.get(key) ?? { userId: e.userId, stationId: e.stationId, week, role: false };
    seen.role ||= e.role !== null && e.available;
    asked.set(key, seen);
  }
  const out: (typeof scheduleRequests.$inferInsert)[] = [];
  for (const a of asked.values()) {
    const base = {
      userId: a.userId,
      stationId: a.stationId,
      weekStart: a.week,
      sentById: senders.get(a.stationId)!,
    };
    out.push({ ...base, kind: "availability", sentAt: at(addDays(a.week, -4), "15:00") });
    if (a.role && a.week <= lastPublished) {
      out.push({ ...base, kind: "published", sentAt: at(addDays(a.week, -1), "17:30") });
    }
  }
  return out;
}
