// Reads of the IKEA check screens, scoped to the viewer's stations tagged for IKEA (inside the SQL).
import { and, asc, count, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { sundayOf } from "../dates/weeks.ts";
import { offset } from "../paging/query.ts";
import { pickStation, stationChoices } from "../checks/queries.ts";
import type { StationChoice } from "../checks/dto.ts";
import { IKEA_STATION_TAGS } from "./config.ts";
import { ikeaDays, ikeaWeeks } from "./schema.ts";
import { dayOfWeek } from "../dates/calendar.ts";
import { WEEKDAY_ABBREVS } from "../dates/format.ts";
import type { IkeaDayDto, IkeaListDto, IkeaWeekDetailDto, IkeaWeekDto } from "./dto.ts";
import type { IkeaListQuery } from "./inputs.ts";
import { ikeaAverage } from "./calc.ts";
import { ikeaNotFound } from "./errors.ts";

type StationViewer = Pick<Viewer, "stationIds">;
type Row = typeof ikeaWeeks.$inferSelect;

/** The viewer's stations tagged for IKEA. */
export const ikeaStations = (db: Queryable, viewer: StationViewer) =>
  stationChoices(db, viewer, IKEA_STATION_TAGS);

function dto(r: Row, station: StationChoice): IkeaWeekDto {
  return {
    id: r.id,
    station,
    year: r.year,
    week_number: r.weekNumber,
    week_start: r.weekStart,
    target: r.targets,
    dcr: r.dcr,
    dcr_da_off_target: r.dcrDaOffTarget,
    oa: r.oa,
    oa_da_off_target: r.oaDaOffTarget,
    mc: r.mc,
    mc_da_off_target: r.mcDaOffTarget,
    infraction: r.infraction,
    reliability_score: r.reliabilityScore,
    tenured_da: r.tenuredDa,
    employee_satisfaction_survey: r.employeeSatisfactionSurvey,
  };
}

/** get ikea weekly list: the station's weeks, newest first, in the date range, a page of them. */
export async function listIkeaWeeks(
  db: Queryable,
  viewer: StationViewer,
  q: IkeaListQuery,
): Promise<IkeaListDto> {
  const station = pickStation(await ikeaStations(db, viewer), q.station, IKEA_STATION_TAGS);
  if (!station) return { count: 0, results: [], average: null };
  const where = and(
    eq(ikeaWeeks.stationId, station.id),
    q.date_from ? gte(ikeaWeeks.weekStart, sundayOf(q.date_from)) : undefined,
    q.date_to ? lte(ikeaWeeks.weekStart, q.date_to) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(ikeaWeeks).where(where);
  const rows = await db.select().from(ikeaWeeks).where(where)
    .orderBy(desc(ikeaWeeks.weekStart)).limit(q.page_size).offset(offset(q));
  const results = rows.map((r) => dto(r, station));
  const average = (q.date_from || q.date_to) && results.length ? ikeaAverage(results) : null;
  return { count: n, results, average };
}

/** One IKEA week, if at one of the viewer's IKEA stations. */
export async function getIkeaWeek(db: Queryable, viewer: StationViewer, id: number): Promise<IkeaWeekDto> {
  const choices = await ikeaStations(db, viewer);
  const [row] = choices.length
    ? await db.select().from(ikeaWeeks).where(and(
      eq(ikeaWeeks.id, id),
      inArray(ikeaWeeks.stationId, choices.map((c) => c.id)),
    ))
    : [];
  if (!row) throw ikeaNotFound();
  return dto(row, choices.find((c) => c.id === row.stationId)!);
}

function dayDto(r: typeof ikeaDays.$inferSelect): IkeaDayDto {
  return {
    id: r.id,
    date: r.date,
    get_week_day: WEEKDAY_ABBREVS[dayOfWeek(r.date)],
    dcr: r.dcr,
    dcr_da_off_target: r.dcrDaOffTarget,
    oa: r.oa,
    oa_da_off_target: r.oaDaOffTarget,
    mc: r.mc,
    mc_da_off_target: r.mcDaOffTarget,
  };
}

/** The IKEA week page: the week with its seven days (Sunday to Saturday). */
export async function getIkeaWeekDetail(
  db: Queryable,
  viewer: StationViewer,
  id: number,
): Promise<IkeaWeekDetailDto> {
  const week = await getIkeaWeek(db, viewer, id);
  const days = await db.select().from(ikeaDays).where(eq(ikeaDays.ikeaWeekId, id)).orderBy(
    asc(ikeaDays.date),
  );
  return { ...week, daily_checks: days.map(dayDto) };
}

/** The week of a day row, if the viewer may see it. */
export async function ikeaWeekIdOfDay(db: Queryable, viewer: StationViewer, dayId: number): Promise<number> {
  const choices = await ikeaStations(db, viewer);
  const [row] = choices.length
    ? await db.select({ id: ikeaWeeks.id }).from(ikeaDays)
      .innerJoin(ikeaWeeks, eq(ikeaWeeks.id, ikeaDays.ikeaWeekId))
      .where(and(eq(ikeaDays.id, dayId), inArray(ikeaWeeks.stationId, choices.map((c) => c.id))))
    : [];
  if (!row) throw ikeaNotFound();
  return row.id;
}
