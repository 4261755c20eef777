// OpenAPI registry entries: daily operations: the board and budgets, daily operations: the tracker. lib/web/openapi.ts assembles the document.
import { z } from "zod";
import {
  budgetInput,
  budgetPatchInput,
  createReportInput,
  recordPatchInput,
  reportPatchInput,
  serialAssignmentInput,
} from "../../shifts/inputs.ts";
import { boardListQuery, duplicateQuery } from "../../shifts/board/inputs.ts";
import { shiftUploadFields } from "../../shifts/inputs.ts";
import { budgetListQuery } from "../../budgets/inputs.ts";
import { NOTIFY_KINDS } from "../../shifts/notify.ts";
import { type Operation, PAGED } from "./types.ts";

// Parsed inline in routes/api/da-daily-report-record.ts and routes/api/send-message-for-drivers.ts; repeated here.
const addRecordInput = z.object({ report: z.number().int().min(1) });
const notifyInput = z.object({
  da_tracker_id: z.number().int().min(1),
  message_type: z.enum(NOTIFY_KINDS as ["shift_attendance", "shift_status"]).optional(),
  dry_run: z.boolean().optional().describe(
    "Answer who would get what (recipients, skipped, texts); write nothing",
  ),
});
// routes/api/da-daily-report/[id]/changes.ts reads ?since= with parseCursor (an ISO time; absent = everything).
const changesQuery = z.object({
  since: z.string().optional().describe(
    "The previous answer's cursor (an ISO date-time); absent for everything",
  ),
});

