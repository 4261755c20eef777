// Coaching drafts' writes: drafted after each import (one SMS per DA off target in the week, in the DA's
// language), edited or skipped on the scoreboard, then sent through the outbox; each sent draft is logged
// as a coaching action (lib/actions' table) whose coaching count goes up by one per measure.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { stations, users } from "../org/schema.ts";
import { formatIsoWeek, parseWeekLabel, stored, weekStart } from "../dates/weeks.ts";
import { enqueue, type OutgoingMessage } from "../outbox/mutations.ts";
import { coachingActions } from "../actions/schema.ts";
import { checkWeeks } from "../checks/schema.ts";
import { SCOREBOARD_STATION_TAGS } from "../checks/config.ts";
import { pickStation } from "../checks/queries.ts";
import { scoreboardStations, weekRows } from "../scoreboard/queries.ts";
import { coachingDrafts } from "./schema.ts";
import type { CoachingDraftDto, SendDraftsResultDto } from "./dto.ts";
import type { DraftPatch } from "./inputs.ts";
import { draftDto, draftRows, getDraft, targetOf } from "./queries.ts";
import { draftText, languageOf, offTarget } from "./text.ts";
import { alreadySent } from "./errors.ts";

type DraftViewer = Pick<Viewer, "id" | "stationIds">;

/**
 * (Re)drafts a scoreboard station's week ('2026-W21'): a draft per DA off target. Drafts a person edited,
 * skipped or sent are kept as they are; untouched ones are rewritten, and dropped when the DA is now on target.
 */
export async function draftWeek(db: Queryable, stationId: number, week: string): Promise<number> {
  const ref = parseWeekLabel(week);
  if (!ref) return 0;
  const [station] = await db.select({ id: stations.id, title: stations.title, tag: stations.tag }).from(
    stations,
  )
    .where(and(
      eq(stations.id, stationId),
      inArray(sql`upper(${stations.tag})`, SCOREBOARD_STATION_TAGS.map((t) => t.toUpperCase())),
    ));
  if (!station) return 0;
  const rows = await weekRows(db, station, ref);
  const ids = rows.map((r) => r.driver.id).filter((id): id is number => id !== null);
  const langs = ids.length
    ? await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids))
    : [];
  const langOf = new Map(langs.map((l) => [l.id, languageOf(l.language)]));
  const drafts = [];
  for (const r of rows) {
    const language = r.driver.id === null ? "en" : langOf.get(r.driver.id) ?? "en";
    const body = draftText(r, ref.week, language);
    if (!body) continue;
    drafts.push({
      stationId,
      week,
      transporterId: r.driver.transporter_id,
      driverId: r.driver.id,
      driverName: `${r.driver.first_name} ${r.driver.last_name}`.trim() || r.driver.transporter_id,
      language,
      measures: offTarget(r).map((o) => o.measure),
      body,
    });
  }
  const untouched = and(
    eq(coachingDrafts.stationId, stationId),
    eq(coachingDrafts.week, week),
    eq(coachingDrafts.status, "draft"),
  );
  await db.delete(coachingDrafts).where(
    drafts.length
      ? and(untouched, notInArray(coachingDrafts.transporterId, drafts.map((d) => d.transporterId)))
      : untouched,
  );
  for (const d of drafts) {
    await db.insert(coachingDrafts).values(d).onConflictDoUpdate({
      target: [coachingDrafts.stationId, coachingDrafts.week, coachingDrafts.transporterId],
      set: {
        body: d.body,
        measures: d.measures,
        language: d.language,
        driverId: d.driverId,
        driverName: d.driverName,
      },
      setWhere: eq(coachingDrafts.status, "draft"),
    });
  }
  return drafts.length;
}

