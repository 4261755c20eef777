// Writes of the schedule (02 section 4 "Schedule"): save one person's day, delete it (role none, hours 0, helper
// links to that person cleared). Each runs in one transaction holding the station-day lock, so the unique
// staff roles and the one-helper-per-driver rule hold under concurrent saves. Copy mode has no call of its
// own: the page posts the copied entry to the other cell through saveReport, and every rule applies.
import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { scheduleReports } from "./schema.ts";
import type { DeleteReportInput, ReportInput } from "./inputs.ts";
import {
  dayEntries,
  entryOf,
  personAtStation,
  scheduleToday,
  type ScheduleViewer,
  viewerStation,
} from "./queries.ts";
import { dayEditable, normaliseDraft, reportRefusal } from "./policy.ts";
import { entryHours, hoursText } from "./calc.ts";
import { HELPABLE_ROLES } from "./roles.ts";
import { SCHEDULE, scheduleError } from "./errors.ts";
import { type SaveReportDto, type ScheduleEntryDto, toEntryDto } from "./dto.ts";

/** One writer per station and day at a time (the rules read the other people's entries of that day). */
async function lockDay(tx: Queryable, stationId: number, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedule:${stationId}:${date}`}))`);
}

async function lockedEntry(tx: Queryable, userId: number, date: string) {
  const [row] = await tx.select().from(scheduleReports)
    .where(and(eq(scheduleReports.userId, userId), eq(scheduleReports.scheduleDate, date))).for("update");
  return row;
}

/**
 * Helpers of `userId` on `date` follow the helped person's day: they take its hours while it is a helpable
 * shift; otherwise (deleted, unavailable, another role) their link is cleared and their hours become 0.
 */
async function syncHelpers(tx: Queryable, userId: number, date: string, hours: number | null, by: number) {
  const set = hours === null ? { helperOfId: null, roleHours: "0" } : { roleHours: hoursText(hours) };
  await tx.update(scheduleReports).set({ ...set, isPublished: false, editedById: by, modifiedAt: new Date() })
    .where(and(
      eq(scheduleReports.helperOfId, userId),
      eq(scheduleReports.scheduleDate, date),
      hours === null ? undefined : sql`${scheduleReports.roleHours} <> ${hoursText(hours)}`,
    ));
}

const same = (a: typeof scheduleReports.$inferSelect, b: Partial<typeof scheduleReports.$inferSelect>) =>
  a.role === b.role && Number(a.roleHours) === Number(b.roleHours) && a.isAvailable === b.isAvailable &&
  (a.shiftStartTime?.slice(0, 5) ?? null) === (b.shiftStartTime ?? null) && a.helperOfId === b.helperOfId;

/** POST api/schedule/create_or_update_report/ */
export async function saveReport(db: Db, v: ScheduleViewer, input: ReportInput): Promise<SaveReportDto> {
  return await db.transaction(async (tx) => {
    const station = await viewerStation(tx, v, input.station);
    const [person] = await tx.select({ id: users.id }).from(users).where(
      personAtStation(input.user_id, station.id),
    );
    if (!person) throw scheduleError(SCHEDULE.personNotFound);
    await lockDay(tx, station.id, input.date);
    const existing = await lockedEntry(tx, input.user_id, input.date);
    if (existing && existing.stationId !== station.id) throw scheduleError(SCHEDULE.otherStation);
    const draft = normaliseDraft(input);
    const day = await dayEntries(tx, station.id, input.date);
    const refusal = reportRefusal(draft, { today: await scheduleToday(tx), viewerRole: v.role, day });
    if (refusal) throw scheduleError(refusal);
    const helped = draft.helper_of === null ? undefined : await lockedEntry(tx, draft.helper_of, input.date);
    const hours = entryHours(draft.role, draft.role_hours, helped ? Number(helped.roleHours) : null);
    const values = {
      role: draft.role,
      roleHours: hoursText(hours),
      isAvailable: draft.is_available,
      shiftStartTime: draft.shift_start_time,
      helperOfId: draft.helper_of,
    };
    if (!existing) {
      await tx.insert(scheduleReports).values({
        ...values,
        scheduleDate: input.date,
        userId: input.user_id,
        stationId: station.id,
        createdById: v.id,
        editedById: v.id,
      });
    } else if (!same(existing, values)) {
      // Any change makes the day 'Not Published' again until the next publish.
      await tx.update(scheduleReports).set({
        ...values,
        isPublished: false,
        editedById: v.id,
        modifiedAt: new Date(),
      })
        .where(eq(scheduleReports.id, existing.id));
    }
    const helpable = draft.role !== null && (HELPABLE_ROLES as readonly number[]).includes(draft.role);
    await syncHelpers(tx, input.user_id, input.date, helpable ? hours : null, v.id);
    return { created: !existing, data: toEntryDto((await entryOf(tx, input.user_id, input.date))!) };
  });
}

/** POST api/schedule/delete_report/: the day keeps its availability; role none, hours 0, links cleared. */
export async function deleteReport(
  db: Db,
  v: ScheduleViewer,
  input: DeleteReportInput,
): Promise<ScheduleEntryDto> {
  return await db.transaction(async (tx) => {
    const station = await viewerStation(tx, v, input.station);
    if (!dayEditable(input.date, await scheduleToday(tx), v.role)) throw scheduleError(SCHEDULE.pastDay);
    await lockDay(tx, station.id, input.date);
    const existing = await lockedEntry(tx, input.user_id, input.date);
    if (!existing || existing.stationId !== station.id) throw scheduleError(SCHEDULE.notFound);
    await tx.update(scheduleReports).set({
      role: null,
      roleHours: "0",
      helperOfId: null,
      isPublished: false,
      editedById: v.id,
      modifiedAt: new Date(),
    }).where(eq(scheduleReports.id, existing.id));
    await syncHelpers(tx, input.user_id, input.date, null, v.id);
    return toEntryDto((await entryOf(tx, input.user_id, input.date))!);
  });
}
