// (Re)builds a station's check week from the imported files (tally.ts says which file feeds what). Called
// after every import, re-run and removal of a file (lib/imports) and by the check upload. The typed figures
// (whc off-target, employee satisfaction, day dsb/violation) are kept; the built ones are replaced.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import {
  daWeeklyDsb,
  daWeeklyPerformance,
  daWeeklyQuality,
  deliveryConcessions,
  dspWeeklyScorecards,
  whcExceptions,
} from "../imports/schema.ts";
import { formatIsoWeek, parseWeekLabel, prevWeek, stored, weekDays, weekStart } from "../dates/weeks.ts";
import { checkDays, checkWeeks } from "./schema.ts";
import { CHECK_STATION_TAGS, DEFAULT_TARGETS } from "./config.ts";
import { stations } from "../org/schema.ts";
import { draftWeek } from "../coaching/mutations.ts";
import { type Concession, type DaFacts, HP_WEEKS, tallyDays, tallyWeek } from "./tally.ts";

const TOP_TIERS = ["fantastic", "fantastic plus", "platinum"];
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** First and last name of each transporter id: the DA's (register or alias), else the file's. */
async function namesOf(db: Queryable, tids: string[]): Promise<Map<string, { first: string; last: string }>> {
  if (!tids.length) return new Map();
  const rows = rowsOf<{ tid: string; first: string; last: string }>(
    await db.execute(sql`
      select t.tid, u.first_name as first, u.last_name as last
      from unnest(${`{${tids.join(",")}}`}::text[]) as t(tid)
      join users u on u.id = coalesce(
        (select mu.id from users mu where mu.transporter_id = t.tid),
        (select ma.user_id from transporter_aliases ma where ma.transporter_id = t.tid))`),
  );
  return new Map(rows.map((r) => [r.tid, { first: r.first ?? "", last: r.last ?? "" }]));
}

function splitName(name: string | null, tid: string): { first: string; last: string } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { first: tid, last: "" };
  return { first: parts[0], last: parts.slice(1).join(" ") };
}

async function daFacts(db: Queryable, stationId: number, week: string): Promise<DaFacts[]> {
  const at = <T extends { stationId: unknown; week: unknown }>(t: T) =>
    and(eq(t.stationId as never, stationId), eq(t.week as never, week));
  const perf = await db.select().from(daWeeklyPerformance).where(at(daWeeklyPerformance));
  const quality = await db.select().from(daWeeklyQuality).where(at(daWeeklyQuality));
  const dsb = await db.select().from(daWeeklyDsb).where(at(daWeeklyDsb));
  const whc = await db.select().from(whcExceptions).where(at(whcExceptions));
  const facts = new Map<string, DaFacts & { fileName: string | null }>();
  const get = (tid: string, fileName: string | null) => {
    let f = facts.get(tid);
    if (!f) {
      f = {
        tid,
        first: "",
        last: "",
        fileName,
        dcr: null,
        pod: null,
        cc: null,
        dnr: null,
        dsb: null,
        attended: null,
        incorrectAttended: null,
        whException: null,
        topTierWeeks: 0,
      };
      facts.set(tid, f);
    }
    f.fileName ??= fileName;
    return f;
  };
  // The overview first, so that the scorecard's table only fills what the overview lacks.
  for (
    const p of perf.sort((a, b) => (a.source === "overview" ? -1 : 1) - (b.source === "overview" ? -1 : 1))
  ) {
    const f = get(p.transporterId, p.daName);
    f.dcr ??= num(p.metrics.dcr);
    f.pod ??= num(p.metrics.pod);
    f.cc ??= num(p.metrics.cc);
  }
  for (const q of quality) {
    const f = get(q.transporterId, q.daName);
    if (q.metric === "dcr") f.dcr = num(q.value) ?? f.dcr;
    if (q.metric === "pod") f.pod = num(q.value) ?? f.pod;
  }
  for (const d of dsb) {
    const f = get(d.transporterId, d.daName);
    f.dsb = d.dsbCount ?? 0;
    f.dnr = num(d.counts.scanned_not_delivered_not_returned) ?? 0;
    f.attended = num(d.counts.attended_delivery_count);
    f.incorrectAttended = num(d.counts.incorrect_scan_usage_attended_delivery) ?? 0;
  }
  for (const w of whc) get(w.transporterId, w.daName).whException = w.whException ?? 0;
  await topTierWeeks(db, stationId, week, facts);
  const names = await namesOf(db, [...facts.keys()]);
  return [...facts.values()].map(({ fileName, ...f }) => ({
    ...f,
    ...(names.get(f.tid) ?? splitName(fileName, f.tid)),
  }));
}

