// Reads of the coaching drafts: a station's week, scoped to the viewer's scoreboard stations in SQL.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { users } from "../org/schema.ts";
import { formatIsoWeek } from "../dates/weeks.ts";
import { smsTarget } from "../schedule/messages.ts";
import { coachingDrafts } from "./schema.ts";
import type { CoachingDraftDto, CoachingDraftsDto } from "./dto.ts";
import { languageOf } from "./text.ts";
import { draftNotFound } from "./errors.ts";
import { scoreboardStations } from "../scoreboard/queries.ts";
import { pickStation } from "../checks/queries.ts";
import { SCOREBOARD_STATION_TAGS } from "../checks/config.ts";

type StationViewer = Pick<Viewer, "stationIds">;

const columns = {
  id: coachingDrafts.id,
  stationId: coachingDrafts.stationId,
  week: coachingDrafts.week,
  driverId: coachingDrafts.driverId,
  driverName: coachingDrafts.driverName,
  transporterId: coachingDrafts.transporterId,
  language: coachingDrafts.language,
  measures: coachingDrafts.measures,
  body: coachingDrafts.body,
  status: coachingDrafts.status,
  sentAt: coachingDrafts.sentAt,
  firstName: users.firstName,
  mobileNumber: users.mobileNumber,
  ignoreSms: users.ignoreSms,
};
export type DraftRow = {
  id: number;
  stationId: number;
  week: string;
  driverId: number | null;
  driverName: string;
  transporterId: string;
  language: string;
  measures: string[];
  body: string;
  status: string;
  sentAt: Date | null;
  firstName: string | null;
  mobileNumber: string | null;
  ignoreSms: boolean | null;
};

/** Where the draft's SMS goes, or why it cannot go. */
export function targetOf(r: DraftRow): { skip: "blocked" | "no_mobile" | "no_da" } | { to: string } {
  if (r.driverId === null || r.ignoreSms === null) return { skip: "no_da" };
  return smsTarget({
    id: r.driverId,
    firstName: r.firstName ?? "",
    mobileNumber: r.mobileNumber,
    ignoreSms: r.ignoreSms,
  });
}

export function cannotSend(r: DraftRow): "blocked" | "no_mobile" | "no_da" | null {
  const t = targetOf(r);
  return "skip" in t ? t.skip : null;
}

export const draftDto = (r: DraftRow): CoachingDraftDto => ({
  id: r.id,
  driver_id: r.driverId,
  driver_name: r.driverName,
  transporter_id: r.transporterId,
  language: languageOf(r.language),
  measures: r.measures,
  body: r.body,
  status: r.status,
  sent_at: r.sentAt ? r.sentAt.toISOString() : null,
  cannot_send: cannotSend(r),
});

/** The rows of a station's week (any of the viewer's scoreboard stations), by DA name. */
export async function draftRows(db: Queryable, stationIds: number[], week: string): Promise<DraftRow[]> {
  if (!stationIds.length) return [];
  return await db.select(columns).from(coachingDrafts).leftJoin(users, eq(users.id, coachingDrafts.driverId))
    .where(and(inArray(coachingDrafts.stationId, stationIds), eq(coachingDrafts.week, week)))
    .orderBy(asc(coachingDrafts.driverName), asc(coachingDrafts.id));
}

/** The drafts of the station's week; check.station_not_offered when not one of the viewer's scoreboard stations. */
export async function listDrafts(
  db: Queryable,
  viewer: StationViewer,
  q: { station: number; year: number; week: number },
): Promise<CoachingDraftsDto> {
  const station = pickStation(await scoreboardStations(db, viewer), q.station, SCOREBOARD_STATION_TAGS)!;
  const rows = await draftRows(db, [station.id], formatIsoWeek({ year: q.year, week: q.week }));
  return { station: q.station, year: q.year, week: q.week, results: rows.map(draftDto) };
}

/** One draft at the viewer's scoreboard stations, else draft_not_found. */
export async function getDraft(db: Queryable, viewer: StationViewer, id: number): Promise<DraftRow> {
  const offered = (await scoreboardStations(db, viewer)).map((s) => s.id);
  const [row] = offered.length
    ? await db.select(columns).from(coachingDrafts).leftJoin(users, eq(users.id, coachingDrafts.driverId))
      .where(and(eq(coachingDrafts.id, id), inArray(coachingDrafts.stationId, offered)))
    : [];
  if (!row) throw draftNotFound();
  return row;
}
