// The scoreboard of a station's week (03 section 2.5): every DA a file of that week names, with the week's
// figures, the previous week's points, six weeks of tiers, shifts worked and tenure. The week's rows (a few
// hundred at most) are read in a handful of indexed queries, then searched, sorted and paged here.
import { and, between, count, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { users } from "../org/schema.ts";
import { shiftRecords } from "../shifts/schema.ts";
import { daWeeklyDsb, daWeeklyPerformance, dspWeeklyScorecards } from "../imports/schema.ts";
import {
  formatIsoWeek,
  parseWeekLabel,
  prevWeek,
  weekEnd,
  weekOf,
  type WeekRef,
  weekStart,
} from "../dates/weeks.ts";
import { diffDays, utcDateOf } from "../dates/calendar.ts";
import { offset } from "../paging/query.ts";
import { pickStation, stationChoices } from "../checks/queries.ts";
import { SCOREBOARD_STATION_TAGS } from "../checks/config.ts";
import type { StationChoice } from "../checks/dto.ts";
import type { ScoreboardDto, ScoreboardRowDto } from "./dto.ts";
import type { ScoreboardQuery } from "./inputs.ts";
import { averageTier, quadrantOf, showsDsb, tierRank } from "./calc.ts";
import { weekSummary } from "./messages.ts";

type StationViewer = Pick<Viewer, "stationIds">;
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const HISTORY_WEEKS = 6;

export const scoreboardStations = (db: Queryable, viewer: StationViewer) =>
  stationChoices(db, viewer, SCOREBOARD_STATION_TAGS);

/** The newest week with DA rows at the station, else the week before today's. */
export async function latestWeek(db: Queryable, stationId: number, today: string): Promise<WeekRef> {
  const [row] = await db.select({ week: daWeeklyPerformance.week }).from(daWeeklyPerformance)
    .where(eq(daWeeklyPerformance.stationId, stationId)).orderBy(desc(daWeeklyPerformance.week)).limit(1);
  return (row && parseWeekLabel(row.week)) || prevWeek(weekOf(today));
}
interface PerfRow {
  id: number;
  tid: string;
  week: string;
  name: string | null;
  source: string;
  standing: string | null;
  score: string | null;
  metrics: Record<string, number | string | null>;
  packages: number | null;
}

/** The week's rows of the station, every figure computed, unsorted. */
export async function weekRows(
  db: Queryable,
  station: StationChoice,
  ref: WeekRef,
): Promise<ScoreboardRowDto[]> {
  const weeks: string[] = [];
  for (let i = 0, r = ref; i < HISTORY_WEEKS; i++, r = prevWeek(r)) weeks.push(formatIsoWeek(r));
  const perf: PerfRow[] = await db.select({
    id: daWeeklyPerformance.id,
    tid: daWeeklyPerformance.transporterId,
    week: daWeeklyPerformance.week,
    name: daWeeklyPerformance.daName,
    source: daWeeklyPerformance.source,
    standing: daWeeklyPerformance.overallStanding,
    score: daWeeklyPerformance.overallScore,
    metrics: daWeeklyPerformance.metrics,
    packages: daWeeklyPerformance.packagesDelivered,
  }).from(daWeeklyPerformance).where(and(
    eq(daWeeklyPerformance.stationId, station.id),
    inArray(daWeeklyPerformance.week, weeks),
  ));
  // One row per DA and week: the overview over the scorecard's table.
  const byWeek = new Map<string, Map<string, PerfRow>>();
  for (const p of perf) {
    const m = byWeek.get(p.week) ?? new Map<string, PerfRow>();
    const had = m.get(p.tid);
    if (!had || (had.source !== "overview" && p.source === "overview")) m.set(p.tid, p);
    byWeek.set(p.week, m);
  }
  const current = [...(byWeek.get(weeks[0])?.values() ?? [])];
  if (!current.length) return [];
  const tids = current.map((p) => p.tid);
  const dsb = await db.select().from(daWeeklyDsb).where(and(
    eq(daWeeklyDsb.stationId, station.id),
    eq(daWeeklyDsb.week, weeks[0]),
  ));
  const dsbOf = new Map(dsb.map((d) => [d.transporterId, d]));
  const people = await db.select({
    id: users.id,
    tid: users.transporterId,
    first: users.firstName,
    last: users.lastName,
    ignoreSms: users.ignoreSms,
    joined: users.dateJoined,
  }).from(users).where(inArray(users.transporterId, tids));
  const personOf = new Map(people.map((p) => [p.tid!, p]));
  const shifts = people.length
    ? await db.select({ driverId: shiftRecords.driverId, n: count() }).from(shiftRecords).where(and(
      inArray(shiftRecords.driverId, people.map((p) => p.id)),
      between(shiftRecords.reportDate, weekStart(ref.year, ref.week), weekEnd(ref.year, ref.week)),
    )).groupBy(shiftRecords.driverId)
    : [];
  const shiftsOf = new Map(shifts.map((s) => [s.driverId, s.n]));
  const end = weekEnd(ref.year, ref.week);
  return current.map((p) => {
    const person = personOf.get(p.tid);
    const d = dsbOf.get(p.tid);
    const tiers = weeks.map((w) => byWeek.get(w)?.get(p.tid)?.standing ?? null);
    const hp = tiers.filter((t) => (tierRank(t) ?? 0) >= 4).length;
    const old = byWeek.get(weeks[1])?.get(p.tid);
    const [first, ...rest] = (p.name ?? "").trim().split(/\s+/);
    const dnrCount = num(d?.counts.scanned_not_delivered_not_returned);
    const delivered = p.packages ?? num(d?.counts.attended_delivery_count);
    const row: ScoreboardRowDto = {
      id: p.id,
      ignore_sms: person?.ignoreSms ?? false,
      driver: {
        id: person?.id ?? null,
        first_name: person?.first ?? first ?? "",
        last_name: person?.last ?? rest.join(" "),
        transporter_id: p.tid,
      },
      points_total: num(p.score),
      old_points_total: num(old?.score),
      number_of_shifts: person ? shiftsOf.get(person.id) ?? 0 : 0,
      quadrant_name: quadrantOf(p.standing, averageTier(tiers)),
      raw_data: {
        current_week_tier: p.standing,
        average_week6_tier: averageTier(tiers),
        tenured: person ? Math.max(0, Math.floor(diffDays(utcDateOf(person.joined), end) / 7)) : null,
        dcr: num(p.metrics.dcr),
        dsb: d?.dsbDpmo ?? num(p.metrics.dsb_dpmo),
        dar: null,
        pod: num(p.metrics.pod),
        sc: d
          ? (num(d.counts.incorrect_scan_usage_attended_delivery) ?? 0) +
            (num(d.counts.incorrect_scan_usage_unattended_delivery) ?? 0)
          : null,
        ced: num(p.metrics.ced),
        high_performer_in_weeks: hp,
      },
      dnr: dnrCount !== null && delivered ? Math.round((dnrCount / delivered) * 1_000_000) : dnrCount,
      dsb_count: d?.dsbCount ?? null,
      rescue: null,
      morning_checklist: null,
      ontime_attendance: null,
      text_message: "",
    };
    row.text_message = weekSummary(row, station.title, ref.week, ref.year);
    return row;
  });
}

const SORT_KEY: Record<string, (r: ScoreboardRowDto) => number | string | null> = {
  points_total: (r) => r.points_total,
  name: (r) => `${r.driver.first_name} ${r.driver.last_name}`.toLowerCase(),
  transporter_id: (r) => r.driver.transporter_id,
  number_of_shifts: (r) => r.number_of_shifts,
  quadrant_name: (r) => r.quadrant_name,
  current_week_tier: (r) => tierRank(r.raw_data.current_week_tier),
  average_week6_tier: (r) => tierRank(r.raw_data.average_week6_tier),
  tenured: (r) => r.raw_data.tenured,
  dcr: (r) => r.raw_data.dcr,
  dnr: (r) => r.dnr,
  dsb: (r) => r.raw_data.dsb,
  dsb_count: (r) => r.dsb_count,
  pod: (r) => r.raw_data.pod,
  sc: (r) => r.raw_data.sc,
  ced: (r) => r.raw_data.ced,
  high_performer_in_weeks: (r) => r.raw_data.high_performer_in_weeks,
  rescue: (r) => r.rescue,
  morning_checklist: (r) => r.morning_checklist,
  ontime_attendance: (r) => r.ontime_attendance,
};

/** Sorted by the ordering (missing values last either way), then by row id for a stable order. */
export function sortRows(rows: ScoreboardRowDto[], ordering: string): ScoreboardRowDto[] {
  const desc = ordering.startsWith("-");
  const key = SORT_KEY[ordering.replace(/^-/, "")] ?? SORT_KEY.points_total;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return (desc ? -c : c) || a.id - b.id;
  });
}

