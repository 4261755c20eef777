// Writes of the check screens: the typed figures (in transactions, scoped and guarded by policy.ts), and
// the check upload: two files through the import machinery in one transaction, then the week rebuilt.
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { importFile } from "../imports/store.ts";
import type { ImportDialog } from "../imports/dto.ts";
import { forbidden } from "../errors.ts";
import { can } from "../auth/permissions.ts";
import { checkDays, checkWeeks } from "./schema.ts";
import type { CheckDayPatch, CheckWeekPatch } from "./inputs.ts";
import type { CheckDayDto, CheckUploadDto, CheckWeekDetailDto } from "./dto.ts";
import { getCheckWeek, stationChoices, weekIdOfDay } from "./queries.ts";
import { mayEditDay, mayEditWeek } from "./policy.ts";
import { dayReadOnly, managementOnly, uploadMismatch, uploadUnrouted } from "./errors.ts";
import { routeStationTag } from "./calc.ts";
import { CHECK_STATION_TAGS } from "./config.ts";
import { buildCheckWeek } from "./build.ts";

type EditViewer = Pick<Viewer, "id" | "role" | "stationIds">;

/** update check weekly data: whc off-target or employee satisfaction (management only). */
export async function updateCheckWeek(
  db: Queryable,
  viewer: EditViewer,
  id: number,
  patch: CheckWeekPatch,
): Promise<CheckWeekDetailDto> {
  await getCheckWeek(db, viewer, id); // scoping first: a week elsewhere is not found, whoever asks
  if (!mayEditWeek(viewer.role)) throw managementOnly();
  const set = "whc_da_off_target" in patch
    ? { whcDaOffTarget: patch.whc_da_off_target }
    : { employeeSatisfaction: patch.employee_satisfaction };
  await db.update(checkWeeks).set({ ...set, editedById: viewer.id }).where(eq(checkWeeks.id, id));
  return await getCheckWeek(db, viewer, id);
}

/** update check-table day data: dsb or violation of one day; answers the updated day record. */
export async function updateCheckDay(
  db: Queryable,
  viewer: EditViewer,
  dayId: number,
  patch: CheckDayPatch,
): Promise<CheckDayDto> {
  const weekId = await weekIdOfDay(db, viewer, dayId);
  if (!mayEditDay(viewer.role)) throw dayReadOnly();
  const set = "dsb" in patch ? { dsb: patch.dsb } : { violation: patch.violation };
  await db.update(checkDays).set({ ...set, editedById: viewer.id }).where(eq(checkDays.id, dayId));
  const week = await getCheckWeek(db, viewer, weekId);
  return week.daily_checks.find((d) => d.id === dayId)!;
}

export interface CheckFile {
  fileName: string;
  bytes: Uint8Array;
  contentType?: string;
}

/** Which import dialog a check file goes through: the overview, or a quality/DNR CSV. */
const dialogOf = (fileName: string): ImportDialog =>
  /overview/i.test(fileName) ? "csv" : /dsb|dnr|concession/i.test(fileName) ? "dnr" : "quality";

/**
 * upload check csv: the first file routes the upload by the fifth '_' segment of its name (a station of
 * the viewer's tagged DON9/HYZ1); both files are imported in one transaction (either both are in, or
 * neither), must name that station and the same week, and the week is rebuilt. The same files twice change
 * nothing.
 */
export async function uploadCheckCsv(
  db: Queryable,
  viewer: EditViewer,
  file1: CheckFile,
  file2: CheckFile,
): Promise<CheckUploadDto> {
  if (!can(viewer.role, "import.upload")) throw forbidden();
  const tag = routeStationTag(file1.fileName);
  const station = (await stationChoices(db, viewer)).find((s) => s.tag.toUpperCase() === tag);
  if (!station) throw uploadUnrouted(file1.fileName, tag, CHECK_STATION_TAGS);
  return await db.transaction(async (tx) => {
    const first = await importFile(tx, viewer, { dialog: dialogOf(file1.fileName), ...file1 });
    const second = await importFile(tx, viewer, { dialog: dialogOf(file2.fileName), ...file2 });
    for (const [f, out] of [[file1, first], [file2, second]] as const) {
      if (out.import.station.id !== station.id) {
        throw uploadMismatch(
          `${f.fileName} is for ${out.import.station.tag}, not ${station.tag}.`,
          f.fileName,
        );
      }
    }
    if (first.import.week !== second.import.week) {
      throw uploadMismatch(
        `the two files are for different weeks (${first.import.week} and ${second.import.week}).`,
        file2.fileName,
      );
    }
    const weekId = await buildCheckWeek(tx, station.id, first.import.week);
    return {
      station,
      week: first.import.week,
      check_week_id: weekId,
      files: [
        { file_name: file1.fileName, status: first.status },
        { file_name: file2.fileName, status: second.status },
      ],
    };
  });
}
