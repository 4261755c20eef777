// Falcon's writes (03 2.8, 7): a day's planned routes (only for the current or a later week of the
// current year, policy in calc.ts) and a day's comment with its match flag, each one upsert.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { falconComments, falconPlans } from "./schema.ts";
import type { CommentInput, PlanInput } from "./inputs.ts";
import type { CommentSavedDto, PlanSavedDto } from "./dto.ts";
import { planEditRefusal } from "./calc.ts";
import { planNotEditable } from "./errors.ts";
import { commentItems, falconToday, stationOf } from "./queries.ts";

interface Editor {
  id: number;
  stationIds: readonly number[];
}

export async function savePlan(db: Queryable, viewer: Editor, input: PlanInput): Promise<PlanSavedDto> {
  await stationOf(db, input.station, viewer.stationIds);
  const refusal = planEditRefusal(input.date, await falconToday(db));
  if (refusal) throw planNotEditable(refusal);
  await db.insert(falconPlans).values({
    stationId: input.station,
    reportDate: input.date,
    routes: input.routes,
    updatedById: viewer.id,
  }).onConflictDoUpdate({
    target: [falconPlans.stationId, falconPlans.reportDate],
    set: { routes: input.routes, updatedById: viewer.id, updatedAt: sql`now()` },
  });
  return { station: input.station, report_date: input.date, number_of_routes: input.routes };
}

export async function saveComment(
  db: Queryable,
  viewer: Editor,
  input: CommentInput,
): Promise<CommentSavedDto> {
  await stationOf(db, input.station, viewer.stationIds);
  const [row] = await db.insert(falconComments).values({
    stationId: input.station,
    reportDate: input.date,
    comment: input.comment.trim(),
    isMatch: input.matchStatus,
    updatedById: viewer.id,
  }).onConflictDoUpdate({
    target: [falconComments.stationId, falconComments.reportDate],
    set: {
      comment: input.comment.trim(),
      isMatch: input.matchStatus,
      updatedById: viewer.id,
      updatedAt: sql`now()`,
    },
  }).returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: !!row?.created, data: await commentItems(db, input.station, input.date, input.date) };
}
