// The demo's shift history (issue 4 item 7): eight weeks of past shift reports for the demo stations, up to
// yesterday, plus today's report (routes out, some statuses not yet published) and tomorrow's (DAs and
// vans planned, routes not in yet) for DON9 and DTO3; HYZ1 has no report tomorrow, so a demo dispatcher
// can create one. Deterministic (a fixed seed), dates relative to the organisation's today, bulk inserts.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { scanners, shiftRecords, shiftReports, stationSpots, users, vans } from "../db/schema.ts";
import { addDays, dayOfWeek } from "../dates/calendar.ts";
import { dayjs } from "../dates/dayjs.ts";
import { todayIn } from "../dates/periods.ts";
import { stored, weekOf } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import { insertJsonRows } from "./seed/bulk.ts";
import { baseHours, ShiftRole } from "../shifts/roles.ts";

export const HISTORY_WEEKS = 8;
/** Stations with a report tomorrow (HYZ1 is left free for the create-shift dialog). */
export const TOMORROW_STATIONS: readonly number[] = [1, 3];
const TRACKER_SIZES = [1, 6, 3, 2];
const CHUNK = 400;
const RETURN_REASONS = [
  "uta",
  "utl",
  "nsl",
  "bc",
  "missing",
  "damage",
  "fdd",
  "missort",
  "oc",
  "others",
] as const;

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    shuffle<T>(xs: T[]): T[] {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
    /** 'HH:MM' between two clock times given in minutes. */
    clock: (from: number, to: number) => {
      const m = int(from, to);
      return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    },
  };
}
type Rng = ReturnType<typeof rng>;

interface StationData {
  id: number;
  das: number[];
  vans: { id: number; size: number }[];
  rabbits: number[];
  dollies: number[];
}

type Row = typeof shiftRecords.$inferInsert;
type Kind = "past" | "today" | "tomorrow";

const hours = (role: number) => baseHours(role).toFixed(2);
const at = (date: string, hhmm: string, tz: string) => dayjs.tz(`${date} ${hhmm}`, tz).toDate();