/** How many of the last HP_WEEKS weeks (this one included) each DA stood at the top tier. */
async function topTierWeeks(db: Queryable, stationId: number, week: string, facts: Map<string, DaFacts>) {
  let ref = parseWeekLabel(week)!;
  const weeks: string[] = [];
  for (let i = 0; i < HP_WEEKS; i++, ref = prevWeek(ref)) weeks.push(formatIsoWeek(ref));
  const rows = await db.select({
    tid: daWeeklyPerformance.transporterId,
    n: sql<number>`count(distinct week)::int`,
  })
    .from(daWeeklyPerformance).where(and(
      eq(daWeeklyPerformance.stationId, stationId),
      inArray(daWeeklyPerformance.week, weeks),
      sql`lower(${daWeeklyPerformance.overallStanding}) in ${TOP_TIERS}`,
    )).groupBy(daWeeklyPerformance.transporterId);
  for (const r of rows) {
    const f = facts.get(r.tid);
    if (f) f.topTierWeeks = r.n;
  }
}

async function stationFacts(db: Queryable, stationId: number, week: string) {
  const [card] = await db.select({ metrics: dspWeeklyScorecards.metrics }).from(dspWeeklyScorecards)
    .where(and(eq(dspWeeklyScorecards.stationId, stationId), eq(dspWeeklyScorecards.week, week))).limit(1);
  const metric = (key: string) => num(card?.metrics.find((m) => m.key === key)?.value);
  return { whc: metric("whc"), cas: metric("cas") };
}

async function concessions(db: Queryable, stationId: number, week: string): Promise<Concession[]> {
  const rows = await db.select({
    tid: deliveryConcessions.transporterId,
    name: deliveryConcessions.daName,
    date: sql<
      string
    >`coalesce(${deliveryConcessions.deliveryDate}, ${deliveryConcessions.deliveryAttemptDate})::text`,
  }).from(deliveryConcessions).where(and(
    eq(deliveryConcessions.stationId, stationId),
    eq(deliveryConcessions.week, week),
    eq(deliveryConcessions.impactsDsb, true),
  ));
  const names = await namesOf(db, [...new Set(rows.map((r) => r.tid))]);
  return rows.map((r) => ({ tid: r.tid, date: r.date, ...(names.get(r.tid) ?? splitName(r.name, r.tid)) }));
}

/** Builds (or rebuilds) the station's check week for `week` ('2026-W21'); returns its id. */
export async function buildCheckWeek(db: Queryable, stationId: number, week: string): Promise<number> {
  const ref = parseWeekLabel(week);
  if (!ref) throw new RangeError(`Not a week: ${week}`);
  const facts = await daFacts(db, stationId, week);
  const station = await stationFacts(db, stationId, week);
  const dates = weekDays(ref.year, ref.week);
  const days = tallyDays(dates, await concessions(db, stationId, week));
  return await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: checkWeeks.id, targets: checkWeeks.targets }).from(checkWeeks)
      .where(and(
        eq(checkWeeks.stationId, stationId),
        eq(checkWeeks.year, ref.year),
        eq(checkWeeks.weekNumber, stored(ref.week)),
      )).for("update");
    const targets = existing?.targets ?? DEFAULT_TARGETS;
    const built = tallyWeek(facts, station, targets);
    const [row] = existing
      ? await tx.update(checkWeeks).set({ built, builtAt: new Date() }).where(eq(checkWeeks.id, existing.id))
        .returning({ id: checkWeeks.id })
      : await tx.insert(checkWeeks).values({
        stationId,
        year: ref.year,
        weekNumber: stored(ref.week),
        weekStart: weekStart(ref.year, ref.week),
        targets,
        built,
      }).onConflictDoUpdate({
        target: [checkWeeks.stationId, checkWeeks.year, checkWeeks.weekNumber],
        set: { built, builtAt: new Date() },
      }).returning({ id: checkWeeks.id });
    for (const date of dates) {
      await tx.insert(checkDays).values({ checkWeekId: row.id, date, built: days[date] })
        .onConflictDoUpdate({ target: [checkDays.checkWeekId, checkDays.date], set: { built: days[date] } });
    }
    return row.id;
  });
}

/**
 * What follows an import, a re-run or a removal at a station-week: its check week is rebuilt (only for
 * stations the check screens offer, and only when some file of that week carries DA rows), and the week's
 * coaching drafts are written (scoreboard stations: lib/coaching).
 */
export async function afterImport(db: Queryable, stationId: number, week: string): Promise<void> {
  if (!parseWeekLabel(week)) return;
  await draftWeek(db, stationId, week);
  const [offered] = await db.select({ id: stations.id }).from(stations).where(and(
    eq(stations.id, stationId),
    inArray(sql`upper(${stations.tag})`, CHECK_STATION_TAGS.map((t) => t.toUpperCase())),
  ));
  if (!offered) return;
  await buildCheckWeek(db, stationId, week);
}
