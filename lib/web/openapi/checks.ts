// OpenAPI registry entries: quality checks and the scoreboard (03 sections 2.1, 2.2, 2.5, 7), issue 12.
import { checkDayPatch, checkListQuery, checkWeekPatch } from "../../checks/inputs.ts";
import { blockInput, notifyInput, scoreboardQuery } from "../../scoreboard/inputs.ts";
import { actionListQuery, actionPatch, fromCheckInput, fromIkeaInput } from "../../actions/inputs.ts";
import { ikeaDayPatch, ikeaListQuery, ikeaWeekPatch } from "../../ikea/inputs.ts";
import type { Operation } from "./types.ts";

export const checksOperations: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/check-weekly/",
    tag: "checks",
    auth: "checks.read",
    summary: "get check weekly list",
    description:
      "The station's check weeks, newest first (station: one of the caller's stations tagged DON9 " +
      "or HYZ1; default station 1, else the first). `page` is one-based. With `date_from`/`date_to`, " +
      "`average` holds the mean of the loaded rows.",
    query: checkListQuery,
    response:
      "`{count, results: [{id, station, year, week_number, week_start, target, scores, off_target}], " +
      "average}`",
    errors: { 404: "`check.station_not_offered`: not one of the caller's check stations" },
  },
  {
    method: "GET",
    path: "/api/check-weekly/{id}/",
    tag: "checks",
    auth: "checks.read",
    summary: "get check weekly data by days",
    response: "The week with `names` (DAs off target per measure) and `daily_checks` (Sunday to Saturday)",
    errors: { 404: "`check.not_found`" },
  },
  {
    method: "PATCH",
    path: "/api/check-weekly/{id}/",
    tag: "checks",
    auth: "checks.editWeek",
    summary: "update check weekly data",
    description: "One field: `whc_da_off_target` or `employee_satisfaction` (whole number >= 0, or null).",
    body: checkWeekPatch,
    response: "The week, as GET answers it",
    errors: { 403: "`check.management_only`", 404: "`check.not_found`" },
  },
  {
    method: "PATCH",
    path: "/api/check-daily/{id}/",
    tag: "checks",
    auth: "checks.editDay",
    summary: "update check-table day data",
    description: "One field: `dsb` or `violation` (whole number >= 0, or null). Read-only for role 1.",
    body: checkDayPatch,
    response: "The updated day record",
    errors: { 403: "`check.read_only`", 404: "`check.not_found`" },
  },
  {
    method: "POST",
    path: "/api/upload-check-csv/",
    tag: "checks",
    auth: "import.upload",
    summary: "upload check csv",
    description:
      "file1 (e.g. Quality_DSB_DNR_<DSP>_<STN>_<week>.csv) and file2 (the overview CSV). The fifth " +
      "'_'-separated part of file1's name is the station code and must be one of the caller's stations " +
      "tagged DON9 or HYZ1. Both files are imported in one transaction (both or neither), must be for that " +
      "station and the same week; the check week is then rebuilt. The same files again change nothing (200).",
    file: ["file1", "file2"],
    status: 201,
    response: "`{station, week, check_week_id, files: [{file_name, status}]}`",
    errors: {
      400: "`check.upload_unrouted`, `check.upload_mismatch`, or the import's refusal of a file " +
        "(`import.*`, naming the file and where it went wrong)",
      413: "A file is over the upload limit",
    },
  },

  {
    method: "GET",
    path: "/api/scoreboard/",
    tag: "scoreboard",
    auth: "scoreboard.read",
    summary: "dashboard (scoreboard) list",
    description:
      "Every DA a file of the station's week names (station: one of the caller's stations tagged " +
      "DON9, HYZ1, DTO3 or DON8). `week` is 1-based; without year and week, the newest week with rows. " +
      "`search` matches name or transporter id. Default ordering `-points_total`.",
    query: scoreboardQuery,
    response: "`{count, results: [scoreboard rows of 03 section 3], report: {week_total_score, " +
      "week_total_tier}, station, year, week, shows_dsb}`",
    errors: { 404: "`check.station_not_offered`: not one of the caller's scoreboard stations" },
  },
  {
    method: "POST",
    path: "/api/scoreboard/block/",
    tag: "scoreboard",
    auth: "scoreboard.block",
    summary: "block driver notification",
    description: "The row's DA gets no messages while `ignore_sms` is true (the DA's own switch).",
    body: blockInput,
    response: "`{id, ignore_sms}`",
    errors: {
      400: "`scoreboard.no_da`: no DA holds the row's transporter id",
      404: "`scoreboard.row_not_found`",
    },
  },
  {
    method: "POST",
    path: "/api/scoreboard/notify/",
    tag: "scoreboard",
    auth: "scoreboard.notify",
    summary: "send notification to drivers",
    description:
      "Each DA of the station's week gets their week summary by SMS through the outbox; blocked DAs " +
      "and DAs without a mobile are skipped and counted.",
    body: notifyInput,
    response: "`{detail: 'Message was sent!', sent, skipped_blocked, skipped_no_mobile}`",
  },

  {
    method: "GET",
    path: "/api/actions/",
    tag: "actions",
    auth: "actions.read",
    summary: "get action list",
    description:
      "The station's AMZN coaching actions (`customer` 'amzn'; one of the caller's DON9/HYZ1 stations), " +
      "default ordering " +
      "`-week_number`; every filter of the drawer.",
    query: actionListQuery,
    response: "`{count, results: [{id, get_week_number, year, get_week_day, off_target_area, action, " +
      "driver_fullname, transporter_id, owner, owner_name, due_date, status, coaching_count, comments}]}`",
    errors: { 404: "`check.station_not_offered`" },
  },
  {
    method: "PATCH",
    path: "/api/actions/{id}/",
    tag: "actions",
    auth: "actions.edit",
    summary: "update action row",
    body: actionPatch,
    response: "The updated row",
    errors: { 400: "`action.owner_not_found`", 404: "`action.not_found`" },
  },
  {
    method: "POST",
    path: "/api/actions/from-check/",
    tag: "actions",
    auth: "actions.edit",
    summary: "Make actions for a check week's off-target DAs",
    description:
      "For the measure's off-target DAs of the week: the one `transporter_id`, or all. An action " +
      "for the same DA, measure and week is not made twice (200 with `created: 0`).",
    body: fromCheckInput,
    status: 201,
    response: "`{created, actions}`",
    errors: { 400: "`action.nobody_off_target`", 404: "`check.not_found`" },
  },
  {
    method: "GET",
    path: "/api/super-users/",
    tag: "actions",
    auth: "actions.read",
    summary: "get super users list",
    response:
      "`{results: [{id, first_name, last_name}]}`: supervisors, managers and owners of the caller's stations",
  },
  {
    method: "GET",
    path: "/api/ikea-weekly/",
    tag: "checks",
    auth: "ikea.read",
    summary: "get ikea weekly list",
    description:
      "The station's IKEA weeks, newest first (station: one of the caller's stations tagged for IKEA, " +
      "default DTO3 or DON8). `page` is one-based. With `date_from`/`date_to`, `average` holds the mean of " +
      "the loaded rows.",
    query: ikeaListQuery,
    response: "`{count, results: [{id, station, year, week_number, week_start, target, dcr, " +
      "dcr_da_off_target, oa, oa_da_off_target, mc, mc_da_off_target, infraction, reliability_score, " +
      "tenured_da, employee_satisfaction_survey}], average}`",
    errors: { 404: "`check.station_not_offered`: not one of the caller's IKEA stations" },
  },
  {
    method: "PATCH",
    path: "/api/ikea-weekly/{id}/",
    tag: "checks",
    auth: "ikea.edit",
    summary: "update ikea weekly row",
    description: "One field: infraction, reliability_score, tenured_da, employee_satisfaction_survey " +
      "(whole number >= 0, or null), or dcr, oa, mc (percent) and their `_da_off_target`. Management only.",
    body: ikeaWeekPatch,
    response: "The updated row",
    errors: { 403: "`ikea.management_only`", 404: "`ikea.not_found`" },
  },
  {
    method: "GET",
    path: "/api/ikea-weekly/{id}/",
    tag: "checks",
    auth: "ikea.read",
    summary: "get ikea weekly data by days",
    response: "The week row with `daily_checks` (Sunday to Saturday: dcr, oa, mc and their `_da_off_target`)",
    errors: { 404: "`ikea.not_found`" },
  },
  {
    method: "PATCH",
    path: "/api/ikea-daily/{id}/",
    tag: "checks",
    auth: "ikea.edit",
    summary: "update ikea day data",
    description: "One field of a weekday: dcr, oa, mc (percent) or their `_da_off_target` (whole number). " +
      "The week's figures become the Total of its days. Management only.",
    body: ikeaDayPatch,
    response: "The week, as GET api/ikea-weekly/{id}/ answers it",
    errors: { 403: "`ikea.management_only`", 404: "`ikea.not_found`" },
  },
  {
    method: "GET",
    path: "/api/ikea-actions/",
    tag: "actions",
    auth: "ikeaActions.read",
    summary: "get ikea action list",
    description: "As GET /api/actions/, for the IKEA actions (`customer` 'ikea') of one of the caller's " +
      "stations tagged for IKEA (default DTO3 or DON8). AMZN actions are never listed here, nor IKEA ones there.",
    query: actionListQuery,
    response: "As GET /api/actions/",
    errors: { 404: "`check.station_not_offered`" },
  },
  {
    method: "PATCH",
    path: "/api/ikea-actions/{id}/",
    tag: "actions",
    auth: "ikeaActions.edit",
    summary: "update ikea action row",
    body: actionPatch,
    response: "The updated row",
    errors: { 400: "`action.owner_not_found`", 404: "`action.not_found` (also for an AMZN action)" },
  },
  {
    method: "POST",
    path: "/api/ikea-actions/from-week/",
    tag: "actions",
    auth: "ikeaActions.edit",
    summary: "Make an IKEA action for a DA in a measure the IKEA week is off target in",
    description: "The measure (dcr, oa, mc) must be off target that week: its Total or a day's score below " +
      "the target, or DAs counted off target. The DA is one of the week's station's DAs, picked by hand. " +
      "The same DA, measure and week again answers 200 with `created: false` and the existing action.",
    body: fromIkeaInput,
    status: 201,
    response: "`{created, action}`",
    errors: { 400: "`action.on_target`, `action.da_not_found`", 404: "`ikea.not_found`" },
  },
];
