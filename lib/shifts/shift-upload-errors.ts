// The refusals of the routes-file upload (codes `shift_upload.*`): a file that is not a routes file, and a
// file none of whose rows could be placed on the report. The report's own refusals (closed, wrong date) are
// the tracker's (tracker/errors.ts); a row breaking a transition rule is a RuleError (errors.ts).
import { DomainError } from "../errors.ts";

export const SHIFT_UPLOAD = {
  badFile: "shift_upload.bad_file",
  unmatched: "shift_upload.unmatched",
  stationNeeded: "shift_upload.station_needed",
} as const;

/** A file row and why it was not used, or what was left out of it (shift-xlsx.ts RowNote). */
type FileRowNote = { row: number; reason: string };

/** The file is not a routes file this upload reads: '<file>: <why>', under `file` too. */
export const badShiftFile = (fileName: string, why: string) =>
  new DomainError(SHIFT_UPLOAD.badFile, "invalid", `${fileName}: ${why}`, { field: "file" });

/** No row of the file could be placed: the body lists why for each row (`unmatched`) and the `warnings`. */
export const nothingPlaced = (fileName: string, unmatched: FileRowNote[], warnings: FileRowNote[]) =>
  new DomainError(
    SHIFT_UPLOAD.unmatched,
    "invalid",
    `${fileName}: no row of the file could be placed on this report. Nothing was uploaded.`,
    { data: { unmatched, warnings } },
  );

/** No `report` and no `station`, and the viewer works at several stations: which station's day is it? */
export const stationNeeded = () =>
  new DomainError(
    SHIFT_UPLOAD.stationNeeded,
    "invalid",
    "Send `station` (or `report`): you work at several stations, so the day's report is not known.",
    { field: "station" },
  );
