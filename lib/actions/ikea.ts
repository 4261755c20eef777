// IKEA actions (/act-ikea; docs/decisions.md "IKEA pages"): no file names IKEA's off-target DAs, so an action
// is made from an IKEA week's measure that is off target for a DA picked by hand among the station's DAs.
import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { stationSpots, users } from "../org/schema.ts";
import { getIkeaWeekDetail } from "../ikea/queries.ts";
import { ikeaOffTarget } from "../ikea/calc.ts";
import { Role } from "../auth/roles.ts";
import { coachingActions } from "./schema.ts";
import type { ActionDaDto, ActionRowDto } from "./dto.ts";
import type { FromIkeaInput } from "./inputs.ts";
import { getAction } from "./queries.ts";
import { daNotFound, onTarget } from "./errors.ts";

type EditViewer = Pick<Viewer, "id" | "stationIds">;

/** The active DAs holding a spot at a station (the IKEA action dialog's choices); the caller checked it. */
export async function stationDas(db: Queryable, stationId: number): Promise<ActionDaDto[]> {
  const rows = await db.select({
    id: users.id,
    first: users.firstName,
    last: users.lastName,
    tid: users.transporterId,
  }).from(users).innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(eq(stationSpots.stationId, stationId), eq(users.role, Role.Driver), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`.trim(), transporter_id: r.tid }));
}

/**
 * An action for a DA in a measure an IKEA week (at one of the viewer's IKEA stations) is off target in.
 * The same DA, measure and week again makes nothing (`created: false`, the existing action).
 */
export async function actionFromIkea(
  db: Queryable,
  viewer: EditViewer,
  input: FromIkeaInput,
): Promise<{ created: boolean; action: ActionRowDto }> {
  const week = await getIkeaWeekDetail(db, viewer, input.ikea_week_id);
  if (!ikeaOffTarget(week, week.daily_checks, input.measure)) throw onTarget(input.measure);
  const da = (await stationDas(db, week.station.id)).find((d) => d.id === input.driver_id);
  if (!da) throw daNotFound();
  const [made] = await db.insert(coachingActions).values({
    customer: "ikea",
    stationId: week.station.id,
    ikeaWeekId: week.id,
    year: week.year,
    weekNumber: week.week_number,
    actionDate: week.week_start,
    offTargetArea: input.measure,
    driverId: da.id,
    transporterId: da.transporter_id ?? "",
    driverName: da.name,
    createdById: viewer.id,
  }).onConflictDoNothing().returning({ id: coachingActions.id });
  const id = made?.id ?? (await db.select({ id: coachingActions.id }).from(coachingActions).where(and(
    eq(coachingActions.ikeaWeekId, week.id),
    eq(coachingActions.offTargetArea, input.measure),
    eq(coachingActions.driverId, da.id),
  )))[0].id;
  return { created: !!made, action: (await getAction(db, viewer, id, "ikea"))! };
}