async function stationData(tx: Queryable, id: number): Promise<StationData> {
  const [das, vanRows, scannerRows] = await Promise.all([
    tx.select({ id: users.id }).from(users).where(
      and(
        eq(users.role, 5),
        eq(users.status, 1),
        sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${id})`,
      ),
    )
      .orderBy(asc(users.id)),
    tx.select({ id: vans.id, size: vans.fleetSizeId }).from(vans)
      .where(and(eq(vans.stationId, id), eq(vans.status, 1), inArray(vans.fleetSizeId, TRACKER_SIZES)))
      .orderBy(asc(vans.id)),
    tx.select({ id: scanners.id, kind: scanners.kind }).from(scanners)
      .where(and(eq(scanners.stationId, id), eq(scanners.status, 1))).orderBy(asc(scanners.id)),
  ]);
  return {
    id,
    das: das.map((d) => d.id),
    vans: vanRows.map((v) => ({ id: v.id, size: v.size! })),
    rabbits: scannerRows.filter((s) => s.kind === "rabbit").map((s) => s.id),
    dollies: scannerRows.filter((s) => s.kind === "dolly").map((s) => s.id),
  };
}

/** The day's rows of one station: route rows with vans, then the few rows without a route. */
function dayRows(
  r: Rng,
  st: StationData,
  date: string,
  kind: Kind,
): { rows: Omit<Row, "reportId">[]; secondDriver: boolean } {
  const das = r.shuffle([...st.das]);
  const vanPool = r.shuffle([...st.vans]);
  const sunday = dayOfWeek(date) === 0;
  const routeCount = Math.min(
    vanPool.length,
    das.length - 6,
    Math.round(vanPool.length * (sunday ? 0.7 : 0.85 + 0.15 * r.int(0, 2) / 2)) -
      (kind === "tomorrow" ? 1 : 0),
  );
  const rows: Omit<Row, "reportId">[] = [];
  const routeNumbers = r.shuffle(Array.from({ length: 60 }, (_, i) => i + 1)).slice(0, routeCount);
  const routes = routeNumbers.sort((a, b) => a - b).map((n) => `CX${n}`);
  const past = kind === "past";
  const secondDriver = past && r.chance(0.2);
  let d = 0;
  const published = (status: number) => past || (kind === "today" && status === 1);
  for (let i = 0; i < routeCount; i++) {
    const van = vanPool[i];
    const flex = r.chance(0.1);
    const status = kind === "tomorrow" ? 0 : past || r.chance(0.75) ? 1 : 0;
    const row: Omit<Row, "reportId"> = {
      reportDate: date,
      vanId: van.id,
      role: flex ? ShiftRole.Flex : ShiftRole.Standard,
      roleHours: flex ? `${r.int(8, 10)}.00` : hours(0),
      driverId: das[d++],
      daStatus: status,
      isStatusPublished: published(status),
      statusAssignedBySms: status === 1 && r.chance(0.5),
    };
    if (kind !== "tomorrow") {
      const wave = Math.min(4, Math.floor((i * 5) / routeCount));
      Object.assign(row, {
        route: routes[i],
        waveTime: `Wave ${wave + 1}`,
        rabbitId: st.rabbits[i] ?? null,
        dollyId: r.chance(0.55) ? st.dollies[i] ?? null : null,
        numberOfPackages: r.int(150, 320),
        numberOfStops: r.int(90, 200),
        plannedEndTime: r.clock(18 * 60 + 30 + wave * 15, 20 * 60 + 30),
      });
    }
    if (past) {
      Object.assign(row, {
        ontimeAttendance: r.chance(0.92),
        launchpadSupport: r.chance(0.6),
        morningChecklist: r.chance(0.88),
        violation: r.chance(0.03),
        returnedRabbit: row.rabbitId ? r.chance(0.96) : false,
        returnedDolly: row.dollyId ? r.chance(0.9) : false,
        firstStopTime: r.clock(10 * 60 + 40, 12 * 60),
        actualEndTime: r.clock(17 * 60 + 30, 21 * 60),
        actualDa: null,
      });
      for (const reason of RETURN_REASONS) {
        const p = reason === "bc" || reason === "uta" || reason === "nsl" ? 0.35 : 0.08;
        if (r.chance(p)) row[reason] = r.int(1, reason === "bc" ? 5 : 3);
      }
      if (secondDriver && i < 2) {
        Object.assign(row, {
          secondDriverId: das[das.length - 1 - i],
          secondDaStatus: 1,
          isSecondStatusPublished: true,
        });
      }
    }
    rows.push(row);
  }
  // The last two DAs of the shuffle are kept for DA 2.
  const extra = (role: number, status: number, over: Partial<Row> = {}) => {
    if (d < das.length - 2) {
      rows.push({
        reportDate: date,
        role,
        roleHours: hours(role),
        driverId: das[d++],
        daStatus: status,
        isStatusPublished: published(status),
        ...over,
      });
    }
  };
  if (past) {
    // A rescue: a DA with a spare van takes packages off a route that runs late.
    if (r.chance(0.45) && vanPool[routeCount]) {
      const given = r.int(20, 60);
      extra(ShiftRole.Rescue, 1, {
        vanId: vanPool[routeCount].id,
        roleHours: "6.00",
        rescueGiven: given,
        rescue: true,
        ontimeAttendance: true,
      });
      rows[r.int(0, routeCount - 1)].rescueTaken = given;
    }
    for (let k = r.int(0, 2); k > 0; k--) extra(ShiftRole.Training, 1, { ontimeAttendance: true });
    for (let k = r.int(0, 1); k > 0; k--) extra(ShiftRole.Standby, 1, { ontimeAttendance: r.chance(0.9) });
    if (r.chance(0.25)) extra(ShiftRole.NoShow, 1);
    if (r.chance(0.2)) extra(ShiftRole.ClientCancelled, 3, { cancelledFleetSizeId: r.pick([1, 1, 6, 2]) });
    if (r.chance(0.15)) extra(ShiftRole.MycuCancelled, 3, { cancelledFleetSizeId: 1 });
    if (r.chance(0.2)) extra(ShiftRole.Rejected, 2, { statusAssignedBySms: true });
  } else {
    extra(ShiftRole.Standby, 0);
    if (kind === "tomorrow") extra(ShiftRole.Training, 0);
  }
  return { rows, secondDriver };
}

export interface HistoryResult {
  reports: number;
  records: number;
}

/** Loads the history into the demo organisation (inside the demo seed's transaction). */
export async function seedShiftHistory(
  tx: Queryable,
  opts: { today?: string; weeks?: number } = {},
): Promise<HistoryResult> {
  const tz = await getTimeZone(tx);
  const today = opts.today ?? todayIn(tz);
  const emails = ["dispatcher@example.com", "supervisor@example.com", "manager@example.com"];
  const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(
    inArray(users.email, emails),
  );
  const [dispatcher, supervisor, manager] = emails.map((e) => staff.find((s) => s.email === e)?.id ?? null);
  const stations = await Promise.all([1, 2, 3].map((id) => stationData(tx, id)));
  const r = rng(0x5_4177);
  const now = Date.now();

  const reports: (typeof shiftReports.$inferInsert)[] = [];
  const rowsOf: Omit<Row, "reportId">[][] = [];
  const days = (opts.weeks ?? HISTORY_WEEKS) * 7;
  for (let offset = -days; offset <= 1; offset++) {
    const date = addDays(today, offset);
    const kind: Kind = offset < 0 ? "past" : offset === 0 ? "today" : "tomorrow";
    for (const st of stations) {
      if (kind === "tomorrow" && !TOMORROW_STATIONS.includes(st.id)) continue;
      if (st.das.length < 10 || st.vans.length < 3) continue;
      const { rows, secondDriver } = dayRows(r, st, date, kind);
      const far = st.id === 3;
      const creator = far ? manager : r.chance(0.7) ? dispatcher : supervisor;
      const editor = far ? manager : r.chance(0.5) ? dispatcher : supervisor;
      const planned = at(addDays(date, -1), r.clock(14 * 60, 18 * 60), tz);
      const createdAt = kind === "tomorrow"
        ? new Date(Math.min(planned.getTime(), now - 25 * 60_000))
        : planned;
      const modifiedAt = kind === "past" ? at(date, r.clock(19 * 60 + 30, 21 * 60 + 30), tz) : createdAt;
      const week = weekOf(date);
      reports.push({
        stationId: st.id,
        reportDate: date,
        weekNumber: stored(week.week),
        year: week.year,
        hasSecondDriver: secondDriver,
        dispatcherId: far ? null : dispatcher,
        supervisorId: far ? manager : supervisor,
        leadDriverId: rows[0]?.driverId ?? null,
        createdById: creator,
        editedById: kind === "past" ? editor : creator,
        createdAt,
        modifiedAt,
      });
      rowsOf.push(rows.map((row, i) => ({
        ...row,
        createdAt: new Date(createdAt.getTime() + i),
        updatedAt: modifiedAt,
        updatedById: kind === "past" ? editor : creator,
      })));
    }
  }
  const ids: number[] = [];
  for (let i = 0; i < reports.length; i += CHUNK) {
    const made = await tx.insert(shiftReports).values(reports.slice(i, i + CHUNK)).returning({
      id: shiftReports.id,
    });
    ids.push(...made.map((m) => m.id));
  }
  const records = rowsOf.flatMap((rows, k) => rows.map((row) => ({ ...row, reportId: ids[k] }) as Row));
  await insertJsonRows(tx, shiftRecords, records);
  return { reports: reports.length, records: records.length };
}
