// DELETE api/da-daily-report/{id}/: the 'forever' delete of a whole shift report, for the two privileged
// roles (the route checks 'shift.delete'). Station-scoped in the SQL: a report of another station is
// "Not found.". Its rows go with it (ON DELETE CASCADE), which frees their vans and scanners for the day.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { shiftReports } from "../schema.ts";
import { notFound } from "../../errors.ts";
import type { Viewer } from "../../users/current-user.ts";

export async function deleteReport(db: Db, viewer: Pick<Viewer, "stationIds">, id: number): Promise<void> {
  const gone = await db.delete(shiftReports).where(and(
    eq(shiftReports.id, id),
    inArray(shiftReports.stationId, viewer.stationIds.length ? viewer.stationIds : [-1]),
  )).returning({ id: shiftReports.id });
  if (gone.length === 0) throw notFound();
}
