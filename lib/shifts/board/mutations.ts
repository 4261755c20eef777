// POST api/da-daily-report/ (02 sections 2, 5 "Create shift"): a station's report for a day with N blank rows,
// in one transaction. Refused: a station that is not the viewer's (403), a date before today without
// old-shift access (400 'The date has expired...'), and a second report for the same station and day (400
// 'Shift, for selected date and station, already added*' with the existing report's id).
import type { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { shiftRecords, shiftReports } from "../schema.ts";
import type { createReportInput } from "../inputs.ts";
import { canCreateForDate } from "../locks.ts";
import { stored, weekOf } from "../../dates/weeks.ts";
import { todayIn } from "../../dates/periods.ts";
import { getTimeZone } from "../../settings/queries.ts";
import { blankRecord } from "../tracker/mutations.ts";
import type { BoardReportDto } from "./dto.ts";
import { boardReportById, type BoardViewer } from "./queries.ts";
import { dateExpired, duplicateShift, foreignStation } from "../errors.ts";

export type CreateReportInput = z.infer<typeof createReportInput>;

export async function createReport(
  db: Db,
  viewer: BoardViewer,
  input: CreateReportInput,
): Promise<BoardReportDto> {
  if (!viewer.stationIds.includes(input.station)) throw foreignStation(input.station);
  const today = todayIn(await getTimeZone(db));
  if (!canCreateForDate(input.report_date, today, { canCreateOldShifts: viewer.can_create_old_shifts })) {
    throw dateExpired();
  }
  const week = weekOf(input.report_date);
  return await db.transaction(async (tx) => {
    // ON CONFLICT: two people creating the same station's day at once get one report and one refusal.
    const [created] = await tx.insert(shiftReports).values({
      stationId: input.station,
      reportDate: input.report_date,
      weekNumber: stored(week.week),
      year: week.year,
      hasSecondDriver: input.has_second_driver,
      createdById: viewer.id,
      editedById: viewer.id,
    }).onConflictDoNothing({ target: [shiftReports.stationId, shiftReports.reportDate] })
      .returning({ id: shiftReports.id });
    if (!created) {
      const [existing] = await tx.select({ id: shiftReports.id }).from(shiftReports)
        .where(
          and(eq(shiftReports.stationId, input.station), eq(shiftReports.reportDate, input.report_date)),
        );
      throw duplicateShift(existing.id);
    }
    if (input.rows > 0) {
      const blank = {
        ...blankRecord({ id: created.id, reportDate: input.report_date }),
        updatedById: viewer.id,
      };
      await tx.insert(shiftRecords).values(Array.from({ length: input.rows }, () => blank));
    }
    return (await boardReportById(tx, viewer, created.id))!;
  });
}