export const matchesSearch = (r: ScoreboardRowDto, search: string | undefined) => {
  if (!search) return true;
  const s = search.toLowerCase();
  return `${r.driver.first_name} ${r.driver.last_name} ${r.driver.transporter_id}`.toLowerCase().includes(s);
};

/** dashboard (scoreboard) list. */
export async function scoreboard(
  db: Queryable,
  viewer: StationViewer,
  q: ScoreboardQuery,
  today: string,
): Promise<ScoreboardDto> {
  const station = pickStation(await scoreboardStations(db, viewer), q.station, SCOREBOARD_STATION_TAGS);
  const ref = q.year && q.week
    ? { year: q.year, week: q.week }
    : station
    ? await latestWeek(db, station.id, today)
    : prevWeek(weekOf(today));
  const base = { station, year: ref.year, week: ref.week, shows_dsb: showsDsb(ref.year, ref.week) };
  if (!station) {
    return { ...base, count: 0, results: [], report: { week_total_score: null, week_total_tier: null } };
  }
  const all = (await weekRows(db, station, ref)).filter((r) => matchesSearch(r, q.search));
  const sorted = sortRows(all, q.ordering);
  const [card] = await db.select({
    score: dspWeeklyScorecards.overallScore,
    tier: dspWeeklyScorecards.overallTier,
  })
    .from(dspWeeklyScorecards).where(and(
      eq(dspWeeklyScorecards.stationId, station.id),
      eq(dspWeeklyScorecards.week, formatIsoWeek(ref)),
    )).limit(1);
  return {
    ...base,
    count: sorted.length,
    results: sorted.slice(offset(q), offset(q) + q.page_size),
    report: { week_total_score: num(card?.score), week_total_tier: card?.tier ?? null },
  };
}
