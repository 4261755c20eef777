// The demo's quality data (issue 12), after its imported weeks: the check weeks those imports built get a
// few typed figures (employee satisfaction), and the newest weeks' DAs off target in DSB and DCR get
// coaching actions in every status, with owners, due dates, counts and comments; a few DAs read Spanish, so
// the newest week's coaching drafts (written by each import) show both languages.
import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations, users } from "../org/schema.ts";
import { checkWeeks } from "../checks/schema.ts";
import { actionsFromCheck } from "../actions/mutations.ts";
import { coachingActions } from "../actions/schema.ts";
import { addDays } from "../dates/calendar.ts";
import { isDomainError } from "../errors.ts";
import { daWeeklyPerformance } from "../imports/schema.ts";
import { draftWeek } from "../coaching/mutations.ts";

const COMMENTS = ["", "Talked at the gate", "Ride-along booked", "Second talk; watched the POD video"];

export async function seedQuality(tx: Queryable): Promise<number> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  const [supervisor] = await tx.select({ id: users.id }).from(users).where(
    eq(users.email, "supervisor@example.com"),
  );
  if (!owner) return 0;
  const all = await tx.select({ id: stations.id }).from(stations);
  const viewer = { id: owner.id, stationIds: all.map((s) => s.id) };
  const weeks = await tx.select().from(checkWeeks).orderBy(desc(checkWeeks.weekStart));
  let made = 0;
  for (const [i, w] of weeks.entries()) {
    await tx.update(checkWeeks).set({ employeeSatisfaction: 72 + ((i * 7) % 25) }).where(
      eq(checkWeeks.id, w.id),
    );
    if (i >= 4) continue; // actions for the two stations' two newest weeks
    for (const measure of ["dsb", "dcr"] as const) {
      try {
        made += (await actionsFromCheck(tx, viewer, { check_week_id: w.id, measure })).created;
      } catch (e) {
        if (!isDomainError(e)) throw e; // nobody off target in that measure
      }
    }
  }
  const rows = await tx.select({ id: coachingActions.id, start: coachingActions.actionDate }).from(
    coachingActions,
  )
    .where(inArray(coachingActions.checkWeekId, weeks.map((w) => w.id)));
  for (const r of rows) {
    await tx.update(coachingActions).set({
      status: 1 + (r.id % 3),
      action: 1 + (r.id % 4 === 3 ? 1 : 0),
      coachingCount: r.id % 3,
      ownerId: r.id % 2 ? owner.id : supervisor?.id ?? owner.id,
      dueDate: addDays(r.start, 7 + (r.id % 5)),
      comments: COMMENTS[r.id % COMMENTS.length],
    }).where(and(eq(coachingActions.id, r.id)));
  }
  await spanishDrafts(tx);
  return made;
}

/**
 * Coaching drafts (issue 12 point 6) were written by each import; a few demo DAs read Spanish, so the newest
 * week of each station is drafted again with their language (drafts nobody touched are rewritten).
 */
async function spanishDrafts(tx: Queryable): Promise<void> {
  await tx.update(users).set({ language: "es" }).where(and(eq(users.role, 5), sql`${users.id} % 4 = 0`));
  const newest = await tx.select({
    stationId: daWeeklyPerformance.stationId,
    week: max(daWeeklyPerformance.week),
  })
    .from(daWeeklyPerformance).groupBy(daWeeklyPerformance.stationId);
  for (const n of newest) if (n.week) await draftWeek(tx, n.stationId, n.week);
}
