// Writes of the action table: a row's editable fields, and actions made from a check week's off-target DAs.
import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { users } from "../org/schema.ts";
import { getCheckWeek } from "../checks/queries.ts";
import type { Measure } from "../checks/dto.ts";
import { coachingActions } from "./schema.ts";
import type { ActionRowDto } from "./dto.ts";
import type { ActionPatch } from "./inputs.ts";
import { getAction, superUsers } from "./queries.ts";
import { actionNotFound, nobodyOff, ownerNotFound } from "./errors.ts";
import type { Customer } from "./customers.ts";

type EditViewer = Pick<Viewer, "id" | "stationIds">;

/**
 * update action row: any of action, owner (a super user of the viewer's), due_date, status, count, comments;
 * only on the customer's table (an IKEA action is not found through /act's API, nor the reverse).
 */
export async function updateAction(
  db: Queryable,
  viewer: EditViewer,
  id: number,
  patch: ActionPatch,
  customer: Customer = "amzn",
): Promise<ActionRowDto> {
  if (!await getAction(db, viewer, id, customer)) throw actionNotFound();
  if (patch.owner) {
    const allowed = await superUsers(db, viewer);
    if (!allowed.some((u) => u.id === patch.owner)) throw ownerNotFound();
  }
  await db.update(coachingActions).set({
    ...(patch.action !== undefined ? { action: patch.action } : {}),
    ...(patch.owner !== undefined ? { ownerId: patch.owner } : {}),
    ...(patch.due_date !== undefined ? { dueDate: patch.due_date } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.coaching_count !== undefined ? { coachingCount: patch.coaching_count } : {}),
    ...(patch.comments !== undefined ? { comments: patch.comments } : {}),
  }).where(eq(coachingActions.id, id));
  return (await getAction(db, viewer, id, customer))!;
}

/**
 * Actions for the DAs off target in a measure of a check week: the one named by transporter id, or all.
 * An action already made for a DA, measure and week is not made twice. Returns the week's actions made now.
 */
export async function actionsFromCheck(
  db: Queryable,
  viewer: EditViewer,
  input: { check_week_id: number; measure: Measure; transporter_id?: string },
): Promise<{ created: number; actions: ActionRowDto[] }> {
  const week = await getCheckWeek(db, viewer, input.check_week_id);
  const named = week.names[input.measure].filter((n) =>
    n.transporter_id && (!input.transporter_id || n.transporter_id === input.transporter_id)
  );
  if (!named.length) throw nobodyOff(input.measure);
  const tids = named.map((n) => n.transporter_id!);
  const das = await db.select({ id: users.id, tid: users.transporterId }).from(users)
    .where(inArray(users.transporterId, tids));
  const daOf = new Map(das.map((d) => [d.tid, d.id]));
  const made = await db.insert(coachingActions).values(named.map((n) => ({
    stationId: week.station.id,
    checkWeekId: week.id,
    year: week.year,
    weekNumber: week.week_number,
    actionDate: week.week_start,
    offTargetArea: input.measure,
    driverId: daOf.get(n.transporter_id!) ?? null,
    transporterId: n.transporter_id!,
    driverName: `${n.driver__first_name} ${n.driver__last_name}`.trim(),
    createdById: viewer.id,
  }))).onConflictDoNothing().returning({ id: coachingActions.id });
  const actions = [];
  for (const m of made) actions.push((await getAction(db, viewer, m.id))!);
  return { created: made.length, actions };
}