export const shiftsOperations: readonly Operation[] = [
  // ------------------------------------------------------------------ daily operations: the board and budgets
  {
    method: "GET",
    path: "/api/da-daily-report/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The shift reports board",
    description: "The viewer's stations' reports, newest date first, with every filter of the board.",
    query: boardListQuery,
    response: PAGED,
  },
  {
    method: "POST",
    path: "/api/da-daily-report/",
    tag: "shifts",
    auth: "shifts.create",
    summary: "Create a shift report with `rows` blank rows",
    body: createReportInput,
    status: 201,
    response: "The new report as a board row",
    errors: {
      400:
        "Not valid, or `shift.date_expired`, or `shift.duplicate`: `{detail, code, station, id}` naming the " +
        "station's report of that day",
    },
  },
  {
    method: "POST",
    path: "/api/is-shift-duplicate/",
    tag: "shifts",
    auth: "shifts.create",
    summary: "Which of the viewer's stations already have a report on a date",
    body: duplicateQuery,
    response: "`{results: [{station__id, id}]}`",
  },
  {
    method: "GET",
    path: "/api/budget/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Budgets of the viewer's stations, newest first",
    description: "`month` + `year` narrow it to one month.",
    query: budgetListQuery,
    response: PAGED,
  },
  {
    method: "POST",
    path: "/api/budget/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Add a budget (one per station and month)",
    body: budgetInput,
    status: 201,
    response: "The new budget",
  },
  {
    method: "PATCH",
    path: "/api/budget/{id}/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Change a budget's numbers",
    description: "Refused outside the budget's own month.",
    body: budgetPatchInput,
    response: "The budget",
  },
  {
    method: "DELETE",
    path: "/api/budget/{id}/",
    tag: "budgets",
    auth: "budgets.manage",
    summary: "Delete a budget",
    status: 204,
    response: "Deleted",
  },

  // ------------------------------------------------------------------ daily operations: the tracker
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "A daily report with its rows (the tracker)",
    response:
      "`{report, records}`: each row with `locked`, `lock_reason` (the words shown on hover) and `can_delete` for the viewer",
  },
  {
    method: "PATCH",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Change the report's header people and the DA 2 switch",
    body: reportPatchInput,
    response: "The report",
  },
  {
    method: "DELETE",
    path: "/api/da-daily-report/{id}/",
    tag: "shifts",
    auth: "shift.delete",
    summary: "Delete a daily report",
    status: 204,
    response: "Deleted",
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/changes/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "Rows changed since a cursor (polled by open trackers)",
    query: changesQuery,
    response: "The changed rows, every row id, the report and the next cursor",
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/pdf/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The tracker's printable PDF",
    response: "application/pdf 'Shift report {station} {DD MMM yyyy}.pdf'",
    download: true,
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/pdf-preview/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The rows the PDF prints",
    response: "`{rows: [{number, fleet_no, route, wave, da, da2}], show_da2, file_name}`",
  },
  {
    method: "POST",
    path: "/api/upload-xlsx-shift-data/",
    tag: "shifts",
    auth: "shifts.upload",
    summary: "Upload the day's routes file (.xlsx) onto a report",
    description: "The spec's payload is xlsx_file and shift_date: without `report`, the file goes onto the " +
      "station's report for shift_date (made when there is none); the station is `station`, or the viewer's " +
      "only one (else 400 `shift_upload.station_needed`).",
    file: "xlsx_file",
    body: shiftUploadFields,
    response: "`{detail, upload_id, updated, created, unchanged, unmatched, warnings}`",
    errors: { 403: "The report is closed", 413: "The file is over the upload limit" },
  },
  {
    method: "GET",
    path: "/api/da-daily-report/{id}/options/",
    tag: "shifts",
    auth: "shifts.read",
    summary: "The tracker's pickers",
    response: "The station's active DAs, staff, free scanners and the fleet sizes",
  },
  {
    method: "POST",
    path: "/api/da-daily-report-record/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Add a blank row at the end of a report",
    description: "Refused when the report is closed.",
    body: addRecordInput,
    status: 201,
    response: "The new row",
  },
  {
    method: "PATCH",
    path: "/api/da-daily-report-record/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Change fields of one tracker row",
    description: "`version` (optional; or an `If-Match: <version>` header) is the row version the editor " +
      "saw: a field someone changed after it is a 409. Without it only the fields sent change (field-level " +
      "merge, no conflict check). Role and status need a DA (`shift.role_before_driver`, " +
      "`shift.status_before_driver`), except setting a cancelled row without a DA back. A row that becomes " +
      "cancelled or rejected (role 7, 9, 10; status 2, 3) gives its van back for the day, keeping its number " +
      "as `fleet_number` and its size as `cancelled_fleet_size`. " +
      "A van size with no free van is written with the van cleared, then answered 404 `tracker.no_free_vans`.",
    body: recordPatchInput,
    response: "The row",
    errors: {
      404:
        "No such row (`common.not_found`), or `tracker.no_free_vans`: `{detail, code, fleet_size, record}` " +
        "with the row as written",
      409: "The row changed since the editor saw it: `{detail, code: 'tracker.conflict', field, record}`",
    },
  },
  {
    method: "DELETE",
    path: "/api/da-daily-report-record/{id}/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Delete a tracker row",
    status: 204,
    response: "Deleted",
  },
  {
    method: "POST",
    path: "/api/serial-number-assignment/",
    tag: "shifts",
    auth: "shifts.edit",
    summary: "Assign a row's rabbit and dolly scanners (0 clears a slot)",
    description: "`version` is optional, as for the row PATCH (or `If-Match`): without it only the slots " +
      "sent change; with a stale one a slot someone changed since is a 409.",
    body: serialAssignmentInput,
    response: "The row",
    errors: {
      409: "The row changed since the editor saw it: `{detail, code: 'tracker.conflict', field, record}`",
    },
  },
  {
    method: "POST",
    path: "/api/send-message-for-drivers/",
    tag: "shifts",
    auth: "shifts.notify",
    summary: "Notify drivers of the report's unpublished statuses (SMS through the outbox)",
    body: notifyInput,
    response: "What was queued (`sent`, the skipped counts, `batch`, `outbox_url`); with `dry_run`, " +
      "`{dry_run, count, recipients: [{name, number, kind, body}], skipped: [{name, number, reason, why}]}`",
  },
];
