// The demo's IKEA weeks (issue 12 point 4): no Amazon file carries IKEA figures (management types them),
// so the demo types eight weeks for each station tagged for IKEA, ending with the newest imported week.
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { stations, users } from "../org/schema.ts";
import { coachingActions } from "../actions/schema.ts";
import { actionFromIkea, stationDas } from "../actions/ikea.ts";
import { IKEA_MEASURES } from "../ikea/calc-fields.ts";
import { isDomainError } from "../errors.ts";
import { checkWeeks } from "../checks/schema.ts";
import { ikeaDays, ikeaWeeks } from "../ikea/schema.ts";
import { ikeaTotals } from "../ikea/calc.ts";
import { IKEA_STATION_TAGS, IKEA_TARGETS } from "../ikea/config.ts";
import { addDays } from "../dates/calendar.ts";
import { stored, sundayOf, weekOf } from "../dates/weeks.ts";

type Figures = Partial<Omit<typeof ikeaWeeks.$inferInsert, "id" | "stationId" | "year" | "weekNumber">>;

/** One IKEA week of a station (the week holding `day`), with the figures given and its seven days; its id. */
export async function makeIkeaWeek(db: Queryable, stationId: number, day: string, figures: Figures = {}) {
  const start = sundayOf(day);
  const { year, week } = weekOf(start);
  const [row] = await db.insert(ikeaWeeks).values({
    stationId,
    year,
    weekNumber: stored(week),
    weekStart: start,
    targets: IKEA_TARGETS,
    ...figures,
  }).returning({ id: ikeaWeeks.id });
  await db.insert(ikeaDays).values(
    Array.from({ length: 7 }, (_, i) => ({ ikeaWeekId: row.id, date: addDays(start, i) })),
  );
  return row.id;
}

export async function seedIkea(tx: Queryable): Promise<number> {
  const ikea = await tx.select({ id: stations.id }).from(stations)
    .where(inArray(sql`upper(${stations.tag})`, [...IKEA_STATION_TAGS]));
  const [newest] = await tx.select({ start: checkWeeks.weekStart }).from(checkWeeks)
    .orderBy(desc(checkWeeks.weekStart)).limit(1);
  if (!ikea.length || !newest) return 0;
  let made = 0;
  for (const s of ikea) {
    for (let i = 0; i < 8; i++) {
      const k = (s.id * 7 + i * 5) % 11;
      const days = Array.from({ length: 6 }, (_, d) => ({ // Sunday off
        dcr: 96 + ((k + d) % 5) * 0.75,
        dcr_da_off_target: (k + d) % 4 === 0 ? 1 : 0,
        oa: 97 + ((k + 2 * d) % 4),
        oa_da_off_target: (k + d) % 5 === 0 ? 1 : 0,
        mc: 95 + ((k + d) % 6),
        mc_da_off_target: (k + 3 * d) % 4 === 0 ? 1 : 0,
      }));
      const t = ikeaTotals(days);
      const id = await makeIkeaWeek(tx, s.id, addDays(newest.start, -7 * i), {
        dcr: t.dcr,
        dcrDaOffTarget: t.dcr_da_off_target,
        oa: t.oa,
        oaDaOffTarget: t.oa_da_off_target,
        mc: t.mc,
        mcDaOffTarget: t.mc_da_off_target,
        infraction: i % 3 === 0 ? null : k % 3,
        reliabilityScore: i % 4 === 1 ? null : 90 + k,
        tenuredDa: 12 + (k % 5),
        employeeSatisfactionSurvey: i % 2 ? null : 75 + k,
      });
      const rows = await tx.select({ id: ikeaDays.id }).from(ikeaDays).where(eq(ikeaDays.ikeaWeekId, id))
        .orderBy(asc(ikeaDays.date));
      for (const [d, day] of days.entries()) {
        await tx.update(ikeaDays).set({
          dcr: day.dcr,
          dcrDaOffTarget: day.dcr_da_off_target,
          oa: day.oa,
          oaDaOffTarget: day.oa_da_off_target,
          mc: day.mc,
          mcDaOffTarget: day.mc_da_off_target,
        }).where(eq(ikeaDays.id, rows[d + 1].id));
      }
      made++;
    }
  }
  await seedIkeaActions(tx);
  return made;
}

const COMMENTS = ["", "Went through the IKEA checklist together", "Two-person lift refresher booked"];

/** /act-ikea's demo: for the four newest weeks of each IKEA station, an action per measure off target for
 * one of its DAs (in turn), in several statuses, owners and due dates. */
async function seedIkeaActions(tx: Queryable): Promise<void> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  if (!owner) return;
  const all = await tx.select({ id: stations.id }).from(stations);
  const viewer = { id: owner.id, stationIds: all.map((s) => s.id) };
  const weeks = await tx.select({ id: ikeaWeeks.id, stationId: ikeaWeeks.stationId }).from(ikeaWeeks)
    .orderBy(desc(ikeaWeeks.weekStart), asc(ikeaWeeks.stationId));
  const taken = new Map<number, number>();
  const newest = weeks.filter((w) => {
    taken.set(w.stationId, (taken.get(w.stationId) ?? 0) + 1);
    return taken.get(w.stationId)! <= 4;
  });
  let n = 0;
  for (const w of newest) {
    const das = await stationDas(tx, w.stationId);
    if (!das.length) continue;
    for (const measure of IKEA_MEASURES) {
      const da = das[(n * 7) % das.length];
      try {
        const { action } = await actionFromIkea(tx, viewer, {
          ikea_week_id: w.id,
          measure,
          driver_id: da.id,
        });
        await tx.update(coachingActions).set({
          status: 1 + (n % 3),
          action: 1 + (n % 4 === 3 ? 1 : 0),
          coachingCount: n % 3,
          ownerId: n % 2 ? owner.id : null,
          dueDate: addDays(action.action_date, 7 + (n % 5)),
          comments: COMMENTS[n % COMMENTS.length],
        }).where(eq(coachingActions.id, action.id));
        n++;
      } catch (e) {
        if (!isDomainError(e)) throw e; // on target that week: no action
      }
    }
  }
}
