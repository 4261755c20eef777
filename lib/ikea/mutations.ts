// Writes of the IKEA check screens: one typed figure of a week (management only, server enforced).
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { mayEditWeek } from "../checks/policy.ts";
import { ikeaDays, ikeaWeeks } from "./schema.ts";
import { ikeaTotals } from "./calc.ts";
import type { IkeaDayPatch, IkeaWeekPatch } from "./inputs.ts";
import type { IkeaDayFigure, IkeaWeekDetailDto, IkeaWeekDto } from "./dto.ts";
import { getIkeaWeek, getIkeaWeekDetail, ikeaWeekIdOfDay } from "./queries.ts";
import { ikeaManagementOnly } from "./errors.ts";

type EditViewer = Pick<Viewer, "id" | "role" | "stationIds">;

const COLUMN = {
  infraction: "infraction",
  reliability_score: "reliabilityScore",
  tenured_da: "tenuredDa",
  employee_satisfaction_survey: "employeeSatisfactionSurvey",
  dcr: "dcr",
  oa: "oa",
  mc: "mc",
  dcr_da_off_target: "dcrDaOffTarget",
  oa_da_off_target: "oaDaOffTarget",
  mc_da_off_target: "mcDaOffTarget",
} as const;

/** update ikea weekly row: one figure; answers the updated row. */
export async function updateIkeaWeek(
  db: Queryable,
  viewer: EditViewer,
  id: number,
  patch: IkeaWeekPatch,
): Promise<IkeaWeekDto> {
  await getIkeaWeek(db, viewer, id); // scoping first: a week elsewhere is not found, whoever asks
  if (!mayEditWeek(viewer.role)) throw ikeaManagementOnly();
  const [field, value] = Object.entries(patch)[0] as [keyof typeof COLUMN, number | null];
  await db.update(ikeaWeeks).set({ [COLUMN[field]]: value, editedById: viewer.id, updatedAt: new Date() })
    .where(eq(ikeaWeeks.id, id));
  return await getIkeaWeek(db, viewer, id);
}

/**
 * update ikea day data: one figure of a weekday (management only); the week's scores and DAs off target
 * become the Total of its days (calc.ts ikeaTotals) in the same transaction. Answers the week page.
 */
export async function updateIkeaDay(
  db: Queryable,
  viewer: EditViewer,
  dayId: number,
  patch: IkeaDayPatch,
): Promise<IkeaWeekDetailDto> {
  const weekId = await ikeaWeekIdOfDay(db, viewer, dayId);
  if (!mayEditWeek(viewer.role)) throw ikeaManagementOnly();
  const [field, value] = Object.entries(patch)[0] as [IkeaDayFigure, number | null];
  await db.transaction(async (tx) => {
    await tx.update(ikeaDays).set({ [COLUMN[field]]: value, editedById: viewer.id }).where(
      eq(ikeaDays.id, dayId),
    );
    const days = (await getIkeaWeekDetail(tx, viewer, weekId)).daily_checks;
    const totals = Object.entries(ikeaTotals(days)).map(([k, v]) => [COLUMN[k as IkeaDayFigure], v]);
    await tx.update(ikeaWeeks).set({
      ...Object.fromEntries(totals),
      editedById: viewer.id,
      updatedAt: new Date(),
    })
      .where(eq(ikeaWeeks.id, weekId));
  });
  return await getIkeaWeekDetail(db, viewer, weekId);
}
