// The scoreboard's writes: the block-message switch (the DA's ignore_sms, which every message to DAs
// respects) and DA Notify (each DA's week summary as an SMS through the outbox, skipping blocked ones).
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { users } from "../org/schema.ts";
import { daWeeklyPerformance } from "../imports/schema.ts";
import { enqueue, type OutgoingMessage } from "../outbox/mutations.ts";
import { smsTarget } from "../schedule/messages.ts";
import { pickStation } from "../checks/queries.ts";
import { SCOREBOARD_STATION_TAGS } from "../checks/config.ts";
import type { NotifyResultDto } from "./dto.ts";
import { noDa, rowNotFound } from "./errors.ts";
import { scoreboardStations, weekRows } from "./queries.ts";

type ScoreViewer = Pick<Viewer, "id" | "stationIds">;

/** block driver notification: the row's DA gets (or no longer gets) messages. */
export async function blockRow(
  db: Queryable,
  viewer: ScoreViewer,
  rowId: number,
  ignoreSms: boolean,
): Promise<{ id: number; ignore_sms: boolean }> {
  const stations = await scoreboardStations(db, viewer);
  const [row] = stations.length
    ? await db.select({ tid: daWeeklyPerformance.transporterId }).from(daWeeklyPerformance).where(and(
      eq(daWeeklyPerformance.id, rowId),
      inArray(daWeeklyPerformance.stationId, stations.map((s) => s.id)),
    ))
    : [];
  if (!row) throw rowNotFound();
  const updated = await db.update(users).set({ ignoreSms }).where(eq(users.transporterId, row.tid))
    .returning({ id: users.id });
  if (!updated.length) throw noDa(row.tid);
  return { id: rowId, ignore_sms: ignoreSms };
}

/** send notification to drivers: every DA of the station's week with a mobile, not blocked. */
export async function notifyWeek(
  db: Db,
  viewer: ScoreViewer,
  input: { station: number; year: number; week: number },
): Promise<NotifyResultDto> {
  const station = pickStation(await scoreboardStations(db, viewer), input.station, SCOREBOARD_STATION_TAGS)!;
  const rows = await weekRows(db, station, { year: input.year, week: input.week });
  const ids = rows.map((r) => r.driver.id).filter((id): id is number => id !== null);
  return await db.transaction(async (tx) => {
    const people = ids.length
      ? await tx.select({
        id: users.id,
        firstName: users.firstName,
        mobileNumber: users.mobileNumber,
        ignoreSms: users.ignoreSms,
      }).from(users).where(inArray(users.id, ids))
      : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    const tally = { sent: 0, skipped_blocked: 0, skipped_no_mobile: 0 };
    const messages: OutgoingMessage[] = [];
    for (const r of rows) {
      const p = r.driver.id === null ? null : byId.get(r.driver.id);
      if (!p) {
        tally.skipped_no_mobile++;
        continue;
      }
      const t = smsTarget(p);
      if ("skip" in t) {
        tally[t.skip === "blocked" ? "skipped_blocked" : "skipped_no_mobile"]++;
        continue;
      }
      messages.push({
        channel: "sms",
        recipient: t.to,
        body: r.text_message,
        kind: "scoreboard_week",
        meta: { driver_id: p.id, station_id: station.id, year: input.year, week: input.week },
      });
    }
    await enqueue(tx, messages);
    return { detail: "Message was sent!", ...tally, sent: messages.length };
  });
}