/** Edit a draft's text and/or skip it (or take the skip back). A sent draft no longer changes. */
export async function patchDraft(
  db: Queryable,
  viewer: DraftViewer,
  id: number,
  patch: DraftPatch,
): Promise<CoachingDraftDto> {
  const row = await getDraft(db, viewer, id);
  if (row.status === "sent") throw alreadySent();
  const edited = patch.body !== undefined && patch.body !== row.body;
  const body = patch.body ?? row.body;
  const status = patch.skipped === true
    ? "skipped"
    : patch.skipped === false || row.status !== "skipped"
    ? (edited || row.status === "edited" ? "edited" : "draft")
    : "skipped";
  await db.update(coachingDrafts).set({ body, status }).where(eq(coachingDrafts.id, id));
  return draftDto(await getDraft(db, viewer, id));
}

/** One coaching action per measure of the sent draft: made, or its coaching count raised by one. */
async function logAction(
  tx: Queryable,
  viewer: DraftViewer,
  d: { stationId: number; week: string; transporterId: string; driverId: number | null; driverName: string },
  measure: string,
  checkWeekId: number | null,
): Promise<void> {
  const ref = parseWeekLabel(d.week)!;
  const at = and(
    eq(coachingActions.customer, "amzn"),
    eq(coachingActions.stationId, d.stationId),
    eq(coachingActions.year, ref.year),
    eq(coachingActions.weekNumber, stored(ref.week)),
    eq(coachingActions.offTargetArea, measure),
    eq(coachingActions.transporterId, d.transporterId),
  );
  const raised = await tx.update(coachingActions).set({
    coachingCount: sql`${coachingActions.coachingCount} + 1`,
  })
    .where(at).returning({ id: coachingActions.id });
  if (raised.length) return;
  await tx.insert(coachingActions).values({
    stationId: d.stationId,
    checkWeekId,
    year: ref.year,
    weekNumber: stored(ref.week),
    actionDate: weekStart(ref.year, ref.week),
    offTargetArea: measure,
    action: 1,
    driverId: d.driverId,
    transporterId: d.transporterId,
    driverName: d.driverName,
    status: 2,
    coachingCount: 1,
    comments: "Coaching SMS sent",
    createdById: viewer.id,
  });
}

/** Send all: every draft of the week not skipped nor sent, by SMS; blocked DAs and DAs without a mobile wait. */
export async function sendDrafts(
  db: Db,
  viewer: DraftViewer,
  input: { station: number; year: number; week: number },
): Promise<SendDraftsResultDto> {
  const station = pickStation(await scoreboardStations(db, viewer), input.station, SCOREBOARD_STATION_TAGS)!;
  const week = formatIsoWeek({ year: input.year, week: input.week });
  return await db.transaction(async (tx) => {
    const rows = (await draftRows(tx, [station.id], week)).filter((r) =>
      r.status === "draft" || r.status === "edited"
    );
    const [cw] = await tx.select({ id: checkWeeks.id }).from(checkWeeks).where(and(
      eq(checkWeeks.stationId, station.id),
      eq(checkWeeks.year, input.year),
      eq(checkWeeks.weekNumber, stored(input.week)),
    ));
    const tally = { skipped_blocked: 0, skipped_no_mobile: 0, actions_logged: 0 };
    const messages: OutgoingMessage[] = [];
    const sentIds: number[] = [];
    for (const r of rows) {
      const t = targetOf(r);
      if ("skip" in t) {
        tally[t.skip === "blocked" ? "skipped_blocked" : "skipped_no_mobile"]++;
        continue;
      }
      messages.push({
        channel: "sms",
        recipient: t.to,
        body: r.body,
        kind: "coaching_draft",
        meta: { driver_id: r.driverId, station_id: station.id, week, draft_id: r.id },
      });
      sentIds.push(r.id);
      for (const m of r.measures) {
        await logAction(tx, viewer, r, m, cw?.id ?? null);
        tally.actions_logged++;
      }
    }
    await enqueue(tx, messages);
    if (sentIds.length) {
      await tx.update(coachingDrafts).set({ status: "sent", sentAt: new Date(), sentById: viewer.id })
        .where(inArray(coachingDrafts.id, sentIds));
    }
    return { detail: "Coaching messages were sent!", sent: sentIds.length, ...tally };
  });
}
