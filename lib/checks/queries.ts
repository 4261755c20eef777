// Reads of the check screens, scoped to the viewer's stations whose tag the screen offers (inside the SQL).
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations } from "../org/schema.ts";
import type { Viewer } from "../users/current-user.ts";
import { dayOfWeek } from "../dates/calendar.ts";
import { sundayOf } from "../dates/weeks.ts";
import { WEEKDAY_ABBREVS } from "../dates/format.ts";
import { offset } from "../paging/query.ts";
import { checkDays, checkWeeks } from "./schema.ts";
import { CHECK_STATION_TAGS } from "./config.ts";
import { averageOf } from "./calc.ts";
import {
  type BuiltMeasure,
  type CheckDayDto,
  type CheckListDto,
  type CheckWeekDetailDto,
  type CheckWeekDto,
  DAY_MEASURES,
  type DayMeasure,
  type Measure,
  MEASURES,
  type OffName,
  type StationChoice,
} from "./dto.ts";
import type { CheckListQuery } from "./inputs.ts";
import { checkNotFound, stationNotOffered } from "./errors.ts";
import { violationMeasure } from "./tally.ts";

type StationViewer = Pick<Viewer, "stationIds">;

/** The viewer's stations whose tag is in `tags` (the screen's configured list), by id. */
export async function stationChoices(
  db: Queryable,
  viewer: StationViewer,
  tags: readonly string[] = CHECK_STATION_TAGS,
): Promise<StationChoice[]> {
  if (!viewer.stationIds.length) return [];
  return await db.select({ id: stations.id, title: stations.title, tag: stations.tag }).from(stations)
    .where(and(
      inArray(stations.id, viewer.stationIds),
      inArray(sql`upper(${stations.tag})`, tags.map((t) => t.toUpperCase())),
    )).orderBy(asc(stations.id));
}

/** The station asked for, else station 1 where offered, else the first offered; refused if not offered. */
export function pickStation(choices: StationChoice[], asked: number | undefined, tags = CHECK_STATION_TAGS) {
  if (asked !== undefined) {
    const hit = choices.find((c) => c.id === asked);
    if (!hit) throw stationNotOffered(tags);
    return hit;
  }
  return choices.find((c) => c.id === 1) ?? choices[0] ?? null;
}

type WeekRow = typeof checkWeeks.$inferSelect;
type DayRow = typeof checkDays.$inferSelect;

const measureOf = (row: WeekRow, m: Measure): BuiltMeasure =>
  row.built[m] ?? { score: null, off: null, names: [] };

function weekDto(row: WeekRow, station: StationChoice, days: DayRow[]): CheckWeekDto & {
  names: Record<Measure, OffName[]>;
} {
  const scores = {} as Record<Measure, number | null>;
  const off = {} as Record<Measure, number | null>;
  const names = {} as Record<Measure, OffName[]>;
  for (const m of MEASURES) {
    const b = m === "violation"
      ? violationMeasure(days.map((d) => d.violation), row.built.das)
      : measureOf(row, m);
    scores[m] = b.score;
    off[m] = b.off;
    names[m] = b.names;
  }
  if (row.whcDaOffTarget !== null) off.whc = row.whcDaOffTarget;
  scores.employee_satisfaction = row.employeeSatisfaction;
  return {
    id: row.id,
    station,
    year: row.year,
    week_number: row.weekNumber,
    week_start: row.weekStart,
    target: row.targets,
    scores,
    off_target: off,
    names,
  };
}

function dayDto(row: DayRow): CheckDayDto {
  const scores = {} as Record<DayMeasure, number | null>;
  const off = {} as Record<DayMeasure, number | null>;
  const names = {} as Record<DayMeasure, OffName[]>;
  for (const m of DAY_MEASURES) {
    const b = row.built[m];
    scores[m] = b?.score ?? null;
    off[m] = b?.off ?? null;
    names[m] = b?.names ?? [];
  }
  if (row.dsb !== null) scores.dsb = row.dsb;
  scores.violation = row.violation;
  return {
    id: row.id,
    date: row.date,
    get_week_day: WEEKDAY_ABBREVS[dayOfWeek(row.date)],
    scores,
    off_target: off,
    names,
    typed: { dsb: row.dsb, violation: row.violation },
  };
}

async function daysOf(db: Queryable, weekIds: number[]): Promise<Map<number, DayRow[]>> {
  const out = new Map<number, DayRow[]>();
  if (!weekIds.length) return out;
  const rows = await db.select().from(checkDays).where(inArray(checkDays.checkWeekId, weekIds))
    .orderBy(asc(checkDays.date));
  for (const r of rows) out.set(r.checkWeekId, [...(out.get(r.checkWeekId) ?? []), r]);
  return out;
}

/** get check weekly list: the station's weeks, newest first, in the date range, a page of them. */
export async function listChecks(
  db: Queryable,
  viewer: StationViewer,
  q: CheckListQuery,
): Promise<CheckListDto> {
  const station = pickStation(await stationChoices(db, viewer), q.station);
  if (!station) return { count: 0, results: [], average: null };
  const where = and(
    eq(checkWeeks.stationId, station.id),
    q.date_from ? gte(checkWeeks.weekStart, sundayOf(q.date_from)) : undefined,
    q.date_to ? lte(checkWeeks.weekStart, q.date_to) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(checkWeeks).where(where);
  const rows = await db.select().from(checkWeeks).where(where)
    .orderBy(desc(checkWeeks.weekStart)).limit(q.page_size).offset(offset(q));
  const days = await daysOf(db, rows.map((r) => r.id));
  const results = rows.map((r) => {
    const { names: _n, ...dto } = weekDto(r, station, days.get(r.id) ?? []);
    return dto;
  });
  const ranged = !!(q.date_from || q.date_to);
  const average = ranged && results.length
    ? {
      scores: averageOf(results.map((r) => r.scores), MEASURES),
      off_target: averageOf(results.map((r) => r.off_target), MEASURES),
    }
    : null;
  return { count: n, results, average };
}

/** get check weekly data by days: the week with its seven days, if at one of the viewer's check stations. */
export async function getCheckWeek(
  db: Queryable,
  viewer: StationViewer,
  id: number,
): Promise<CheckWeekDetailDto> {
  const choices = await stationChoices(db, viewer);
  if (!choices.length) throw checkNotFound();
  const [row] = await db.select().from(checkWeeks).where(and(
    eq(checkWeeks.id, id),
    inArray(checkWeeks.stationId, choices.map((c) => c.id)),
  ));
  if (!row) throw checkNotFound();
  const days = (await daysOf(db, [row.id])).get(row.id) ?? [];
  const station = choices.find((c) => c.id === row.stationId)!;
  return { ...weekDto(row, station, days), daily_checks: days.map(dayDto) };
}

/** The week of a day row, if the viewer may see it. */
export async function weekIdOfDay(db: Queryable, viewer: StationViewer, dayId: number): Promise<number> {
  const choices = await stationChoices(db, viewer);
  const [row] = choices.length
    ? await db.select({ id: checkWeeks.id }).from(checkDays)
      .innerJoin(checkWeeks, eq(checkWeeks.id, checkDays.checkWeekId))
      .where(and(eq(checkDays.id, dayId), inArray(checkWeeks.stationId, choices.map((c) => c.id))))
    : [];
  if (!row) throw checkNotFound();
  return row.id;
}
