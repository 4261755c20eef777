// One station's day in the demo schedule, planned three ways: from the shift history's records (past days,
// today and tomorrow, so the schedule tells the same story as the board and the availability tracker),
// made up (days without a shift report), or availability answers only (the week after this one).
// Pure: the caller loads and inserts. SCHEDULE roles here, translated from shift-record roles once, below.
import { ScheduleRole } from "../../schedule/roles.ts";
import { ShiftRole } from "../../shifts/roles.ts";
import { dayOfWeek, type IsoDate } from "../../dates/calendar.ts";
import type { DemoRng } from "./random.ts";

export interface PlanEntry {
  userId: number;
  stationId: number;
  date: IsoDate;
  /** A schedule role, or null: available without a role, or unavailable. */
  role: number | null;
  hours: string;
  available: boolean;
  start: string | null;
  helperOf: number | null;
}

/** What the day plan needs of a shift record. */
export interface HistoryRecord {
  driverId: number | null;
  secondDriverId: number | null;
  role: number;
  roleHours: string;
  waveTime: string | null;
}

/** Shift-record role -> the schedule role the person had that day (decisions.md "Two role enumerations"). */
const FROM_SHIFT_ROLE: Record<number, number> = {
  [ShiftRole.Standard]: ScheduleRole.Standard,
  [ShiftRole.NoShow]: ScheduleRole.NoShow,
  [ShiftRole.Rescue]: ScheduleRole.Rescue,
  [ShiftRole.Standby]: ScheduleRole.Standby,
  [ShiftRole.Training]: ScheduleRole.Training,
  [ShiftRole.Quality]: ScheduleRole.Quality,
  [ShiftRole.Special]: ScheduleRole.Special,
  [ShiftRole.ClientCancelled]: ScheduleRole.ClientCancelled,
  [ShiftRole.Flex]: ScheduleRole.Flex,
  [ShiftRole.MycuCancelled]: ScheduleRole.MycuCancelled,
  [ShiftRole.Rejected]: ScheduleRole.Rejected,
  [ShiftRole.PerformanceCoordinator]: ScheduleRole.PerformanceCoordinator,
};

export const DEFAULT_START = "09:00";
const LEAD_START = "08:30";

/** Waves leave 20 minutes apart from 09:00. */
function waveStart(wave: string | null): string {
  const n = Number(wave?.match(/\d+/)?.[0] ?? 1);
  const m = 9 * 60 + (n - 1) * 20;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

const entry = (over: Partial<PlanEntry> & Pick<PlanEntry, "userId" | "stationId" | "date">): PlanEntry => ({
  role: null,
  hours: "0.00",
  available: true,
  start: DEFAULT_START,
  helperOf: null,
  ...over,
});

/**
 * The DAs the records leave free: a lead driver (one per station and day), then availability answers —
 * most available without a role, some unavailable, a few who never answered (no entry).
 */
function fillRest(
  r: DemoRng,
  das: number[],
  taken: Map<number, PlanEntry>,
  at: Pick<PlanEntry, "date" | "stationId">,
  withLead = true,
) {
  let lead = withLead && r.chance(0.8);
  for (const userId of das) {
    if (taken.has(userId)) continue;
    if (lead) {
      taken.set(
        userId,
        entry({ ...at, userId, role: ScheduleRole.LeadDriver, hours: "10.00", start: LEAD_START }),
      );
      lead = false;
      continue;
    }
    const x = r.float();
    if (x < 0.55) taken.set(userId, entry({ ...at, userId }));
    else if (x < 0.85) taken.set(userId, entry({ ...at, userId, available: false, start: null }));
  }
}

/** A day the shift history covers: every DA on a record keeps that record's role, hours and wave. */
export function dayFromRecords(
  r: DemoRng,
  das: number[],
  records: HistoryRecord[],
  at: Pick<PlanEntry, "date" | "stationId">,
): PlanEntry[] {
  const taken = new Map<number, PlanEntry>();
  for (const rec of records) {
    if (rec.driverId === null) continue;
    const role = FROM_SHIFT_ROLE[rec.role] ?? ScheduleRole.Standard;
    const hours = role === ScheduleRole.Standard ? "10.00" : rec.roleHours;
    taken.set(
      rec.driverId,
      entry({ ...at, userId: rec.driverId, role, hours, start: waveStart(rec.waveTime) }),
    );
  }
  // A DA 2 on a route is the driver's helper and takes the driver's hours (02 "Schedule").
  for (const rec of records) {
    if (rec.driverId === null || rec.secondDriverId === null) continue;
    const helped = taken.get(rec.driverId)!;
    taken.set(rec.secondDriverId, {
      ...helped,
      userId: rec.secondDriverId,
      role: ScheduleRole.Helper,
      helperOf: rec.driverId,
    });
  }
  fillRest(r, das, taken, at);
  return [...taken.values()];
}

/** Most days a DA works in a week, where the seed chooses (the shift history draws its own). */
export const MAX_DAYS_A_WEEK = 5;

/**
 * A day without a shift report: routes for most DAs, a rescue, a standby, a helper, then answers. Who has
 * worked least this week (`worked`: days with a role so far) is picked first; nobody past five days.
 */
export function plannedDay(
  r: DemoRng,
  das: number[],
  at: Pick<PlanEntry, "date" | "stationId">,
  worked: ReadonlyMap<number, number>,
): PlanEntry[] {
  const days = (id: number) => worked.get(id) ?? 0;
  const pool = r.shuffle([...das]).sort((a, b) => days(a) - days(b));
  const free = pool.filter((id) => days(id) < MAX_DAYS_A_WEEK).length;
  const taken = new Map<number, PlanEntry>();
  const routes = Math.min(free, Math.round(pool.length * (dayOfWeek(at.date) === 0 ? 0.5 : 0.62)));
  for (let i = 0; i < routes; i++) {
    const flex = r.chance(0.1);
    const wave = `Wave ${1 + Math.floor((i * 5) / routes)}`;
    taken.set(
      pool[i],
      entry({
        ...at,
        userId: pool[i],
        role: flex ? ScheduleRole.Flex : ScheduleRole.Standard,
        hours: flex ? `${r.int(6, 9)}.00` : "10.00",
        start: waveStart(wave),
      }),
    );
  }
  const extra = (role: number, hours: string, start: string, helperOf: number | null = null) => {
    const userId = pool[taken.size];
    if (userId !== undefined && taken.size < free) {
      taken.set(userId, entry({ ...at, userId, role, hours, start, helperOf }));
    }
  };
  if (r.chance(0.5)) extra(ScheduleRole.Rescue, `${r.int(4, 6)}.00`, "12:00");
  extra(ScheduleRole.Standby, "3.00", DEFAULT_START);
  if (routes > 0 && r.chance(0.4)) {
    const helped = taken.get(pool[0])!;
    extra(ScheduleRole.Helper, helped.hours, helped.start!, pool[0]);
  }
  fillRest(r, pool.slice(0, free), taken, at);
  fillRest(r, pool.slice(free), taken, at, false);
  return [...taken.values()];
}

/** The week ahead: only the answers to the availability request. */
export function availabilityDay(
  r: DemoRng,
  das: number[],
  at: Pick<PlanEntry, "date" | "stationId">,
): PlanEntry[] {
  const out: PlanEntry[] = [];
  for (const userId of das) {
    const x = r.float();
    if (x < 0.7) out.push(entry({ ...at, userId }));
    else if (x < 0.85) out.push(entry({ ...at, userId, available: false, start: null }));
  }
  return out;
}

/** Back-office staff in the schedule: one person per station in a staff role, on their working days. */
export interface StaffPlan {
  userId: number;
  stationId: number;
  role: number;
  hours: string;
  start: string;
  /** Days of the week worked, 0 = Sunday. */
  days: readonly number[];
}

export function staffDay(plan: StaffPlan, date: IsoDate, answersOnly: boolean): PlanEntry {
  const at = { userId: plan.userId, stationId: plan.stationId, date };
  if (!plan.days.includes(dayOfWeek(date))) return entry({ ...at, available: false, start: null });
  if (answersOnly) return entry({ ...at, start: plan.start });
  return entry({ ...at, role: plan.role, hours: plan.hours, start: plan.start });
}
